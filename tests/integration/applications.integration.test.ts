import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationEmailQueue, applications, pipelineStages } from "../../db/schema";
import { applicationSchema } from "~/schemas/application";
import { setJobStatus } from "~/server/jobs/jobs.server";
import { applicationValues, applyTo, createStaff, createTestJob, SAMPLE_FORM_SCHEMA, setJobStatusDirectly, uniqueEmail } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

async function publishedJob() {
  const { staff } = await createStaff(t.db, t.auth);
  const job = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA, stages: [{ name: "Screening" }, { name: "Applied" }] });
  return { staff, job };
}

const countFor = async (jobId: string) =>
  Number(((await t.db.select({ n: count() }).from(applications).where(eq(applications.jobId, jobId))) as [{ n: number }])[0].n);

describe("submitApplication", () => {
  it("stores the application in the job's Applied stage with cover letter and custom fields by id", async () => {
    const { staff, job } = await publishedJob();
    const { id } = await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { "custom_fields.github": "ada" });
    const [row] = await t.db
      .select({ app: applications, stage: pipelineStages.name })
      .from(applications)
      .innerJoin(pipelineStages, eq(pipelineStages.id, applications.currentPipelineStageId))
      .where(eq(applications.id, id));
    expect(row!.stage).toBe("Applied");
    expect(row!.app).toMatchObject({
      companyId: staff.companyId,
      candidateName: "Ada Lovelace",
      resumeUrl: "https://example.com/ada.pdf",
      status: "active",
      formData: { cover_letter: "I would love to work with you.", custom_fields: { notice: "Now", github: "ada" } },
    });
  });

  it("refuses closed and draft jobs and a missing job, storing nothing", async () => {
    const { staff, job } = await publishedJob();
    await setJobStatus(t.db, staff, job.id, "closed");
    await expect(applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA)).rejects.toMatchObject({
      code: "CLOSED",
      message: "This job is no longer accepting applications",
    });
    await setJobStatusDirectly(t.db, job.id, "draft");
    await expect(applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA)).rejects.toMatchObject({ code: "CLOSED" });
    expect(await countFor(job.id)).toBe(0);
    await expect(applyTo(t.db, "00000000-0000-4000-8000-000000000000", SAMPLE_FORM_SCHEMA)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Job not found",
    });
  });

  it("refuses the same email twice for one job, whatever its case, and keeps one row", async () => {
    const { job } = await publishedJob();
    await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "Twice@Example.test" });
    await expect(applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "twice@example.TEST" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "You have already applied to this job with this email address.",
    });
    expect(await countFor(job.id)).toBe(1);
    // The same person may apply to another job.
    const other = await publishedJob();
    await expect(applyTo(t.db, other.job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "twice@example.test" })).resolves.toHaveProperty("id");
  });

  it("keeps one row when the same email applies concurrently", async () => {
    const { job } = await publishedJob();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "race@example.test" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await countFor(job.id)).toBe(1);
  });
});

describe("submitApplication counts the client and queues the emails in the same statement", () => {
  const queued = async (applicationId: string) =>
    (await t.db.select().from(applicationEmailQueue).where(eq(applicationEmailQueue.applicationId, applicationId))).length;

  it("counts every attempt against the client's limit and stores nothing past it", async () => {
    const { job } = await publishedJob();
    const rateLimit = { rule: { name: "apply-test", limit: 3, windowSeconds: 3600 }, subject: uniqueEmail("client") };
    const first = await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "limit-1@example.test" }, rateLimit);
    await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "limit-2@example.test" }, rateLimit);
    // A refused duplicate is an attempt too.
    await expect(
      applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "limit-1@example.test" }, rateLimit),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "limit-4@example.test" }, rateLimit),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", details: { retryAfterSeconds: expect.any(Number) } });
    expect(await countFor(job.id)).toBe(2);
    expect(await queued(first.id)).toBe(1);
    // Another client still gets through.
    await expect(
      applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_email: "limit-4@example.test" }, { ...rateLimit, subject: uniqueEmail("other") }),
    ).resolves.toHaveProperty("id");
    expect(await countFor(job.id)).toBe(3);
  });

  it("queues the emails of a stored application only", async () => {
    const { staff, job } = await publishedJob();
    const { id } = await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA);
    expect(await queued(id)).toBe(1);
    await setJobStatus(t.db, staff, job.id, "closed");
    await expect(applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA)).rejects.toMatchObject({ code: "CLOSED" });
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(applicationEmailQueue)
      .innerJoin(applications, eq(applications.id, applicationEmailQueue.applicationId))
      .where(eq(applications.jobId, job.id))) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });
});

describe("applicationSchema", () => {
  const schema = applicationSchema(SAMPLE_FORM_SCHEMA);

  it("enforces required custom fields and their options on the server too", () => {
    const missing = schema.safeParse(applicationValues({ "custom_fields.notice": "" }));
    expect(missing.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["custom_fields.notice", "This field is required"]]);
    const forged = schema.safeParse(applicationValues({ "custom_fields.notice": "<script>" }));
    expect(forged.error?.issues[0]?.message).toBe("Please choose one of the options");
  });
});
