import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, applications, emailMessages } from "../../db/schema";
import * as candidatesRoute from "~/routes/staff/candidates-list";
import { BULK_MESSAGES } from "~/schemas/bulk";
import { listRejectionReasons } from "~/server/applications/rejection-reasons.server";
import { createMember, createStaff, createTestApplication, createTestJob, createTestTemplate, uniqueEmail } from "../factories";
import { callAction, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

/** A company with two jobs; Ada and Grace applied to both, Alan to the first only. */
async function setup() {
  const owner = await createStaff(db(), app.t.auth);
  const stages = [{ name: "Applied" }, { name: "Screening" }, { name: "Offer" }];
  const first = await createTestJob(db(), owner.staff, { title: "Lighthouse Keeper", stages });
  const second = await createTestJob(db(), owner.staff, { title: "Ferry Captain", stages });
  const people = ["Ada", "Grace", "Alan"].map((name) => ({ name, email: uniqueEmail(name.toLowerCase()) }));
  const onFirst = [];
  for (const person of people) onFirst.push(await createTestApplication(db(), first, { candidateName: person.name, candidateEmail: person.email }));
  const onSecond = [];
  for (const person of people.slice(0, 2)) onSecond.push(await createTestApplication(db(), second, { candidateName: person.name, candidateEmail: person.email }));
  const reasons = await listRejectionReasons(db(), owner.staff);
  const post = (query: string, fields: Record<string, string | string[]>, who = owner) => {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(key, one);
    return callAction(candidatesRoute.action, { path: `/candidates${query}`, cookie: who.cookie, form });
  };
  return { owner, first, second, onFirst, onSecond, reasons, post };
}

const rowsOf = (ids: string[]) =>
  db()
    .select({ id: applications.id, status: applications.status, stageId: applications.currentPipelineStageId, reason: applications.rejectionReason })
    .from(applications)
    .where(inArray(applications.id, ids));

/*
 * The candidates list's bulk actions on their applications (issue 13): the ticked candidates'
 * applications to the job the list is filtered by (move, reject), or their newest (email), with the
 * applications list's own service, in one transaction each.
 */
describe("bulk actions on the candidates list", () => {
  it("move the ticked candidates' applications to the filtered job's stage, and theirs only", async () => {
    const { first, second, onFirst, onSecond, post } = await setup();
    const ticked = [onFirst[0]!.candidateId!, onFirst[1]!.candidateId!];
    const answer = await post(`?job=${first.id}`, { intent: "bulk-move", stageId: first.stages[1]!.id, candidateIds: ticked });
    expect(answer.data).toMatchObject({ errors: null, done: "Moved 2 applications." });
    const rows = await rowsOf([...onFirst, ...onSecond].map((a) => a.id));
    const stageOf = (id: string) => rows.find((row) => row.id === id)!.stageId;
    expect([stageOf(onFirst[0]!.id), stageOf(onFirst[1]!.id), stageOf(onFirst[2]!.id)]).toEqual([first.stages[1]!.id, first.stages[1]!.id, first.stages[0]!.id]);
    // Their applications to the other job stay where they were.
    expect([stageOf(onSecond[0]!.id), stageOf(onSecond[1]!.id)]).toEqual([second.stages[0]!.id, second.stages[0]!.id]);
    const events = await db()
      .select({ subjectId: activityEvents.subjectId })
      .from(activityEvents)
      .where(and(eq(activityEvents.type, "application_stage_moved"), inArray(activityEvents.subjectId, [onFirst[0]!.id, onFirst[1]!.id])));
    expect(events).toHaveLength(2);
  });

  it("reject them for a reason with each one's email, and need the job filter to move or reject", async () => {
    const { owner, first, onFirst, onSecond, reasons, post } = await setup();
    const template = await createTestTemplate(db(), owner.staff, { name: "Sorry", subject: "About {{job_title}}", body: "Hi {{candidate_name}}, thank you." });
    const ticked = onFirst.map((a) => a.candidateId!);
    expect((await post("", { intent: "bulk-reject", reasonId: reasons[0]!.id, candidateIds: ticked })).data).toMatchObject({
      errors: { form: BULK_MESSAGES.candidatesNeedJob },
    });
    const answer = await post(`?job=${first.id}`, { intent: "bulk-reject", reasonId: reasons[0]!.id, templateId: template.id, delay: "0", candidateIds: ticked });
    expect(answer.data).toMatchObject({ errors: null, done: "Rejected 3 applications. Their emails are on their way." });
    expect((await rowsOf(onFirst.map((a) => a.id))).map((row) => [row.status, row.reason])).toEqual(Array(3).fill(["rejected", reasons[0]!.name]));
    expect((await rowsOf(onSecond.map((a) => a.id))).every((row) => row.status === "active")).toBe(true);
    const emails = await db()
      .select({ subject: emailMessages.subject })
      .from(emailMessages)
      .where(inArray(emailMessages.applicationId, onFirst.map((a) => a.id)));
    expect(emails.filter((email) => email.subject === "About Lighthouse Keeper")).toHaveLength(3);
  });

  it("email each ticked candidate a template about their newest application when the list has no job filter", async () => {
    const { owner, onFirst, onSecond, post } = await setup();
    const template = await createTestTemplate(db(), owner.staff, { name: "Hello", subject: "News about {{job_title}}", body: "Hi {{candidate_name}}." });
    const answer = await post("", { intent: "bulk-email", emailTemplateId: template.id, candidateIds: [onFirst[0]!.candidateId!, onFirst[2]!.candidateId!] });
    expect(answer.data).toMatchObject({ errors: null, done: "Emailed the candidates of 2 applications." });
    const emails = await db()
      .select({ applicationId: emailMessages.applicationId, subject: emailMessages.subject })
      .from(emailMessages)
      .where(eq(emailMessages.subject, "News about Ferry Captain"));
    // Ada's newest application is to the Ferry Captain job; Alan applied to the first job only.
    expect(emails.map((email) => email.applicationId)).toEqual([onSecond[0]!.id]);
    expect(await db().select().from(emailMessages).where(eq(emailMessages.subject, "News about Lighthouse Keeper"))).toHaveLength(1);
  });

  it("act on nothing of another company's, and are not a hiring manager's", async () => {
    const { first, onFirst, post } = await setup();
    const stranger = await createStaff(db(), app.t.auth);
    const theirJob = await createTestJob(db(), stranger.staff);
    // Ada is not their candidate: none of the ticked is found (as removed meanwhile); and the stage is not theirs either.
    const answer = await post(`?job=${theirJob.id}`, { intent: "bulk-move", stageId: theirJob.stages[1]!.id, candidateIds: [onFirst[0]!.candidateId!] }, stranger);
    expect(answer).toMatchObject({ status: 404, data: { errors: { form: BULK_MESSAGES.gone } } });
    expect((await post(`?job=${first.id}`, { intent: "bulk-move", stageId: first.stages[1]!.id, candidateIds: [onFirst[0]!.candidateId!] }, stranger)).status).toBe(400);
    expect((await rowsOf([onFirst[0]!.id]))[0]!.stageId).toBe(first.stages[0]!.id);
    expect((await post("", { intent: "bulk-email", emailTemplateId: first.id, candidateIds: ["not-an-id"] })).data).toMatchObject({ errors: { candidateIds: BULK_MESSAGES.noCandidates } });
    const owner = (await setup()).owner;
    const manager = await createMember(db(), app.t.auth, owner.staff, "hiring_manager");
    expect((await post("", { intent: "bulk-email", candidateIds: [onFirst[0]!.candidateId!] }, manager)).status).toBe(403);
  });
});
