import type { ReportsQuery } from "~/schemas/reports";
import { dayAfter, daysInOrder } from "./candidate-filters";

/** A job with no application and no move for this many days is quiet (the job health report, decision 104). */
export const QUIET_DAYS = 14;

/** How long a candidate waits in a stage before the speed report counts them as stuck, unless it says (`stuck`; decision 105). */
export const STUCK_DAYS = 14;

/** The days a report covers when none are given: a year up to today (decision 104). */
export const DEFAULT_REPORT_DAYS = 365;

/** A calendar date (YYYY-MM-DD) `days` days before another. */
export function daysBefore(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/**
 * The reports' filters as the page shows them and writes them into its links and CSV files: the
 * query read and made consistent. `today` is the reader's day (YYYY-MM-DD); dates typed the wrong way
 * round are the same range; a missing end is today, a missing start a year before the end.
 */
export function shownReportFilters(query: Partial<ReportsQuery>, today: string) {
  const [first, last] = daysInOrder(query.from, query.to);
  const to = last ?? (first && first > today ? first : today);
  const from = first ?? daysBefore(to, DEFAULT_REPORT_DAYS - 1);
  return {
    job: query.job,
    source: query.source,
    member: query.member,
    from,
    to,
    stuck: query.stuck ?? STUCK_DAYS,
    view: query.view ?? ("pipeline" as const),
  };
}

export type ShownReportFilters = ReturnType<typeof shownReportFilters>;

/** The query string of the filters (the page's own, a CSV file's), without empty values. */
export function reportSearch(filters: ShownReportFilters, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({
    ...extra,
    job: filters.job,
    source: filters.source,
    member: filters.member,
    from: filters.from,
    to: filters.to,
    stuck: filters.stuck === STUCK_DAYS ? undefined : String(filters.stuck),
    view: filters.view === "pipeline" ? undefined : filters.view,
  })) {
    if (value) params.set(key, value);
  }
  return params.toString();
}

/**
 * The applications list behind a number of a report (decision 104): the report's job, source, team
 * member and days, and what the number counts (`reached` a stage by name, `hired`, `interviewed`,
 * stuck in a stage by name, hired in a month; a week's days instead of the report's).
 */
export function applicationsBehind(
  filters: ShownReportFilters,
  counts: {
    reached?: string;
    source?: string;
    hired?: boolean;
    interviewed?: boolean;
    /** Waiting in this stage (by name) longer than the report's `stuck` days. */
    stuckIn?: string;
    /** Hired in this month (YYYY-MM). */
    hiredMonth?: string;
    /** Applied in these days (a week of the report) instead of the report's. */
    days?: { from: string; to: string };
  },
): string {
  const params = new URLSearchParams();
  if (filters.job) params.set("job", filters.job);
  const source = counts.source ?? filters.source;
  if (source) params.set("source", source);
  if (filters.member) params.set("member", filters.member);
  params.set("applied_from", counts.days?.from ?? filters.from);
  params.set("applied_to", counts.days?.to ?? filters.to);
  if (counts.reached) params.set("reached", counts.reached);
  if (counts.hired) params.set("hired", "1");
  if (counts.interviewed) params.set("interviewed", "1");
  if (counts.hiredMonth) params.set("hired_month", counts.hiredMonth);
  if (counts.stuckIn) {
    params.set("stuck_days", String(filters.stuck));
    params.set("stuck_in", counts.stuckIn);
  }
  return `/applications?${params.toString()}`;
}

/** The first day of the month after a month (YYYY-MM): YYYY-MM-DD. */
export function monthAfter(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 10);
}

export { dayAfter };
