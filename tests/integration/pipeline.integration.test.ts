import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, applications } from "../../db/schema";
import { changeApplicationStatus, moveApplication } from "~/server/applications/pipeline.server";
import { createStaff, createTestApplication, createTestJob, rejectFor } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const stageOf = async (id: string) =>
  (await t.db.select({ stageId: applications.currentPipelineStageId, status: applications.status }).from(applications).where(eq(applications.id, id)))[0];
const eventsOf = (subjectId: string) => t.db.select().from(activityEvents).where(eq(activityEvents.subjectId, subjectId));

async function setup() {
  const { staff } = await createStaff(t.db, t.auth);
  const job = await createTestJob(t.db, staff);
  const application = await createTestApplication(t.db, job, { candidateName: "Ada Lovelace" });
  const stage = (name: string) => job.stages.find((s) => s.name === name)!.id;
  return { staff, job, application, stage };
}

describe("moveApplication", () => {
  it("moves an application to another stage of its job and records who moved it where", async () => {
    const { staff, job, application, stage } = await setup();
    const result = await moveApplication(t.db, staff, application.id, stage("Screening"));
    expect(result).toEqual({ id: application.id, jobId: job.id, stageId: stage("Screening"), moved: true });
    expect((await stageOf(application.id))!.stageId).toBe(stage("Screening"));
    const events = await eventsOf(application.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      companyId: staff.companyId,
      actorId: staff.userId,
      type: "application_stage_moved",
      subjectType: "application",
      data: { candidateName: "Ada Lovelace", fromStageName: "Applied", toStageName: "Screening", toStageId: stage("Screening") },
    });
  });

  it("writes nothing when the application is already in that stage", async () => {
    const { staff, application, stage } = await setup();
    const result = await moveApplication(t.db, staff, application.id, stage("Applied"));
    expect(result.moved).toBe(false);
    expect(await eventsOf(application.id)).toHaveLength(0);
  });

  it("refuses a stage of another job of the same company, and records nothing", async () => {
    const { staff, application } = await setup();
    const otherJob = await createTestJob(t.db, staff, { title: "Designer" });
    await expect(moveApplication(t.db, staff, application.id, otherJob.stages[1]!.id)).rejects.toMatchObject({
      code: "INVALID",
      message: "That stage is not part of this job's pipeline.",
    });
    expect((await stageOf(application.id))!.stageId).toBe(application.stageId);
    expect(await eventsOf(application.id)).toHaveLength(0);
  });

  it("refuses another company's application and another company's stage as not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    await expect(moveApplication(t.db, mine.staff, theirs.application.id, theirs.stage("Screening"))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(moveApplication(t.db, mine.staff, mine.application.id, theirs.stage("Screening"))).rejects.toMatchObject({
      code: "INVALID",
    });
    expect((await stageOf(theirs.application.id))!.stageId).toBe(theirs.application.stageId);
    expect((await stageOf(mine.application.id))!.stageId).toBe(mine.application.stageId);
    expect(await eventsOf(theirs.application.id)).toHaveLength(0);
  });

  it("answers not found for ids that are not UUIDs", async () => {
    const { staff, application } = await setup();
    await expect(moveApplication(t.db, staff, "nope", application.stageId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(moveApplication(t.db, staff, application.id, "1 or 1=1")).rejects.toMatchObject({ code: "INVALID" });
  });

  it("leaves the application where it was when its event cannot be written", async () => {
    const { staff, application, stage } = await setup();
    await t.db.execute(sql`
      create or replace function refuse_activity() returns trigger language plpgsql as $$
      begin raise exception 'activity write refused for the test'; end $$`);
    await t.db.execute(sql`create trigger refuse_activity before insert on activity_events for each row execute function refuse_activity()`);
    try {
      await expect(moveApplication(t.db, staff, application.id, stage("Offer"))).rejects.toThrow();
      await expect(rejectFor(t.db, staff, application.id)).rejects.toThrow();
      await expect(changeApplicationStatus(t.db, staff, application.id, "withdrawn")).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger refuse_activity on activity_events`);
    }
    expect(await stageOf(application.id)).toEqual({ stageId: application.stageId, status: "active" });
  });
});

describe("changeApplicationStatus", () => {
  it("rejects, withdraws and reactivates, recording each change", async () => {
    const { staff, application } = await setup();
    await rejectFor(t.db, staff, application.id);
    await changeApplicationStatus(t.db, staff, application.id, "withdrawn");
    const again = await changeApplicationStatus(t.db, staff, application.id, "withdrawn");
    expect(again.changed).toBe(false);
    await changeApplicationStatus(t.db, staff, application.id, "active");
    expect((await stageOf(application.id))!.status).toBe("active");
    const events = await t.db
      .select({ data: activityEvents.data, actorId: activityEvents.actorId })
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectId, application.id), eq(activityEvents.type, "application_status_changed")))
      .orderBy(activityEvents.createdAt);
    expect(events.map((e) => [e.data.from, e.data.to])).toEqual([
      ["active", "rejected"],
      ["rejected", "withdrawn"],
      ["withdrawn", "active"],
    ]);
    expect(new Set(events.map((e) => e.actorId))).toEqual(new Set([staff.userId]));
  });

  it("refuses another company's application", async () => {
    const mine = await setup();
    const theirs = await setup();
    await expect(rejectFor(t.db, mine.staff, theirs.application.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await stageOf(theirs.application.id))!.status).toBe("active");
    expect(await eventsOf(theirs.application.id)).toHaveLength(0);
  });
});
