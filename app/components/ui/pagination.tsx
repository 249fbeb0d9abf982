import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatCount } from "~/lib/count";

const PAGE_LINK = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * Previous and Next links of a paged list (keyset pages, decision 060): plain links, so they work
 * without JavaScript and with the keyboard, and the page is in the address to share.
 */
export function Pagination({ summary, previousHref, nextHref }: { summary?: ReactNode; previousHref: string | null; nextHref: string | null }) {
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm text-slate-600">
      <p>{summary}</p>
      <div className="flex gap-2">
        {previousHref ? (
          <Link to={previousHref} rel="prev" className={PAGE_LINK}>
            Previous
          </Link>
        ) : null}
        {nextHref ? (
          <Link to={nextHref} rel="next" className={PAGE_LINK}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/**
 * A list's count for its Pagination: "995,000 applications", "1 application", or "10,000+
 * applications" when the count stopped at its cap (decision 060).
 */
export function countSummary(list: { total: number; totalCapped: boolean }, one: string, many: string): string {
  const number = formatCount(list.total);
  if (list.totalCapped) return `${number}+ ${many}`;
  return `${number} ${list.total === 1 ? one : many}`;
}
