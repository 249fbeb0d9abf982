import { filterParams } from "~/schemas/job-board";
import { JOB_TYPE_LABELS, REMOTE_TYPE_LABELS } from "./job-labels";

/*
 * A job alert's search in words and as an address (decision 111): for the alert form, the
 * confirmation and unsubscribe pages, and the digest emails. In lib, beside the job labels it reads,
 * not in schemas (which lib builds on).
 */

/** What an alert matches: the search words and filters, and the company's name when it has one. */
export interface JobAlertSearch {
  q: string;
  type?: string | null;
  remote?: string | null;
  location: string;
  department: string;
  companyName?: string | null;
}

/**
 * What an alert matches, in words: `Jobs matching “designer” · Remote · Full-time · Berlin at Acme`,
 * or `Jobs at Acme`, or `All jobs`.
 */
export function describeJobAlert(search: JobAlertSearch): string {
  const parts = [
    ...(search.remote ? [labelOf(REMOTE_TYPE_LABELS, search.remote)] : []),
    ...(search.type ? [labelOf(JOB_TYPE_LABELS, search.type)] : []),
    ...(search.location.trim() ? [search.location.trim()] : []),
    ...(search.department.trim() ? [search.department.trim()] : []),
  ];
  const q = search.q.trim();
  const head = q ? `Jobs matching “${q}”` : parts.length || search.companyName ? "Jobs" : "All jobs";
  const filtered = [head, ...parts].join(" · ");
  return search.companyName ? `${filtered} at ${search.companyName}` : filtered;
}

function labelOf(labels: Record<string, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value]! : value;
}

/**
 * Where an alert's jobs are listed: its careers page with the filters when it has a company and no
 * search words (a careers page has no search box), else the board with the search and filters.
 */
export function jobAlertSearchPath(search: JobAlertSearch, companySlug: string | null): string {
  const q = search.q.trim();
  const careers = companySlug && !q;
  // The board's own filter parameters, in the board's order, after the search words.
  const filters = filterParams({
    type: search.type,
    remote: search.remote,
    location: search.location.trim(),
    department: search.department.trim(),
    company: careers ? null : companySlug,
  });
  const query = new URLSearchParams([...(q ? [["q", q]] : []), ...filters]).toString();
  const path = careers ? `/companies/${companySlug}` : "/jobs";
  return query ? `${path}?${query}` : path;
}
