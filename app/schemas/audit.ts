import { queryCursor, queryDate, queryId, queryValue } from "./query";
import { z } from "./zod";

/**
 * The audit trail (issue 17, decision 115): what was done to a candidate's data and which
 * security-relevant admin actions were taken. Shared by the schema's check, the services that write
 * entries and Settings › Audit. Entries never hold a candidate's name or email: the subject is an id,
 * named at read time, so an erased candidate leaves no trace in the trail but the fact.
 */
export const AUDIT_ACTIONS = [
  // A candidate's data.
  "candidate.viewed",
  "candidate.cv_downloaded",
  "candidate.exported",
  "candidate.updated",
  "candidate.erased",
  "candidate.anonymised",
  "candidate.erasure_requested",
  // The company's people and access.
  "member.invited",
  "member.role_changed",
  "member.removed",
  "api_key.created",
  "api_key.revoked",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rolled",
  // The company's privacy settings.
  "privacy.changed",
  "retention.changed",
  "eeo_survey.changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  "candidate.viewed": "Viewed a candidate",
  "candidate.cv_downloaded": "Downloaded a CV",
  "candidate.exported": "Exported a candidate's data",
  "candidate.updated": "Changed a candidate's details",
  "candidate.erased": "Erased a candidate",
  "candidate.anonymised": "Anonymised a candidate (retention)",
  "candidate.erasure_requested": "Asked to be erased",
  "member.invited": "Invited a member",
  "member.role_changed": "Changed a member's role",
  "member.removed": "Removed a member",
  "api_key.created": "Made an API key",
  "api_key.revoked": "Revoked an API key",
  "webhook.created": "Added a webhook endpoint",
  "webhook.updated": "Changed a webhook endpoint",
  "webhook.deleted": "Deleted a webhook endpoint",
  "webhook.secret_rolled": "Made a new webhook signing secret",
  "privacy.changed": "Changed the privacy notice",
  "retention.changed": "Changed the retention period",
  "eeo_survey.changed": "Changed the equal-opportunity survey",
};

export const AUDIT_SUBJECT_TYPES = ["candidate", "application", "member", "invitation", "api_key", "webhook_endpoint", "company"] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** The groups Settings › Audit filters by, beside single actions. */
export const AUDIT_ACTION_GROUPS = {
  "candidate-data": { label: "Candidate data", actions: AUDIT_ACTIONS.filter((action) => action.startsWith("candidate.")) },
  access: { label: "People and access", actions: AUDIT_ACTIONS.filter((action) => /^(member|api_key|webhook)\./.test(action)) },
  settings: { label: "Privacy settings", actions: ["privacy.changed", "retention.changed", "eeo_survey.changed"] as AuditAction[] },
} as const satisfies Record<string, { label: string; actions: readonly AuditAction[] }>;
export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;

/** The action filter's values: an action, or a group as "group:<name>". */
export const AUDIT_ACTION_FILTERS = [...Object.keys(AUDIT_ACTION_GROUPS).map((group) => `group:${group}`), ...AUDIT_ACTIONS] as const;

/** The actions an action filter's value stands for (none: every action). */
export function auditActionsOf(filter: string | undefined): readonly AuditAction[] | null {
  if (!filter) return null;
  if (filter.startsWith("group:")) return AUDIT_ACTION_GROUPS[filter.slice(6) as AuditActionGroup]?.actions ?? null;
  return (AUDIT_ACTIONS as readonly string[]).includes(filter) ? [filter as AuditAction] : null;
}

/**
 * Settings › Audit's query: the action (or group), the member who acted (a user id), the subject (a
 * row's id: a candidate's from their page's "View audit trail"), a date range in the viewer's time
 * zone, and the page's cursor. Junk in any of them falls back to no filter (decision 053).
 */
export const AuditQuerySchema = z.object({
  action: queryValue(z.enum(AUDIT_ACTION_FILTERS).optional(), undefined),
  member: queryValue(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(), undefined),
  subject: queryId(),
  from: queryDate(),
  to: queryDate(),
  after: queryCursor(),
  before: queryCursor(),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** The filters alone (the CSV holds every page of them). */
export const AuditFiltersQuerySchema = AuditQuerySchema.omit({ after: true, before: true });
