import { JOB_TYPE_LABELS, REMOTE_TYPE_LABELS } from "../lib/job-labels";
import { JOB_TYPES, REMOTE_TYPES } from "./job";
import { queryValue } from "./query";
import { z } from "./zod";

/** How often a job alert's digest is sent (decision 111). */
export const JOB_ALERT_FREQUENCIES = ["daily", "weekly"] as const;
export type JobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];

export const JOB_ALERT_FREQUENCY_LABELS: Record<JobAlertFrequency, string> = { daily: "Daily", weekly: "Weekly" };

export const JOB_ALERT_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address, like name@company.com",
  frequency: "Choose daily or weekly",
  sent: "Almost done: we sent you an email. Open the link in it to start your job alert.",
  confirmed: "Your job alert is on.",
  invalidLink: "This link is not valid any more. Subscribe again from the job board if you still want the alert.",
  unsubscribed: "You are unsubscribed. You will get no more emails for this job alert.",
} as const;

/** A hidden search field: trimmed, cut to its length; a value that does not fit is no filter. */
const text = (max: number) => queryValue(z.string().trim().max(max), "");

/**
 * The "Get job alerts" form of the board and of a careers page: the address and frequency typed,
 * and the page's search and filters carried in hidden fields (a careers page's company comes from
 * its address, not from the form).
 */
export const JobAlertSchema = z.object({
  email: z
    .string({ error: JOB_ALERT_MESSAGES.emailRequired })
    .trim()
    .min(1, JOB_ALERT_MESSAGES.emailRequired)
    .max(254, JOB_ALERT_MESSAGES.emailInvalid)
    .pipe(z.email(JOB_ALERT_MESSAGES.emailInvalid))
    .transform((email) => email.toLowerCase()),
  frequency: z.enum(JOB_ALERT_FREQUENCIES, { error: JOB_ALERT_MESSAGES.frequency }),
  q: text(200),
  type: queryValue(z.enum(JOB_TYPES).optional(), undefined),
  remote: queryValue(z.enum(REMOTE_TYPES).optional(), undefined),
  location: text(100),
  department: text(100),
  company: queryValue(z.string().regex(/^[a-z0-9-]{1,40}$/).optional(), undefined),
});
export type JobAlertInput = z.output<typeof JobAlertSchema>;

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
  const params = new URLSearchParams();
  if (search.q.trim()) params.set("q", search.q.trim());
  if (search.type) params.set("type", search.type);
  if (search.remote) params.set("remote", search.remote);
  if (search.location.trim()) params.set("location", search.location.trim());
  if (search.department.trim()) params.set("department", search.department.trim());
  const careers = companySlug && !search.q.trim();
  if (companySlug && !careers) params.set("company", companySlug);
  const query = params.toString();
  const path = careers ? `/companies/${companySlug}` : "/jobs";
  return query ? `${path}?${query}` : path;
}
