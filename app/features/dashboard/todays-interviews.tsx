import { Panel } from "~/components/ui/panel";
import { RowLink } from "~/components/ui/row-link";
import { safeLinkHref } from "~/schemas/note";

export interface TodaysInterview {
  id: string;
  /** The application's page, at its interviews. */
  href: string;
  title: string;
  candidateName: string;
  jobTitle: string;
  /** e.g. "10:00–10:45", in `timeZone`. */
  time: string;
  location: string;
}

/** The dashboard's "Today's interviews" (issue 14): the member's own, today where they are, the zone named. */
export function TodaysInterviews({ interviews, failed, timeZone }: { interviews: TodaysInterview[]; failed: boolean; timeZone: string }) {
  return (
    <Panel id="todays-interviews" title="Today's interviews" className="mt-8">
      {failed ? (
        <p className="mt-3 text-sm text-red-700">Failed to load today's interviews.</p>
      ) : interviews.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No interviews for you today.</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-500">Times in {timeZone}.</p>
          <ul className="mt-3 divide-y divide-slate-100">
            {interviews.map((interview) => {
              const href = safeLinkHref(interview.location);
              return (
                <li key={interview.id} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:gap-4">
                  <span className="w-28 shrink-0 text-sm font-semibold tabular-nums text-slate-900">{interview.time}</span>
                  <span className="min-w-0 text-sm">
                    <RowLink to={interview.href} className="font-medium text-slate-900 hover:text-brand-700">
                      {interview.title}: {interview.candidateName}
                    </RowLink>
                    <span className="block text-xs text-slate-500">
                      {interview.jobTitle}
                      {interview.location ? " · " : null}
                      {interview.location && href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all font-medium text-brand-700 underline hover:text-brand-800">
                          {interview.location}
                        </a>
                      ) : (
                        interview.location
                      )}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Panel>
  );
}
