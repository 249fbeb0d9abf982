import { and, eq } from "drizzle-orm";
import { jobs, jobTeamMembers, notifications, profiles } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { acrossCompanies } from "../platform/tenancy.server";

/**
 * A candidate's reply notifies "the recruiter" (issue 13, decision 097): the recruiters on the job's
 * hiring team (decision 096), or, when it has none, whoever posted the job, if they are still a
 * member. Called by `receiveReply` in its transaction, for the company the reply's token named
 * (a read across companies by design: no staff member acts). Answers how many were notified.
 */
export async function notifyReply(tx: Queryable, reply: { companyId: string; jobId: string; emailId: string }): Promise<number> {
  const company = [reply.companyId];
  let recipients = await tx
    .select({ userId: jobTeamMembers.userId })
    .from(jobTeamMembers)
    .innerJoin(profiles, and(eq(profiles.id, jobTeamMembers.userId), acrossCompanies(profiles, company)))
    .where(and(eq(jobTeamMembers.jobId, reply.jobId), eq(jobTeamMembers.teamRole, "recruiter"), acrossCompanies(jobTeamMembers, company)));
  if (recipients.length === 0) {
    recipients = await tx
      .select({ userId: profiles.id })
      .from(jobs)
      .innerJoin(profiles, and(eq(profiles.id, jobs.createdBy), acrossCompanies(profiles, company)))
      .where(and(eq(jobs.id, reply.jobId), acrossCompanies(jobs, company)));
  }
  if (recipients.length === 0) return 0;
  const added = await tx
    .insert(notifications)
    .values(recipients.map(({ userId }) => ({ companyId: reply.companyId, userId, kind: "reply" as const, emailMessageId: reply.emailId })))
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return added.length;
}

