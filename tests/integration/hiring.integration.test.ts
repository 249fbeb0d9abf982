import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, applications, emailMessages, jobs } from "../../db/schema";
import * as applicationRoute from "~/routes/staff/application";
import { HIRE_MESSAGES } from "~/schemas/application-review";
import { JobFormSchema, MESSAGES } from "~/schemas/job";
import { parseForm } from "~/schemas/parse-form";
import { describeActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { hireApplication } from "~/server/applications/pipeline.server";
import { createStaff, createTestApplication, createTestJob, rejectFor, uniqueEmail } from "../factories";
import { callAction, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

async function setup(options: { openings?: number; stages?: { name: string }[] } = {}) {
  const owner = await createStaff(db(), app.t.auth);
  const job = await createTestJob(db(), owner.staff, {
    title: "Lighthouse Keeper",
    stages: options.stages ?? [{ name: "Applied" }, { name: "Offer" }, { name: "Hired" }, { name: "Rejected" }],
  });
  if (options.openings) await db().update(jobs).set({ openings: options.openings }).where(eq(jobs.id, job.id));
  const application = await createTestApplication(db(), job, { candidateName: "Grace Hopper", candidateEmail: uniqueEmail("grace") });
  return { owner, job, application };
}

const rowOf = async (id: string) =>
  (await db().select({ hiredOn: applications.hiredOn, stageId: applications.currentPipelineStageId, status: applications.status }).from(applications).where(eq(applications.id, id)))[0]!;

describe("a job's openings (decision 094)", () => {
  it("are 1 unless given, a whole number from 1 to 1,000, and saved with the job", async () => {
    const base = { title: "T", description: "D", "stages.0.name": "Applied" };
    expect(parseForm(JobFormSchema, base)).toMatchObject({ success: true, data: { openings: 1 } });
    expect(parseForm(JobFormSchema, { ...base, openings: " 3 " })).toMatchObject({ success: true, data: { openings: 3 } });
    for (const bad of ["0", "1001", "2.5", "two", "-1"]) expect(parseForm(JobFormSchema, { ...base, openings: bad })).toMatchObject({ success: false, errors: { openings: MESSAGES.openings } });
    const { staff } = await createStaff(db(), app.t.auth);
    const job = await createTestJob(db(), staff, { openings: 4 });
    expect((await db().select({ openings: jobs.openings }).from(jobs).where(eq(jobs.id, job.id)))[0]!.openings).toBe(4);
  });
});

describe("hiring (decision 094)", () => {
  it("records the day, moves the card to Hired, writes the history, ends waiting emails, and counts the filled openings", async () => {
    const { owner, job, application } = await setup();
    const [waiting] = await db()
      .insert(emailMessages)
      .values({ companyId: owner.staff.companyId, applicationId: application.id, kind: "message", to: "x@example.test", subject: "Later", body: "B", nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: emailMessages.id });
    const result = await hireApplication(db(), owner.staff, application.id, "2026-12-01");
    expect(result).toMatchObject({ stageName: "Hired", emailsCancelled: 1, job: { id: job.id, hired: 1, openings: 1, status: "published" } });
    expect(await rowOf(application.id)).toEqual({ hiredOn: "2026-12-01", stageId: job.stages[2]!.id, status: "active" });
    expect((await db().select({ status: emailMessages.status }).from(emailMessages).where(eq(emailMessages.id, waiting!.id)))[0]!.status).toBe("cancelled");
    const history = await listSubjectActivity(db(), owner.staff, application.id);
    expect(history.map(describeActivity)).toContain("Grace Hopper was hired (2026-12-01)");
    await expect(hireApplication(db(), owner.staff, application.id, "2026-12-02")).rejects.toMatchObject({ code: "CONFLICT", message: HIRE_MESSAGES.alreadyHired });
  });

  it("leaves the card in its stage when the job has no Hired stage, refuses a rejected application, and another company's", async () => {
    const { owner, job, application } = await setup({ stages: [{ name: "Applied" }, { name: "Offer" }] });
    expect(await hireApplication(db(), owner.staff, application.id, "2026-12-01")).toMatchObject({ stageName: null });
    expect((await rowOf(application.id)).stageId).toBe(job.stages[0]!.id);
    const second = await createTestApplication(db(), job, { candidateEmail: uniqueEmail("second") });
    await rejectFor(db(), owner.staff, second.id);
    await expect(hireApplication(db(), owner.staff, second.id, "2026-12-01")).rejects.toMatchObject({ code: "CONFLICT", message: HIRE_MESSAGES.notActive });
    const stranger = await createStaff(db(), app.t.auth);
    const third = await createTestApplication(db(), job, { candidateEmail: uniqueEmail("third") });
    await expect(hireApplication(db(), stranger.staff, third.id, "2026-12-01")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await rowOf(third.id)).hiredOn).toBeNull();
    expect(await db().select().from(activityEvents).where(eq(activityEvents.subjectId, third.id))).toEqual([]);
  });
});

describe("the application page's Hire", () => {
  const post = (who: { cookie: string }, applicationId: string, form: Record<string, string>) =>
    callAction(applicationRoute.action, { path: `/applications/${applicationId}`, cookie: who.cookie, params: { applicationId }, form: { intent: "hire", ...form } });

  it("refuses a day that is not one, keeping what was typed", async () => {
    const { owner, application } = await setup();
    for (const bad of ["", "2026-02-30", "01/12/2026", "1999-12-31"]) {
      expect(await post(owner, application.id, { hiredOn: bad })).toMatchObject({ status: 400, data: { errors: { hiredOn: HIRE_MESSAGES.date }, hireValues: { hiredOn: bad.slice(0, 10) } } });
    }
    expect((await rowOf(application.id)).hiredOn).toBeNull();
  });

  it("offers to close the job once its openings are filled, not before", async () => {
    const { owner, job, application } = await setup({ openings: 2 });
    const first = await post(owner, application.id, { hiredOn: "2026-12-01" });
    expect(first).toMatchObject({ status: 200, data: { done: "Hired on 2026-12-01. Moved to Hired.", hire: { offerClose: false, job: { hired: 1, openings: 2 } } } });
    const second = await createTestApplication(db(), job, { candidateEmail: uniqueEmail("second") });
    expect(await post(owner, second.id, { hiredOn: "2026-12-02" })).toMatchObject({ data: { hire: { offerClose: true, job: { id: job.id, hired: 2, openings: 2 } } } });
  });
});
