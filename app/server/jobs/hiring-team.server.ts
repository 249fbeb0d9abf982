import { and, asc, eq, sql } from "drizzle-orm";
import { jobs, jobTeamMembers, profiles, user } from "../../../db/schema";
import type { TeamRole } from "~/lib/permissions";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned } from "../platform/tenancy.server";

/*
 * A job's hiring team (decision 096): who works on it, and as what. Being on it is what opens a job
 * to a hiring manager; the job's edit page changes it.
 */

export const JOB_NOT_FOUND = "Job not found";
export const NOT_A_MEMBER = "Only members of your company can join a job's hiring team.";

export interface HiringTeamMember {
  userId: string;
  name: string;
  teamRole: TeamRole;
}

/** The job's hiring team, hiring managers first, then by name. */
export async function listHiringTeam(db: Queryable, actor: Actor, jobId: string): Promise<HiringTeamMember[]> {
  return db
    .select({
      userId: jobTeamMembers.userId,
      name: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`,
      teamRole: jobTeamMembers.teamRole,
    })
    .from(jobTeamMembers)
    .innerJoin(user, eq(user.id, jobTeamMembers.userId))
    .leftJoin(profiles, eq(profiles.id, jobTeamMembers.userId))
    .where(and(eq(jobTeamMembers.jobId, jobId), owned(jobTeamMembers, actor)))
    .orderBy(sql`${jobTeamMembers.teamRole} <> 'hiring_manager'`, asc(sql`2`));
}

/** The email addresses of the job's hiring team members who take email notifications (their Settings). */
export async function hiringTeamEmailRecipients(db: Queryable, actor: Actor, jobId: string): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(jobTeamMembers)
    .innerJoin(user, eq(user.id, jobTeamMembers.userId))
    .innerJoin(profiles, and(eq(profiles.id, jobTeamMembers.userId), owned(profiles, actor)))
    .where(and(eq(jobTeamMembers.jobId, jobId), owned(jobTeamMembers, actor), eq(profiles.emailNotifications, true)));
  return rows.map((row) => row.email);
}

/** Puts a member of the company on the job's team as `teamRole` (or gives them that part, when they are on it). */
export async function setHiringTeamMember(db: Database, actor: Actor, jobId: string, userId: string, teamRole: TeamRole): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, jobId), owned(jobs, actor)));
    if (!job) throw new DomainError("NOT_FOUND", JOB_NOT_FOUND);
    const [member] = await tx.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, userId), owned(profiles, actor)));
    if (!member) throw new DomainError("INVALID", NOT_A_MEMBER, { field: "userId" });
    await tx
      .insert(jobTeamMembers)
      .values({ companyId: actor.companyId, jobId, userId, teamRole })
      .onConflictDoUpdate({ target: [jobTeamMembers.jobId, jobTeamMembers.userId], set: { teamRole } });
  });
}

/** Takes a member off the job's team. */
export async function removeHiringTeamMember(db: Database, actor: Actor, jobId: string, userId: string): Promise<void> {
  const removed = await db
    .delete(jobTeamMembers)
    .where(and(eq(jobTeamMembers.jobId, jobId), eq(jobTeamMembers.userId, userId), owned(jobTeamMembers, actor)))
    .returning({ userId: jobTeamMembers.userId });
  if (removed.length === 0) throw new DomainError("NOT_FOUND", "That teammate is not on this job's hiring team.");
}
