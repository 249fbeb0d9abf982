import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, applications } from "../../db/schema";
import { setJobStatus } from "~/server/jobs/jobs.server";
import { applyTo, createStaff, createTestJob, SAMPLE_FORM_SCHEMA } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const eventsFor = (subjectId: string) =>
  t.db
    .select({ type: activityEvents.type, actorId: activityEvents.actorId, data: activityEvents.data })
    .from(activityEvents)
    .where(eq(activityEvents.subjectId, subjectId))
    .orderBy(activityEvents.createdAt);

describe("the services record the company's activity with their change", () => {
  it("posting a job and changing its status", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { title: "Site Reliability Engineer" });
    await setJobStatus(t.db, staff, job.id, "closed");
    await setJobStatus(t.db, staff, job.id, "closed"); // no change, no event
    expect(await eventsFor(job.id)).toEqual([
      { type: "job_posted", actorId: staff.userId, data: { jobTitle: "Site Reliability Engineer" } },
      { type: "job_status_changed", actorId: staff.userId, data: { jobTitle: "Site Reliability Engineer", from: "published", to: "closed" } },
    ]);
  });

  it("refusing another company's job status change records nothing", async () => {
    const { staff: owner } = await createStaff(t.db, t.auth);
    const { staff: intruder } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, owner);
    await expect(setJobStatus(t.db, intruder, job.id, "closed")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await eventsFor(job.id)).map((e) => e.type)).toEqual(["job_posted"]);
  });

  it("an application: the received event by no staff member, and the questions it answered", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { title: "Data Engineer", form_schema: SAMPLE_FORM_SCHEMA });
    const { id } = await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_name: "Grace Hopper" });
    expect(await eventsFor(id)).toEqual([
      { type: "application_received", actorId: null, data: { candidateName: "Grace Hopper", jobId: job.id, jobTitle: "Data Engineer" } },
    ]);
    const [row] = await t.db
      .select({ formData: applications.formData })
      .from(applications)
      .where(and(eq(applications.id, id), eq(applications.companyId, staff.companyId)));
    expect((row!.formData as { form_schema?: unknown }).form_schema).toEqual(SAMPLE_FORM_SCHEMA);
  });

  it("a refused application (duplicate) records no event", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA });
    await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "twice@example.test" });
    await expect(applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "twice@example.test" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const received = await t.db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(and(eq(activityEvents.companyId, staff.companyId), eq(activityEvents.type, "application_received")));
    expect(received).toHaveLength(1);
  });
});
