/**
 * The staff roles and a job's hiring-team parts (decision 096): the values the database checks and
 * the forms accept. What each role may do is app/lib/permissions.ts.
 */
export const ROLES = ["admin", "recruiter", "hiring_manager", "interviewer"] as const;
export type Role = (typeof ROLES)[number];

/** A job's hiring team: the part each member plays on it. */
export const TEAM_ROLES = ["hiring_manager", "recruiter", "interviewer"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
