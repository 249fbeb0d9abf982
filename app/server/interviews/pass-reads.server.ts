import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { applications, companies, interviewInterviewers, jobs, profiles, user } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { acrossCompanies, isOwnedBy } from "../platform/tenancy.server";

/*
 * What the interview passes of the task queue (reminders.server.ts, feedback-asks.server.ts) read
 * about the interviews they picked, across the companies those belong to (decision 052): they act
 * for no member, and read each row by its id and its company's.
 */

/** An interview as a pass's guarded UPDATE … RETURNING gives it. */
export interface PickedInterview {
  id: string;
  company_id: string;
  application_id: string;
  title: string;
  starts_at: Date | string;
  duration_minutes: number;
  time_zone: string;
}

/** The picked interviews' applications: the candidate, the job and the company's name. */
export async function applicationsOfPicked(tx: Queryable, picked: readonly PickedInterview[], companyIds: string[]) {
  return tx
    .select({
      applicationId: applications.id,
      candidateName: applications.candidateName,
      candidateEmail: applications.candidateEmail,
      jobTitle: jobs.title,
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(jobs, and(eq(jobs.id, applications.jobId), acrossCompanies(jobs, companyIds)))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(and(inArray(applications.id, picked.map((row) => row.application_id)), acrossCompanies(applications, companyIds)));
}

/**
 * The interviewers of the picked interviews who are still members of the interview's company (a
 * removed member's profile is gone, or of another company), by name; `only` narrows them further.
 */
export async function interviewersOfPicked(tx: Queryable, picked: readonly PickedInterview[], companyIds: string[], only?: SQL) {
  const rows = await tx
    .select({
      interviewId: interviewInterviewers.interviewId,
      name: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`,
      email: user.email,
      /** Their own zone (decision 103): what their emails state times in. */
      timeZone: profiles.timeZone,
      userId: interviewInterviewers.userId,
      companyId: interviewInterviewers.companyId,
      memberCompanyId: profiles.companyId,
    })
    .from(interviewInterviewers)
    .innerJoin(profiles, and(eq(profiles.id, interviewInterviewers.userId), acrossCompanies(profiles, companyIds)))
    .innerJoin(user, eq(user.id, interviewInterviewers.userId))
    .where(
      and(
        inArray(
          interviewInterviewers.interviewId,
          picked.map((row) => row.id),
        ),
        acrossCompanies(interviewInterviewers, companyIds),
        only,
      ),
    )
    .orderBy(sql`2`);
  return rows.filter((row) => isOwnedBy({ companyId: row.memberCompanyId }, { userId: row.userId, companyId: row.companyId }));
}
