import { Badge } from "~/components/ui/badge";
import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";
import { RowLink } from "~/components/ui/row-link";
import { formatCount } from "~/lib/count";

export interface WaitingCandidateRow {
  id: string;
  /** A decision: the application's Feedback tab; a new application: its page. */
  href: string;
  candidateName: string;
  jobTitle: string;
  reason: "decision" | "new";
  /** Since when (an ISO instant): the last scorecard's submission, or the application. */
  waitingSince: string;
  scorecards: number;
}

/**
 * The dashboard's "Candidates waiting on you" (issue 15): on the member's hiring teams' jobs, those
 * whose feedback is in and who were not moved since, then this week's new applications nobody has
 * looked at; the longest waiting first.
 */
export function WaitingCandidates({
  rows,
  decisions,
  newApplications,
  newDays,
  failed,
}: {
  rows: WaitingCandidateRow[];
  decisions: number;
  newApplications: number;
  newDays: number;
  failed: boolean;
}) {
  const total = decisions + newApplications;
  return (
    <Panel id="waiting-candidates" title="Candidates waiting on you">
      <p className="mt-1 text-xs text-slate-500">
        On your hiring teams' jobs: feedback is in and they have not moved since, then new applications of the last {newDays} days still in the first stage.
      </p>
      {failed ? (
        <p className="mt-3 text-sm text-red-700">Failed to load the candidates waiting on you.</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Nobody is waiting on you.</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100">
            {rows.map((row, index) => (
              <li key={row.id} className="flex items-start justify-between gap-3 py-3">
                <span className="min-w-0 text-sm">
                  <RowLink to={row.href} discover={index === 0} className="font-medium text-slate-900 hover:text-brand-700">
                    {row.candidateName}
                  </RowLink>
                  <span className="block text-xs text-slate-500">
                    {row.jobTitle} ·{" "}
                    {row.reason === "decision" ? (
                      <>
                        {row.scorecards === 1 ? "1 scorecard" : `${row.scorecards} scorecards`}, the last <LocalDate value={row.waitingSince} />
                      </>
                    ) : (
                      <>
                        Applied <LocalDate value={row.waitingSince} />
                      </>
                    )}
                  </span>
                </span>
                <span className="shrink-0">{row.reason === "decision" ? <Badge tone="green">Decision</Badge> : <Badge tone="blue">New</Badge>}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500" data-testid="waiting-candidates-count">
            {rows.length} of {formatCount(total)}: {formatCount(decisions)} ready for a decision, {formatCount(newApplications)} new.
          </p>
        </>
      )}
    </Panel>
  );
}
