import type { CandidatesQuery } from "~/schemas/candidate";

/** The day after a calendar date (YYYY-MM-DD). */
export function dayAfter(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Two days of a range, the earlier first: dates typed the wrong way round are the same range. */
export function daysInOrder(from: string | undefined, to: string | undefined): [string | undefined, string | undefined] {
  return from && to && from > to ? [to, from] : [from, to];
}

/**
 * The candidates list's filters as the page shows them and writes them into its links, and as its
 * CSV export reads them (decisions 084, 085): the query, read and made consistent.
 */
export function shownCandidateFilters(query: Omit<CandidatesQuery, "after" | "before">) {
  const [from, to] = daysInOrder(query.applied_from, query.applied_to);
  return {
    q: query.q,
    job: query.job,
    stage: query.job ? query.stage : undefined,
    status: query.status,
    tag: query.tag,
    source: query.source,
    appliedFrom: from,
    appliedTo: to,
    sort: query.sort,
  };
}

export type ShownCandidateFilters = ReturnType<typeof shownCandidateFilters>;
