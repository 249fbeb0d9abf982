import type { JobType, REMOTE_TYPES } from "~/schemas/job";

type RemoteType = (typeof REMOTE_TYPES)[number];

/**
 * The one spelling of a job's type and remote type wherever people read it: the job board, the job
 * page, the staff job list and the job form's selects. (JSON-LD keeps schema.org's own values, see
 * job-posting-ld.ts.)
 */
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  "full-time": "Full-time",
  "part-time": "Part-time",
  contract: "Contract",
  internship: "Internship",
};

export const REMOTE_TYPE_LABELS: Record<RemoteType, string> = {
  office: "Office",
  hybrid: "Hybrid",
  remote: "Remote",
};

function labelOf(labels: Record<string, string>, value: string): string {
  // A value the map does not know (an old row) is shown as stored rather than hidden.
  return Object.hasOwn(labels, value) ? labels[value]! : value;
}

/** "full-time" → "Full-time". */
export function jobTypeLabel(type: string): string {
  return labelOf(JOB_TYPE_LABELS, type);
}

/** "hybrid" → "Hybrid"; no remote type → null. */
export function remoteTypeLabel(remoteType: string | null | undefined): string | null {
  return remoteType ? labelOf(REMOTE_TYPE_LABELS, remoteType) : null;
}
