/**
 * Roles and what each may do: the one permission table (decision 096). The server enforces it in
 * every staff loader and action (`requireStaff(request, context, permission)` and `authorize`);
 * pages read it only to leave out controls a role cannot use. What a role may do is one question;
 * which jobs and applications it sees (`ROLE_SCOPE`) is the other.
 */

import { ROLES, type Role, type TeamRole, TEAM_ROLES } from "~/schemas/roles";

export { ROLES, type Role, type TeamRole, TEAM_ROLES };

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: "Admin",
  recruiter: "Recruiter",
  hiring_manager: "Hiring manager",
  interviewer: "Interviewer",
};

/** What the invitation and team pages say each role may do. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  admin: "Everything, including the company's settings and team.",
  recruiter: "Every job and candidate; no company settings.",
  hiring_manager: "The jobs whose hiring team they are on: see and move candidates, give feedback.",
  interviewer: "Only the candidates they are asked to review: the CV, the answers and their own feedback.",
};

const EVERYONE = ROLES;
const HIRING = ["admin", "recruiter", "hiring_manager"] as const satisfies readonly Role[];
const RECRUITING = ["admin", "recruiter"] as const satisfies readonly Role[];

/** Each permission and the roles that have it. */
export const PERMISSIONS = {
  /** The dashboard, their own profile, security and notifications. */
  "workspace.use": EVERYONE,
  /** The company's details, hiring settings (rejection reasons) and team: invitations and roles. */
  "company.manage": ["admin"],
  /** Post a job; edit, publish and close one; its hiring team. */
  "jobs.manage": RECRUITING,
  /** Jobs, their pipelines, previews and matches (a hiring manager: their team's jobs). */
  "jobs.view": HIRING,
  /** Applications and an application's page (each role sees its own scope of them). */
  "applications.view": EVERYONE,
  /** Move, reject, hire and reactivate; the bulk actions; ask teammates for feedback. */
  "applications.decide": HIRING,
  /** The candidate database: the list, a candidate's page, adding, importing, exporting, merging, tags. */
  "candidates.manage": RECRUITING,
  /** Erase a candidate: every trace of them, for good (decision 116). Admins only, as the company answers for it. */
  "candidates.erase": ["admin"],
  /** Email a candidate, cancel a waiting email. */
  "candidates.email": RECRUITING,
  /** The company's email templates. */
  "templates.manage": RECRUITING,
  /** Schedule, move and cancel interviews, and send their calendar invitations (decision 102). */
  "interviews.schedule": HIRING,
  /** The company-wide calendar feed of every interview (decision 102); everyone has a feed of their own. */
  "interviews.companyFeed": ["admin"],
  /** Reports (decision 104): a hiring manager's cover the jobs whose hiring team they are on. */
  "reports.view": HIRING,
  /** The equal-opportunity report (decision 118): totals only, still kept from those who decide on applications. */
  "eeo.view": ["admin"],
  /** Salary details (the job's range, salary answers): not an interviewer's business. */
  "salary.view": HIRING,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role has a permission. */
export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * Which jobs and applications a role sees: the whole company's; those of the jobs whose hiring team
 * the member is on; or only the applications they were asked to review.
 */
export const ROLE_SCOPE: Readonly<Record<Role, "company" | "hiring-team" | "review-requests">> = {
  admin: "company",
  recruiter: "company",
  hiring_manager: "hiring-team",
  interviewer: "review-requests",
};

export const TEAM_ROLE_LABELS: Readonly<Record<TeamRole, string>> = {
  hiring_manager: "Hiring manager",
  recruiter: "Recruiter",
  interviewer: "Interviewer",
};

/**
 * What a route's loader and action need: the loader one permission; the action one, or one per
 * intent (the form's `intent` field) with `"*"` for every other intent. Each staff route exports
 * its `access`, and the route × role test reads them all.
 */
export interface RouteAccess {
  loader?: Permission;
  action?: Permission | ({ "*": Permission } & Record<string, Permission>);
}

/** The permission an action's intent needs. */
export function actionPermission(access: RouteAccess, intent: string | undefined): Permission {
  const action = access.action;
  if (!action) throw new Error("This route has no action.");
  if (typeof action === "string") return action;
  return (intent !== undefined && Object.hasOwn(action, intent) ? action[intent] : action["*"])!;
}
