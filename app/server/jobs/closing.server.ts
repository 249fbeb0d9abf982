import { sql } from "drizzle-orm";
import { z } from "~/schemas/zod";
import { jobs } from "../../../db/schema";
import { recordActivities } from "../activity/activity.server";
import { invalidateJobBoardCache } from "../job-board/cache.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { acrossCompanies } from "../platform/tenancy.server";
import { defineTask } from "../queue/tasks.server";

/**
 * Closes every published job whose closing date has passed (decision 107): the day after it, by
 * UTC's calendar, as the JSON-LD's validThrough says. Each company's history records the change,
 * with no staff member as its actor. Reads across companies: the clock, not a session, acts.
 * Answers the jobs it closed.
 */
export async function closeExpiredJobs(tx: Queryable, now: Date = new Date()): Promise<{ id: string; companyId: string; title: string }[]> {
  const today = now.toISOString().slice(0, 10);
  const closed = await queryRows<{ id: string; company_id: string; title: string }>(
    tx,
    sql`update ${jobs} set status = 'closed', updated_at = now()
        where status = 'published' and closes_on < ${today}::date and ${acrossCompanies(jobs)}
        returning id, company_id, title`,
  );
  await recordActivities(
    tx,
    closed.map((job) => ({
      companyId: job.company_id,
      actorId: null,
      type: "job_status_changed" as const,
      subjectType: "job" as const,
      subjectId: job.id,
      data: { jobTitle: job.title, from: "published", to: "closed", reason: "closing date passed" },
    })),
  );
  return closed.map((job) => ({ id: job.id, companyId: job.company_id, title: job.title }));
}

/** Each hour, a minute past: the jobs whose closing day ended close, with the task's completion. */
export const closeExpiredJobsTask = defineTask({
  name: "close-expired-jobs",
  schema: z.object({}),
  cron: "1 * * * *",
  retryLimit: 0,
  expireInSeconds: 10 * 60,
  handler: async (_data, ctx) => {
    const closed = await ctx.transaction((tx) => closeExpiredJobs(tx));
    if (closed.length) invalidateJobBoardCache();
    return { closed: closed.length };
  },
});
