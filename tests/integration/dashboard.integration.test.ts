import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { eq } from "drizzle-orm";
import { describeActivity, listRecentActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { getDashboardStats } from "~/server/dashboard/queries.server";
import { startOfDayInTimeZone } from "~/server/platform/time-zone.server";
import { recordActivity } from "~/server/activity/activity.server";
import { moveApplication } from "~/server/applications/pipeline.server";
import { createStaff, createTestApplication, createTestJob, rejectFor } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

describe("getDashboardStats", () => {
  it("counts published jobs, active applications and applications since midnight in the user's time zone", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const draft = await createTestJob(t.db, staff, { title: "Draft" });
    await t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));
    const theirs = await createTestJob(t.db, other);

    // It is 02:30 UTC on 10 March: still 9 March in New York (since 04:00 UTC), 10 March in UTC.
    const now = new Date("2026-03-10T02:30:00Z");
    await createTestApplication(t.db, job, { createdAt: new Date("2026-03-10T01:00:00Z") });
    await createTestApplication(t.db, job, { createdAt: new Date("2026-03-09T05:00:00Z"), status: "rejected" });
    await createTestApplication(t.db, job, { createdAt: new Date("2026-03-09T03:00:00Z") });
    await createTestApplication(t.db, theirs, { createdAt: new Date("2026-03-10T01:00:00Z") });

    const utc = await getDashboardStats(t.db, staff, startOfDayInTimeZone(now, "UTC"));
    const newYork = await getDashboardStats(t.db, staff, startOfDayInTimeZone(now, "America/New_York"));
    const tokyo = await getDashboardStats(t.db, staff, startOfDayInTimeZone(now, "Asia/Tokyo"));
    expect(utc).toEqual({ activeJobs: 1, applicationsToday: 1, pendingReviews: 2 });
    expect(newYork.applicationsToday).toBe(2);
    // In Tokyo it is 11:30 on 10 March: since 15:00 UTC on 9 March.
    expect(tokyo.applicationsToday).toBe(1);
  });
});

describe("activity", () => {
  it("lists the company's events newest first with their actor, and an application's history oldest first", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { title: "Backend" });
    const application = await createTestApplication(t.db, job, { candidateName: "Ada" });
    await recordActivity(t.db, {
      companyId: staff.companyId,
      actorId: null,
      type: "application_received",
      subjectType: "application",
      subjectId: application.id,
      data: { candidateName: "Ada", jobId: job.id, jobTitle: "Backend" },
    });
    await moveApplication(t.db, staff, application.id, job.stages[1]!.id);
    await rejectFor(t.db, staff, application.id);
    await recordActivity(t.db, {
      companyId: other.companyId,
      actorId: other.userId,
      type: "job_posted",
      subjectType: "job",
      subjectId: job.id,
      data: { jobTitle: "Someone else's" },
    });

    const recent = await listRecentActivity(t.db, staff);
    expect(recent.map(describeActivity)).toEqual([
      "Ada's status changed from active to rejected (Not qualified)",
      "Ada moved from Applied to Screening",
      "Ada applied to Backend",
      "Job posted: Backend",
    ]);
    expect(recent[0]!.actorName).toBe(staff.fullName);
    expect(recent[2]!.actorName).toBeNull();

    const history = await listSubjectActivity(t.db, staff, application.id);
    expect(history.map((h) => h.type)).toEqual(["application_received", "application_stage_moved", "application_status_changed"]);
    expect(await listSubjectActivity(t.db, other, application.id)).toEqual([]);
    expect(describeActivity({ type: "job_status_changed", data: { jobTitle: "Backend", from: "published", to: "closed" } })).toBe(
      "Backend changed from published to closed",
    );
  });
});
