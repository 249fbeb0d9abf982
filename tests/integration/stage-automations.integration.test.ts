import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMessages, pipelineStages } from "../../db/schema";
import { bulkMoveApplications } from "~/server/applications/bulk.server";
import { ENTRY_EMAIL_KIND, hireApplication, moveApplication } from "~/server/applications/pipeline.server";
import { STAGE_TEMPLATE_GONE, updateJob } from "~/server/jobs/jobs.server";
import { getStaffJob } from "~/server/jobs/queries.server";
import { deleteEmailTemplate } from "~/server/mail/email-templates.server";
import { createStaff, createTestApplication, createTestJob, createTestTemplate, jobInput, rejectFor, uniqueEmail } from "../factories";
import { setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

async function setup() {
  const owner = await createStaff(db(), app.t.auth);
  const template = await createTestTemplate(db(), owner.staff, { name: "Interview", subject: "Your {{stage_name}} for {{job_title}}", body: "Hi {{candidate_name}}, see you soon." });
  const stages = [{ name: "Applied" }, { name: "Interview", entry_template_id: template.id, entry_delay_hours: 4 }, { name: "Offer" }, { name: "Hired" }];
  const job = await createTestJob(db(), owner.staff, { title: "Harbour Pilot", stages });
  const list = [];
  for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"]) list.push(await createTestApplication(db(), job, { candidateName: name, candidateEmail: uniqueEmail("c") }));
  return { owner, template, job, list };
}

const entryEmails = (ids: string[]) =>
  db()
    .select({
      applicationId: emailMessages.applicationId,
      subject: emailMessages.subject,
      body: emailMessages.body,
      inHours: sql<number>`round(extract(epoch from ${emailMessages.nextAttemptAt} - now()) / 3600)::int`,
    })
    .from(emailMessages)
    .where(and(inArray(emailMessages.applicationId, ids), eq(emailMessages.kind, ENTRY_EMAIL_KIND)));

describe("stage automations (decision 095)", () => {
  it("are saved with the job's stages and read back for the form", async () => {
    const { owner, template, job } = await setup();
    const saved = await getStaffJob(db(), owner.staff, job.id);
    expect(saved!.stages.map((stage) => [stage.name, stage.entryTemplateId, stage.entryDelayHours])).toEqual([
      ["Applied", null, 0],
      ["Interview", template.id, 4],
      ["Offer", null, 0],
      ["Hired", null, 0],
    ]);
  });

  it("send each candidate moving into the stage the template filled in for them, after the stage's delay", async () => {
    const { owner, job, list } = await setup();
    await moveApplication(db(), owner.staff, list[0]!.id, job.stages[1]!.id);
    await bulkMoveApplications(db(), owner.staff, [list[1]!.id, list[2]!.id], job.stages[1]!.id);
    const emails = await entryEmails(list.map((a) => a.id));
    expect(emails.sort((a, b) => a.body.localeCompare(b.body))).toEqual(
      ["Ada Lovelace", "Alan Turing", "Grace Hopper"].map((name) => ({
        applicationId: list.find((a) => a.candidateName === name)!.id,
        subject: "Your Interview for Harbour Pilot",
        body: `Hi ${name}, see you soon.`,
        inHours: 4,
      })),
    );
    // Moving into a stage without an automation, or staying, sends nothing more.
    await moveApplication(db(), owner.staff, list[0]!.id, job.stages[2]!.id);
    await moveApplication(db(), owner.staff, list[0]!.id, job.stages[2]!.id);
    expect(await entryEmails([list[0]!.id])).toHaveLength(1);
  });

  it("send nothing to a hired or rejected candidate: automatic emails end with the decision", async () => {
    const { owner, job, list } = await setup();
    await hireApplication(db(), owner.staff, list[0]!.id, "2026-12-01");
    await rejectFor(db(), owner.staff, list[1]!.id);
    await moveApplication(db(), owner.staff, list[0]!.id, job.stages[1]!.id);
    await moveApplication(db(), owner.staff, list[1]!.id, job.stages[1]!.id);
    expect(await entryEmails([list[0]!.id, list[1]!.id])).toEqual([]);
  });

  it("refuse another company's template on save, and end when the template is deleted", async () => {
    const { owner, template, job } = await setup();
    const stranger = await createStaff(db(), app.t.auth);
    const theirs = await createTestTemplate(db(), stranger.staff, { name: "T", subject: "S", body: "B" });
    const stages = (await getStaffJob(db(), owner.staff, job.id))!.stages.map((stage) => ({ id: stage.id, name: stage.name, entry_template_id: theirs.id }));
    await expect(updateJob(db(), owner.staff, job.id, jobInput({ title: "Harbour Pilot", stages }))).rejects.toMatchObject({
      code: "INVALID",
      message: STAGE_TEMPLATE_GONE,
    });
    await deleteEmailTemplate(db(), owner.staff, template.id);
    const [stage] = await db().select({ entryTemplateId: pipelineStages.entryTemplateId }).from(pipelineStages).where(eq(pipelineStages.id, job.stages[1]!.id));
    expect(stage!.entryTemplateId).toBeNull();
  });
});
