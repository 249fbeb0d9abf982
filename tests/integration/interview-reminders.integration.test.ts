import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, emailMessages, interviews, profiles } from "../../db/schema";
import { formatInterviewTime } from "~/schemas/zoned-time";
import { InterviewSchema } from "~/schemas/interview";
import { cancelInterview, rescheduleInterview, scheduleInterview } from "~/server/interviews/interviews.server";
import { interviewReminderPass, recordInterviewReminders, REMINDERS_ADMINS_ONLY, setInterviewReminderHours } from "~/server/interviews/reminders.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import * as hiringRoute from "~/routes/staff/settings-hiring";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, setUpAppAccountsTestbed } from "../helpers/route-test";

/*
 * Interview reminders (decision 102, "Reminders"): due reminders are recorded once per interview
 * time, by a pass of the task queue; a moved interview's reminders follow its new time; a cancelled
 * one gets none; the company's lead time is Settings › Hiring's.
 */

const app = setUpAppAccountsTestbed();
const db = () => app.bed.t.db;
let queue: Queue;
beforeAll(async () => {
  // Runs only when a test asks (runDueTasks).
  queue = await startQueue(app.bed.t, [interviewReminderPass], { pollingIntervalSeconds: 3600 });
});
afterAll(async () => {
  await queue.stop();
});

const HOUR = 3_600_000;
/** The form's date and time (UTC) of an instant. */
const formTime = (at: Date) => ({ date: at.toISOString().slice(0, 10), startTime: at.toISOString().slice(11, 16), timeZone: "UTC" });
/** A whole minute `hours` from now. */
const fromNow = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);

const input = (at: Date, interviewerIds: string[]) =>
  InterviewSchema.parse({ title: "Technical interview", ...formTime(at), durationMinutes: "60", location: "Room 1", notesForInterviewers: "Ask about compilers.", interviewerIds });

async function setup() {
  const owner = await createStaff(db(), app.bed.auth, { fullName: "Rita Recruiter" });
  const job = await createTestJob(db(), owner.staff, { title: "Engineer" });
  const candidateEmail = `ada-${crypto.randomUUID()}@example.com`;
  const application = await createTestApplication(db(), job, { candidateName: "Ada Lovelace", candidateEmail });
  const bert = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Bert Berlin" });
  return { owner, application, candidateEmail, bert };
}

/** The reminders recorded for the company, as (recipient, subject). */
async function reminders(companyId: string) {
  return db()
    .select({ to: emailMessages.to, subject: emailMessages.subject, body: emailMessages.body, applicationId: emailMessages.applicationId })
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, companyId), eq(emailMessages.kind, "interview-reminder")));
}

/** Runs a pass at `at` and answers how many reminders the company has had in all (other tests' companies share the database). */
async function passAt(companyId: string, at?: Date) {
  await recordInterviewReminders(db(), app.bed.mailer, at);
  return (await reminders(companyId)).length;
}

/** Makes the interview look scheduled (or last moved) `hours` ago, as if the company had planned ahead. */
async function scheduledAgo(id: string, hours: number) {
  await db().update(interviews).set({ updatedAt: new Date(Date.now() - hours * HOUR) }).where(eq(interviews.id, id));
}

describe("interview reminders (decision 102)", () => {
  it("go to each interviewer and the candidate once, 24 hours before, however often the pass runs", async () => {
    const { owner, application, candidateEmail, bert } = await setup();
    // Bert reads times in his own zone (decision 103); the candidate in the interview's (UTC).
    await db().update(profiles).set({ timeZone: "Asia/Tokyo" }).where(eq(profiles.id, bert.staff.userId));
    const startsAt = fromNow(30);
    const { id } = await scheduleInterview(db(), owner.staff, application.id, input(startsAt, [bert.staff.userId]), app.bed.mailer);
    await scheduledAgo(id, 1);
    // Not yet due 25 hours before (the default lead is 24 hours).
    expect(await passAt(owner.staff.companyId, new Date(startsAt.getTime() - 25 * HOUR))).toBe(0);
    // Due: recorded once, whichever pass comes first; the others find it reminded.
    const at = new Date(startsAt.getTime() - 24 * HOUR + 60_000);
    const [first, second] = await Promise.all([
      db().transaction((tx) => recordInterviewReminders(tx, app.bed.mailer, at)),
      db().transaction((tx) => recordInterviewReminders(tx, app.bed.mailer, at)),
    ]);
    expect((await reminders(owner.staff.companyId)).length).toBe(2);
    expect([first, second].filter((ids) => ids!.length === 0)).toHaveLength(1);
    expect(await passAt(owner.staff.companyId, new Date(at.getTime() + HOUR))).toBe(2);

    const sent = await reminders(owner.staff.companyId);
    expect(sent.map((m) => m.to).sort()).toEqual([bert.email, candidateEmail].sort());
    const toCandidate = sent.find((m) => m.to === candidateEmail)!;
    expect(toCandidate.subject).toBe("Interview reminder: Technical interview for Engineer at Test Company");
    expect(toCandidate.applicationId).toBe(application.id);
    expect(toCandidate.body).not.toContain("compilers");
    expect(sent.find((m) => m.to === bert.email)!.body).toContain("Ask about compilers.");
    expect(sent.find((m) => m.to === bert.email)!.body).toContain(`${formatInterviewTime(startsAt, 60, "Asia/Tokyo")}`);
    expect(toCandidate.body).toContain(`${formatInterviewTime(startsAt, 60, "UTC")}`);
    const [row] = await db().select({ remindedFor: interviews.remindedFor }).from(interviews).where(eq(interviews.id, id));
    expect(row!.remindedFor?.toISOString()).toBe(startsAt.toISOString());
  });

  it("are sent by the queue's pass, once even when the pass runs twice (as after a restart)", async () => {
    const { owner, application, bert } = await setup();
    const { id } = await scheduleInterview(db(), owner.staff, application.id, input(fromNow(2), [bert.staff.userId]), app.bed.mailer);
    await scheduledAgo(id, 48);
    await interviewReminderPass.enqueue(db(), {});
    await queue.runDueTasks();
    await interviewReminderPass.enqueue(db(), {});
    await queue.runDueTasks();
    expect(await reminders(owner.staff.companyId)).toHaveLength(2);
  });

  it("follow a moved interview to its new time, and none goes for a cancelled one or one scheduled within the lead time", async () => {
    const { owner, application, bert } = await setup();
    const startsAt = fromNow(30);
    const { id } = await scheduleInterview(db(), owner.staff, application.id, input(startsAt, [bert.staff.userId]), app.bed.mailer);
    await scheduledAgo(id, 1);
    // Moved a day later: at the old time's reminder nothing is due; at the new one's, it is.
    const moved = new Date(startsAt.getTime() + 24 * HOUR);
    await rescheduleInterview(db(), owner.staff, id, input(moved, [bert.staff.userId]), app.bed.mailer);
    expect(await passAt(owner.staff.companyId, new Date(startsAt.getTime() - 24 * HOUR + 60_000))).toBe(0);
    expect(await passAt(owner.staff.companyId, new Date(moved.getTime() - 24 * HOUR + 60_000))).toBe(2);

    // Cancelled before its reminder: none.
    const other = await scheduleInterview(db(), owner.staff, application.id, input(startsAt, [bert.staff.userId]), app.bed.mailer);
    await scheduledAgo(other.id, 1);
    await cancelInterview(db(), owner.staff, other.id, app.bed.mailer);
    expect(await passAt(owner.staff.companyId, new Date(startsAt.getTime() - HOUR))).toBe(2);

    // Scheduled two hours ahead: its invitation is fresh, no reminder comes.
    await scheduleInterview(db(), owner.staff, application.id, input(fromNow(2), [bert.staff.userId]), app.bed.mailer);
    expect(await passAt(owner.staff.companyId)).toBe(2);
  });

  it("follow the company's setting in Settings › Hiring: 1 hour before, or off", async () => {
    const { owner, application, bert } = await setup();
    const startsAt = fromNow(30);
    const { id } = await scheduleInterview(db(), owner.staff, application.id, input(startsAt, [bert.staff.userId]), app.bed.mailer);
    await scheduledAgo(id, 1);

    const refused = await callAction(hiringRoute.action, { path: "/settings/hiring", cookie: bert.cookie, form: { intent: "interview-reminders", interviewReminderHours: "0" } });
    expect(refused.status).toBe(403);
    await expect(setInterviewReminderHours(db(), bert.staff, 0)).rejects.toMatchObject({ code: "FORBIDDEN", message: REMINDERS_ADMINS_ONLY });
    const invalid = await callAction(hiringRoute.action, { path: "/settings/hiring", cookie: owner.cookie, form: { intent: "interview-reminders", interviewReminderHours: "12" } });
    expect(invalid).toMatchObject({ status: 400, data: { errors: { interviewReminderHours: "Choose when reminders go" } } });

    const saved = await callAction(hiringRoute.action, { path: "/settings/hiring", cookie: owner.cookie, form: { intent: "interview-reminders", interviewReminderHours: "1" } });
    expect(saved.status).toBe(302);
    const [company] = await db().select({ hours: companies.interviewReminderHours }).from(companies).where(eq(companies.id, owner.staff.companyId));
    expect(company!.hours).toBe(1);
    expect(await passAt(owner.staff.companyId, new Date(startsAt.getTime() - 2 * HOUR))).toBe(0);

    await setInterviewReminderHours(db(), owner.staff, 0);
    expect(await passAt(owner.staff.companyId, new Date(startsAt.getTime() - 30 * 60_000))).toBe(0);
    await setInterviewReminderHours(db(), owner.staff, 1);
    expect(await passAt(owner.staff.companyId, new Date(startsAt.getTime() - 30 * 60_000))).toBe(2);
    // The database refuses a lead time not offered.
    await expect(db().execute(sql`update companies set interview_reminder_hours = 12 where id = ${owner.staff.companyId}`)).rejects.toThrow();
  });
});
