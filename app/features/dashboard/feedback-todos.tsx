import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";
import { RowLink } from "~/components/ui/row-link";
import { formatCount } from "~/lib/count";

export interface FeedbackTodoRow {
  id: string;
  /** The application's Feedback tab, at the member's own scorecard. */
  href: string;
  candidateName: string;
  jobTitle: string;
  /** When the feedback became due (an ISO instant). */
  dueSince: string;
  /** The interview whose end made it due; null when they were asked. */
  interviewTitle: string | null;
  askedBy: string | null;
}

/** The dashboard's "Feedback to submit" (issue 15): the member's own scorecards still owed, the longest due first. */
export function FeedbackTodos({ rows, total, failed }: { rows: FeedbackTodoRow[]; total: number; failed: boolean }) {
  return (
    <Panel id="feedback-todos" title="Feedback to submit">
      <p className="mt-1 text-xs text-slate-500">You were asked for feedback, or your interview has ended, and your scorecard is not submitted yet.</p>
      {failed ? (
        <p className="mt-3 text-sm text-red-700">Failed to load the feedback you owe.</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No feedback to submit.</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100">
            {rows.map((row, index) => (
              <li key={row.id} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <span className="min-w-0 text-sm">
                  <RowLink to={row.href} discover={index === 0} className="font-medium text-slate-900 hover:text-brand-700">
                    {row.candidateName}
                  </RowLink>
                  <span className="block text-xs text-slate-500">{row.jobTitle}</span>
                </span>
                <span className="shrink-0 text-xs text-slate-500">
                  {row.interviewTitle ? `${row.interviewTitle} ended ` : `Asked${row.askedBy ? ` by ${row.askedBy}` : ""} `}
                  <LocalDate value={row.dueSince} />
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500" data-testid="feedback-todos-count">
            {rows.length} of {formatCount(total)}, the longest due first.
          </p>
        </>
      )}
    </Panel>
  );
}
