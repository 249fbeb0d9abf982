import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, jobs } from "../../db/schema";
import { changeApplicationStatus, moveApplication } from "~/server/applications/pipeline.server";
import { listApplications } from "~/server/applications/queries.server";
import { getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { getDashboardStats } from "~/server/dashboard/queries.server";
import { updateJob } from "~/server/jobs/jobs.server";
import { getStaffJob, listStaffJobs } from "~/server/jobs/queries.server";
import { queryRows } from "~/server/platform/db.server";
import { applyTo, createStaff, createTestApplication, createTestJob, jobInput, rejectFor, SAMPLE_FORM_SCHEMA } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Decision 060: the numbers the staff pages show come from per-stage counters that triggers keep
// in the statement that changes an application. These tests compare them with a real count.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

/** Every stage whose counters differ from a count of its applications (none, when they are right). */
async function wrongCounters() {
  return queryRows<{ stage_id: string }>(
    t.db,
    sql`select s.id as stage_id, c.applications, c.active, count(a.id)::int as real, (count(a.id) filter (where a.status = 'active'))::int as real_active
        from pipeline_stages s
        left join stage_counts c on c.stage_id = s.id
        left join applications a on a.current_pipeline_stage_id = s.id
        group by s.id, c.applications, c.active
        having c.applications is distinct from count(a.id)::int
            or c.active is distinct from (count(a.id) filter (where a.status = 'active'))::int`,
  );
}

/** Every company whose counters (decision 137) differ from a count of its applications. */
async function wrongCompanyCounters() {
  return queryRows<{ company_id: string }>(
    t.db,
    sql`select c.id as company_id, n.applications, n.active, count(a.id)::int as real, (count(a.id) filter (where a.status = 'active'))::int as real_active
        from companies c
        left join application_counts n on n.company_id = c.id
        left join applications a on a.company_id = c.id
        group by c.id, n.applications, n.active
        having coalesce(n.applications, 0) <> count(a.id)::int
            or coalesce(n.active, 0) <> (count(a.id) filter (where a.status = 'active'))::int`,
  );
}

const columnCounts = async (staff: { userId: string; companyId: string }, jobId: string) =>
  (await getPipelineBoard(t.db, staff, jobId))!.columns.map((column) => [column.name, column.count]);

describe("stage counters", () => {
  it("follow applying, moving, status changes, removing a stage and deleting, and feed the board, the job list and Pending Reviews", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA, stages: [{ name: "Applied" }, { name: "Screening" }, { name: "Offer" }] });
    const [applied, screening, offer] = job.stages;
    const first = await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA);
    const second = await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA);
    const third = await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA);
    expect(await columnCounts(staff, job.id)).toEqual([["Applied", 3], ["Screening", 0], ["Offer", 0]]);

    await moveApplication(t.db, staff, first.id, screening!.id);
    await moveApplication(t.db, staff, second.id, offer!.id);
    await rejectFor(t.db, staff, third.id);
    // The columns count active applications only (decision 090); the rejected one is the lane's.
    expect(await columnCounts(staff, job.id)).toEqual([["Applied", 0], ["Screening", 1], ["Offer", 1]]);
    expect((await getPipelineBoard(t.db, staff, job.id))!.inactive.count).toBe(1);
    expect((await getDashboardStats(t.db, staff, new Date(0))).pendingReviews).toBe(2);

    // Removing Screening moves its candidate to Offer.
    await updateJob(t.db, staff, job.id, {
      ...jobInput({ form_schema: SAMPLE_FORM_SCHEMA, stages: [{ id: applied!.id, name: "Applied" }, { id: offer!.id, name: "Offer" }] }),
      stage_moves: { [screening!.id]: offer!.id },
    });
    expect(await columnCounts(staff, job.id)).toEqual([["Applied", 0], ["Offer", 2]]);
    expect((await getStaffJob(t.db, staff, job.id))!.stages.map((stage) => stage.applications)).toEqual([1, 2]);

    await changeApplicationStatus(t.db, staff, third.id, "active");
    await t.db.delete(applications).where(eq(applications.id, second.id));
    expect(await columnCounts(staff, job.id)).toEqual([["Applied", 1], ["Offer", 1]]);
    expect((await listStaffJobs(t.db, staff, {})).rows.map((row) => row.applications)).toEqual([2]);
    expect((await getDashboardStats(t.db, staff, new Date(0))).pendingReviews).toBe(2);
    expect(await wrongCounters()).toEqual([]);
    expect(await wrongCompanyCounters()).toEqual([]);
  });

  it("stay exact when one statement changes many applications, and go with a deleted job", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const theirs = await createTestJob(t.db, other);
    for (let i = 0; i < 5; i++) await createTestApplication(t.db, job, { status: i < 2 ? "withdrawn" : "active" });
    await createTestApplication(t.db, theirs);
    await t.db.update(applications).set({ currentPipelineStageId: job.stages[1]!.id }).where(eq(applications.jobId, job.id));
    await t.db.update(applications).set({ status: "rejected" }).where(eq(applications.status, "withdrawn"));
    expect(await wrongCounters()).toEqual([]);
    expect(await wrongCompanyCounters()).toEqual([]);
    expect((await getDashboardStats(t.db, staff, new Date(0))).pendingReviews).toBe(3);
    expect((await getDashboardStats(t.db, other, new Date(0))).pendingReviews).toBe(1);

    await t.db.delete(jobs).where(eq(jobs.id, job.id));
    expect(await wrongCounters()).toEqual([]);
    const [{ n }] = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stage_counts where job_id = ${job.id}`)) as [{ n: number }];
    expect(n).toBe(0);
    expect((await getDashboardStats(t.db, staff, new Date(0))).pendingReviews).toBe(0);
    expect(await wrongCompanyCounters()).toEqual([]);
  });

  it("count the company's applications in one row that Pending Reviews and the applications list read (decision 137)", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA });
    const applied = [];
    for (let i = 0; i < 4; i++) applied.push(await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA));
    await rejectFor(t.db, staff, applied[0]!.id);
    // An update that changes no status changes no counter.
    await t.db.update(applications).set({ candidateName: "Renamed" }).where(eq(applications.id, applied[1]!.id));
    await t.db.delete(applications).where(eq(applications.id, applied[2]!.id));
    expect(await wrongCompanyCounters()).toEqual([]);
    const [counter] = await queryRows<{ applications: number; active: number }>(
      t.db,
      sql`select applications, active from application_counts where company_id = ${staff.companyId}`,
    );
    expect(counter).toEqual({ applications: 3, active: 2 });
    expect((await listApplications(t.db, staff, {})).total).toBe(3);
    expect((await listApplications(t.db, staff, { status: "active" })).total).toBe(2);

    // The numbers are the counter's, not a count of the rows.
    await t.db.execute(sql`update application_counts set applications = 123456, active = 65432 where company_id = ${staff.companyId}`);
    expect((await getDashboardStats(t.db, staff, new Date(0))).pendingReviews).toBe(65432);
    expect((await listApplications(t.db, staff, {})).total).toBe(123456);
    expect((await listApplications(t.db, staff, { status: "active" })).total).toBe(65432);
    // A job's number is still its stages'.
    expect((await listApplications(t.db, staff, { jobId: job.id })).total).toBe(3);
  });
});
