import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";
import { RowLink } from "~/components/ui/row-link";
import { formatCount } from "~/lib/count";

export interface ErasureRequestRow {
  id: string;
  /** The candidate's page, at its "Their data" panel. */
  href: string;
  candidateName: string;
  /** When they asked, and when the answer is due (a month on), as ISO instants. */
  requestedAt: string;
  dueAt: string;
  /** The answer is late. */
  overdue: boolean;
}

/**
 * The dashboard's "Erasure requests" (decision 119), for admins and only while there are any: the
 * candidates who asked from their own page to be erased, the oldest first, each with the day its
 * answer is due.
 */
export function ErasureRequests({ rows, total }: { rows: ErasureRequestRow[]; total: number }) {
  return (
    <Panel id="erasure-requests" title="Erasure requests" className="mt-8">
      <p className="mt-1 text-xs text-slate-500">Candidates who asked to be erased. Erase them, or reply to say why some data must be kept, within a month.</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {rows.map((row, index) => (
          <li key={row.id} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <RowLink to={row.href} discover={index === 0} className="text-sm font-medium text-slate-900 hover:text-brand-700">
              {row.candidateName}
            </RowLink>
            <span className={`shrink-0 text-xs ${row.overdue ? "font-semibold text-red-700" : "text-slate-500"}`}>
              Asked <LocalDate value={row.requestedAt} /> · {row.overdue ? "overdue since" : "answer by"} <LocalDate value={row.dueAt} />
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500" data-testid="erasure-requests-count">
        {rows.length} of {formatCount(total)}, the oldest first.
      </p>
    </Panel>
  );
}
