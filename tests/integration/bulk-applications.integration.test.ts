import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, applications, emailMessages } from "../../db/schema";
import * as applicationsRoute from "~/routes/staff/applications-list";
import { BULK_MESSAGES } from "~/schemas/bulk";
import { bulkEmailApplications, bulkMoveApplications, bulkRejectApplications, bulkTagApplications } from "~/server/applications/bulk.server";
import { listBulkChoices } from "~/server/applications/choices.server";
import { listEmailTemplates } from "~/server/mail/email-templates.server";
import { listRejectionReasons } from "~/server/applications/rejection-reasons.server";
import { createStaff, createTestApplication, createTestJob, createTestTemplate, rejectFor, uniqueEmail } from "../factories";
import { queryRows } from "~/server/platform/db.server";
import { callAction, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

async function setup(count = 3) {
  const owner = await createStaff(db(), app.t.auth);
  const job = await createTestJob(db(), owner.staff, { title: "Bulk Engineer", stages: [{ name: "Applied" }, { name: "Screening" }, { name: "Offer" }] });
  const list = [];
  for (let i = 0; i < count; i++) list.push(await createTestApplication(db(), job, { candidateName: `Person ${i}`, candidateEmail: uniqueEmail(`p${i}`) }));
  const reasons = await listRejectionReasons(db(), owner.staff);
  const reason = (name: string) => reasons.find((r) => r.name === name)!.id;
  const actor = { ...owner.staff };
  return { owner, actor, job, list, ids: list.map((a) => a.id), reason };
}

const rowsOf = (ids: string[]) =>
  db()
    .select({ id: applications.id, status: applications.status, reason: applications.rejectionReason, stageId: applications.currentPipelineStageId })
    .from(applications)
    .where(inArray(applications.id, ids));
const eventsOf = (ids: string[], type: "application_stage_moved" | "application_status_changed") =>
  db()
    .select({ subjectId: activityEvents.subjectId, data: activityEvents.data, actorId: activityEvents.actorId })
    .from(activityEvents)
    .where(and(inArray(activityEvents.subjectId, ids), eq(activityEvents.type, type)));

describe("the bulk bar's choices", () => {
  it("are the company's reasons in the reject dialog's order and its templates newest first, in one read, and no other company's", async () => {
    const { owner } = await setup(0);
    const other = await createStaff(db(), app.t.auth);
    await createTestTemplate(db(), owner.staff, { name: "First", subject: "Hello", body: "Hi {{candidate_name}}" });
    await createTestTemplate(db(), owner.staff, { name: "Second", subject: "Again", body: "Hi again" });
    await createTestTemplate(db(), other.staff, { name: "Theirs", subject: "Not yours", body: "No" });

    const choices = await listBulkChoices(db(), owner.staff);
    const reasons = await listRejectionReasons(db(), owner.staff);
    expect(reasons.length).toBeGreaterThan(1);
    expect(choices.reasons).toEqual(reasons);
    const templates = await listEmailTemplates(db(), owner.staff);
    expect(choices.templates).toEqual(templates.map((template) => ({ id: template.id, name: template.name })));
    // The newest first: the two added here, then the starter templates of sign-up.
    expect(choices.templates.slice(0, 2).map((template) => template.name)).toEqual(["Second", "First"]);
    // The other company's reasons are its own starter reasons: same names, other ids.
    const theirs = await listBulkChoices(db(), other.staff);
    expect(theirs.templates[0]!.name).toBe("Theirs");
    expect(theirs.templates.map((template) => template.name)).not.toContain("First");
    expect(theirs.reasons.map((reason) => reason.id).filter((id) => reasons.some((mine) => mine.id === id))).toEqual([]);
  });
});

describe("bulk actions on applications (issue 13)", () => {
  it("moves the selected to a stage in one go, with one history entry per application moved", async () => {
    const { actor, job, ids } = await setup();
    await bulkMoveApplications(db(), actor, [ids[0]!], job.stages[1]!.id);
    const result = await bulkMoveApplications(db(), actor, ids, job.stages[1]!.id);
    expect(result).toEqual({ changed: 2, unchanged: 1, missing: 0 });
    expect((await rowsOf(ids)).every((row) => row.stageId === job.stages[1]!.id)).toBe(true);
    const events = await eventsOf(ids, "application_stage_moved");
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.actorId === actor.userId && event.data.toStageName === "Screening")).toBe(true);
  });

  it("refuses a stage of another job or company as a whole, and changes nothing", async () => {
    const { actor, owner, ids } = await setup();
    const otherJob = await createTestJob(db(), owner.staff, { title: "Other" });
    await expect(bulkMoveApplications(db(), actor, ids, otherJob.stages[1]!.id)).rejects.toMatchObject({ code: "INVALID", message: BULK_MESSAGES.oneJob });
    const stranger = await createStaff(db(), app.t.auth);
    const theirJob = await createTestJob(db(), stranger.staff);
    await expect(bulkMoveApplications(db(), actor, ids, theirJob.stages[1]!.id)).rejects.toMatchObject({ code: "INVALID", details: { field: "stageId" } });
    expect(await eventsOf(ids, "application_stage_moved")).toEqual([]);
  });

  it("rejects the selected with a reason and each candidate's email from a template, skipping those already rejected", async () => {
    const { actor, owner, ids, list, reason } = await setup();
    await rejectFor(db(), actor, ids[2]!, { reason: "Other" });
    const template = await createTestTemplate(db(), owner.staff, { name: "No", subject: "About {{job_title}}", body: "Dear {{candidate_name}}, not this time." });
    const result = await bulkRejectApplications(db(), actor, ids, { reasonId: reason("Position filled"), email: { templateId: template.id, delaySeconds: 3600 } });
    expect(result).toEqual({ changed: 2, unchanged: 1, missing: 0 });
    const rows = await rowsOf(ids);
    expect(rows.map((row) => [row.id, row.status, row.reason]).sort()).toEqual(
      [
        [ids[0], "rejected", "Position filled"],
        [ids[1], "rejected", "Position filled"],
        [ids[2], "rejected", "Other"],
      ].sort(),
    );
    const emails = await db()
      .select({ applicationId: emailMessages.applicationId, subject: emailMessages.subject, body: emailMessages.body, status: emailMessages.status, kind: emailMessages.kind })
      .from(emailMessages)
      .where(and(inArray(emailMessages.applicationId, ids), eq(emailMessages.kind, "rejection")));
    expect(emails.sort((a, b) => a.body.localeCompare(b.body))).toEqual([
      { applicationId: ids[0], subject: "About Bulk Engineer", body: `Dear ${list[0]!.candidateName}, not this time.`, status: "pending", kind: "rejection" },
      { applicationId: ids[1], subject: "About Bulk Engineer", body: `Dear ${list[1]!.candidateName}, not this time.`, status: "pending", kind: "rejection" },
    ]);
    expect((await eventsOf(ids, "application_status_changed")).filter((e) => e.data.reason === "Position filled")).toHaveLength(2);
  });

  it("writes nothing when one part fails: the rows, the history and the emails go together", async () => {
    const { actor, owner, ids, reason } = await setup();
    const template = await createTestTemplate(db(), owner.staff, { name: "T", subject: "S", body: "B" });
    await db().execute(sql`create or replace function refuse_email() returns trigger language plpgsql as $$ begin raise exception 'no email for the test'; end $$`);
    await db().execute(sql`create trigger refuse_email before insert on email_messages for each row execute function refuse_email()`);
    try {
      await expect(bulkRejectApplications(db(), actor, ids, { reasonId: reason("Other"), email: { templateId: template.id, delaySeconds: 0 } })).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger refuse_email on email_messages`);
    }
    expect((await rowsOf(ids)).every((row) => row.status === "active")).toBe(true);
    expect(await eventsOf(ids, "application_status_changed")).toEqual([]);
  });

  it("never touches another company's applications: they are simply not found", async () => {
    const { actor, ids } = await setup();
    const stranger = await setup(1);
    const result = await bulkRejectApplications(db(), actor, [...ids, ...stranger.ids], { reasonId: (await listRejectionReasons(db(), actor))[0]!.id, email: null });
    expect(result).toEqual({ changed: 3, unchanged: 0, missing: 1 });
    expect((await rowsOf(stranger.ids))[0]!.status).toBe("active");
    await expect(bulkRejectApplications(db(), actor, stranger.ids, { reasonId: (await listRejectionReasons(db(), actor))[0]!.id, email: null })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("bulk email and tags", () => {
  it("emails each selected candidate the template filled in for them, in one go", async () => {
    const { actor, owner, ids, list } = await setup(2);
    const template = await createTestTemplate(db(), owner.staff, { name: "Update", subject: "News on {{job_title}}", body: "Hi {{candidate_name}}, we will be in touch." });
    expect(await bulkEmailApplications(db(), actor, ids, template.id)).toEqual({ changed: 2, unchanged: 0, missing: 0 });
    const emails = await db()
      .select({ to: emailMessages.to, subject: emailMessages.subject, body: emailMessages.body, kind: emailMessages.kind })
      .from(emailMessages)
      .where(and(inArray(emailMessages.applicationId, ids), eq(emailMessages.kind, "message")));
    expect(emails.sort((a, b) => a.body.localeCompare(b.body))).toEqual(
      list.map((application) => ({ to: application.candidateEmail, subject: "News on Bulk Engineer", body: `Hi ${application.candidateName}, we will be in touch.`, kind: "message" })),
    );
    const stranger = await createStaff(db(), app.t.auth);
    const theirTemplate = await createTestTemplate(db(), stranger.staff, { name: "T", subject: "S", body: "B" });
    await expect(bulkEmailApplications(db(), actor, ids, theirTemplate.id)).rejects.toMatchObject({ code: "INVALID", message: BULK_MESSAGES.templateGone, details: { field: "emailTemplateId" } });
  });

  it("tags the candidates of the selected applications, each person once, and counts who had it", async () => {
    const { actor, owner, ids, list } = await setup(2);
    // A second application of the first person, to another job: one candidate, tagged once.
    const otherJob = await createTestJob(db(), owner.staff, { title: "Second job" });
    const again = await createTestApplication(db(), otherJob, { candidateName: list[0]!.candidateName, candidateEmail: list[0]!.candidateEmail });
    expect(await bulkTagApplications(db(), actor, [...ids, again.id], "Silver medalist")).toEqual({ changed: 2, unchanged: 0, missing: 0 });
    expect(await bulkTagApplications(db(), actor, ids, "silver MEDALIST")).toEqual({ changed: 0, unchanged: 2, missing: 0 });
    const [tagged] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from candidate_tags ct join tags t on t.id = ct.tag_id where t.company_id = ${owner.staff.companyId} and t.name = 'Silver medalist'`,
    );
    expect(tagged!.n).toBe(2);
  });
});

describe("the applications list's bulk actions", () => {
  const post = (who: { cookie: string }, form: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const one of [value].flat()) body.append(key, one);
    return callAction(applicationsRoute.action, { path: "/applications", cookie: who.cookie, form: body });
  };

  it("emails and tags through the list's form, and says what was done", async () => {
    const { owner, ids } = await setup(2);
    const template = await createTestTemplate(db(), owner.staff, { name: "T", subject: "Hello {{candidate_name}}", body: "B" });
    expect(await post(owner, { intent: "bulk-email", applicationIds: ids, emailTemplateId: template.id })).toMatchObject({
      status: 200,
      data: { done: "Emailed the candidates of 2 applications." },
    });
    expect(await post(owner, { intent: "bulk-tag", applicationIds: ids, tag: "  Night owl " })).toMatchObject({ status: 200, data: { done: "Tagged 2 candidates “Night owl”." } });
    expect(await post(owner, { intent: "bulk-tag", applicationIds: ids, tag: "" })).toMatchObject({ status: 400 });
    expect(await post(owner, { intent: "bulk-email", applicationIds: ids, emailTemplateId: "" })).toMatchObject({ status: 400, data: { errors: { emailTemplateId: "Please choose a template" } } });
  });

  it("rejects the ticked applications and says how many", async () => {
    const { owner, ids, reason } = await setup();
    const answer = await post(owner, { intent: "bulk-reject", applicationIds: ids, reasonId: reason("Not qualified"), templateId: "", delay: "0" });
    expect(answer).toMatchObject({ status: 200, data: { done: "Rejected 3 applications." } });
  });

  it("acts on every application the filters match with all=1, not only the ticked page", async () => {
    const { owner, job, ids } = await setup(4);
    const answer = await post(owner, { intent: "bulk-move", all: "1", job: job.id, stageId: job.stages[2]!.id });
    expect(answer).toMatchObject({ status: 200, data: { done: "Moved 4 applications." } });
    expect((await rowsOf(ids)).every((row) => row.stageId === job.stages[2]!.id)).toBe(true);
  });

  it("says what is wrong: nothing selected, no reason, a stage without its job", async () => {
    const { owner, job, ids } = await setup(1);
    expect(await post(owner, { intent: "bulk-reject", reasonId: "" })).toMatchObject({ status: 400, data: { errors: { applicationIds: BULK_MESSAGES.none } } });
    expect(await post(owner, { intent: "bulk-reject", applicationIds: ids, reasonId: "" })).toMatchObject({ status: 400, data: { errors: { reasonId: "Please choose a reason" } } });
    expect(await post(owner, { intent: "bulk-move", applicationIds: ids, stageId: "" })).toMatchObject({ status: 400, data: { errors: { stageId: BULK_MESSAGES.stage } } });
    const tooMany = Array.from({ length: 1001 }, () => crypto.randomUUID());
    expect(await post(owner, { intent: "bulk-move", applicationIds: tooMany, stageId: job.stages[1]!.id })).toMatchObject({
      status: 400,
      data: { errors: { applicationIds: BULK_MESSAGES.tooMany } },
    });
    expect((await rowsOf(ids))[0]).toMatchObject({ status: "active", stageId: job.stages[0]!.id });
  });
});
