import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { emailMessages, feedbackRequests, interviewInterviewers, interviews } from "../../db/schema";
import { describeActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { setHiringTeamMember } from "~/server/jobs/hiring-team.server";
import {
  cancelInterview,
  INTERVIEW_CANCELLED,
  INTERVIEWER_NOT_IN_TEAM,
  INTERVIEWER_NOT_ON_HIRING_TEAM,
  listInterviews,
  rescheduleInterview,
  scheduleInterview,
} from "~/server/interviews/interviews.server";
import { InterviewSchema } from "~/schemas/interview";
import * as applicationRoute from "~/routes/staff/application";
import * as candidateRoute from "~/routes/staff/candidate";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { parseInvitation } from "../helpers/ical";
import { callAction, callLoader, setUpAppAccountsTestbed } from "../helpers/route-test";

const app = setUpAppAccountsTestbed();
const db = () => app.bed.t.db;

async function setup() {
  const owner = await createStaff(db(), app.bed.auth, { fullName: "Rita Recruiter" });
  const job = await createTestJob(db(), owner.staff, { title: "Engineer" });
  const candidateEmail = `ada-${crypto.randomUUID()}@example.com`;
  const application = await createTestApplication(db(), job, { candidateName: "Ada Lovelace", candidateEmail });
  const berlin = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Bert Berlin" });
  const newYork = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Nora New York" });
  return { owner, job, application, candidateEmail, berlin, newYork };
}

const input = (overrides: Record<string, unknown>) =>
  InterviewSchema.parse({ title: "Technical interview", date: "2026-03-27", startTime: "10:00", durationMinutes: "60", timeZone: "Europe/Berlin", location: "Room 1", notesForInterviewers: "Ask about compilers.", ...overrides });

/** The invitation a recipient got with the subject, parsed from the message as the SMTP server received it. */
async function invitationTo(to: string, subject: RegExp, since: number) {
  const message = await app.bed.mailbox.waitFor(to, { subject, since });
  const parsed = await simpleParser(message.raw);
  const calendar = parsed.attachments.find((attachment) => attachment.contentType === "text/calendar");
  const file = parsed.attachments.find((attachment) => attachment.filename === "invite.ics");
  expect(file).toBeDefined();
  return { text: parsed.text ?? "", contentType: calendar?.headers.get("content-type") as { value: string; params: Record<string, string> } | undefined, ics: parseInvitation(file!.content.toString("utf8")) };
}

describe("interviews (decision 102)", () => {
  it("are scheduled, moved and cancelled with invitations to each interviewer and the candidate", async () => {
    const { owner, application, candidateEmail, berlin, newYork } = await setup();
    const since = app.bed.mailbox.messages.length;
    const { id } = await scheduleInterview(db(), owner.staff, application.id, input({ interviewerIds: [berlin.staff.userId, newYork.staff.userId] }), app.bed.mailer);

    const candidate = await invitationTo(candidateEmail, /Interview invitation/, since);
    const bert = await invitationTo(berlin.email, /Interview invitation/, since);
    const nora = await invitationTo(newYork.email, /Interview invitation/, since);
    expect(candidate.ics).toMatchObject({ method: "REQUEST", sequence: 0, dtstartText: "20260327T090000Z" });
    expect(candidate.ics.attendees.sort()).toEqual([berlin.email, candidateEmail, newYork.email].map((a) => a.toLowerCase()).sort());
    expect(candidate.ics.organizer).toBe(owner.email.toLowerCase());
    expect(candidate.contentType?.value).toBe("text/calendar");
    expect(candidate.contentType?.params.method).toBe("REQUEST");
    expect(bert.ics.uid).toBe(candidate.ics.uid);
    expect(nora.ics.uid).toBe(candidate.ics.uid);
    expect(candidate.text).toContain("When: Friday 27 March 2026, 10:00–11:00 (Europe/Berlin)");
    expect(candidate.text).not.toContain("compilers");
    expect(candidate.ics.description).not.toContain("compilers");
    expect(bert.text).toContain("Ask about compilers.");

    // The interviewers were asked for feedback: that opens the application to them (decision 096), and they see the interview.
    expect(await listInterviews(db(), berlin.staff, { applicationId: application.id })).toMatchObject([{ id, title: "Technical interview", location: "Room 1", sequence: 0 }]);

    // Moved across Berlin's daylight-saving change, Nora off it: the same UID, SEQUENCE 1, and Nora gets a CANCEL.
    const beforeMove = app.bed.mailbox.messages.length;
    await rescheduleInterview(db(), owner.staff, id, input({ date: "2026-03-30", interviewerIds: [berlin.staff.userId] }), app.bed.mailer);
    const moved = await invitationTo(candidateEmail, /Interview moved/, beforeMove);
    expect(moved.ics).toMatchObject({ method: "REQUEST", uid: candidate.ics.uid, sequence: 1, dtstartText: "20260330T080000Z" });
    expect((await invitationTo(newYork.email, /Interview cancelled/, beforeMove)).ics).toMatchObject({ method: "CANCEL", uid: candidate.ics.uid, sequence: 1 });
    const [row] = await db().select().from(interviews).where(eq(interviews.id, id));
    expect(row!.startsAt.toISOString()).toBe("2026-03-30T08:00:00.000Z");
    expect((await db().select().from(interviewInterviewers).where(eq(interviewInterviewers.interviewId, id))).map((r) => [r.userId, r.startsAt.toISOString()])).toEqual([
      [berlin.staff.userId, "2026-03-30T08:00:00.000Z"],
    ]);
    // Nora is no longer on it: as an interviewer she sees only the interviews she is on.
    expect(await listInterviews(db(), newYork.staff, { applicationId: application.id })).toEqual([]);

    const beforeCancel = app.bed.mailbox.messages.length;
    await cancelInterview(db(), owner.staff, id, app.bed.mailer);
    expect((await invitationTo(candidateEmail, /Interview cancelled/, beforeCancel)).ics).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 2 });
    await expect(cancelInterview(db(), owner.staff, id, app.bed.mailer)).rejects.toMatchObject({ code: "CLOSED", message: INTERVIEW_CANCELLED });
    expect(await listInterviews(db(), owner.staff, { applicationId: application.id })).toMatchObject([{ id, cancelled: true, sequence: 2 }]);

    const history = (await listSubjectActivity(db(), owner.staff, application.id, 50)).map(describeActivity);
    expect(history).toEqual(
      expect.arrayContaining([
        "Interview “Technical interview” with Ada Lovelace scheduled for Friday 27 March 2026, 10:00–11:00 (Europe/Berlin), with Bert Berlin, Nora New York",
        "Interview “Technical interview” with Ada Lovelace moved to Monday 30 March 2026, 10:00–11:00 (Europe/Berlin), with Bert Berlin",
        "Interview “Technical interview” with Ada Lovelace on Monday 30 March 2026, 10:00–11:00 (Europe/Berlin) cancelled",
      ]),
    );
  });

  it("are another company's: its interview ids and applications are not found", async () => {
    const { owner, application, berlin } = await setup();
    const { id } = await scheduleInterview(db(), owner.staff, application.id, input({ interviewerIds: [berlin.staff.userId] }), app.bed.mailer);
    const outsider = await createStaff(db(), app.bed.auth);
    const outsiderInterviewer = await createMember(db(), app.bed.auth, outsider.staff, "recruiter");
    const theirs = input({ interviewerIds: [outsiderInterviewer.staff.userId] });
    await expect(rescheduleInterview(db(), outsider.staff, id, theirs, app.bed.mailer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancelInterview(db(), outsider.staff, id, app.bed.mailer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancelInterview(db(), outsider.staff, "not-a-uuid", app.bed.mailer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(scheduleInterview(db(), outsider.staff, application.id, theirs, app.bed.mailer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await listInterviews(db(), outsider.staff, { applicationId: application.id })).toEqual([]);
    // Nor can another company's member be made an interviewer here.
    await expect(scheduleInterview(db(), owner.staff, application.id, theirs, app.bed.mailer)).rejects.toMatchObject({ code: "INVALID", message: INTERVIEWER_NOT_IN_TEAM });
    const [row] = await db().select({ sequence: interviews.sequence, cancelledAt: interviews.cancelledAt }).from(interviews).where(eq(interviews.id, id));
    expect(row).toEqual({ sequence: 0, cancelledAt: null });
  });

  it("are scheduled and cancelled from the application page, shown on the candidate's, and another company's ids answer 404", async () => {
    const { owner, application, berlin, newYork } = await setup();
    const path = `/applications/${application.id}`;
    const form = new URLSearchParams([
      ["intent", "schedule-interview"],
      ["title", "Final interview"],
      ["date", "2026-03-08"],
      ["startTime", "02:30"],
      ["durationMinutes", "45"],
      ["timeZone", "America/New_York"],
      ["interviewerIds", berlin.staff.userId],
      ["interviewerIds", newYork.staff.userId],
      ["location", "https://meet.example.com/x"],
    ]);
    const gap = await callAction(applicationRoute.action, { path, params: { applicationId: application.id }, cookie: owner.cookie, form });
    expect(gap).toMatchObject({ status: 400, data: { errors: { startTime: "02:30 on 2026-03-08 does not exist in America/New_York: the clocks skip it (daylight saving). Choose another time." } } });
    form.set("startTime", "09:30");
    const done = await callAction(applicationRoute.action, { path, params: { applicationId: application.id }, cookie: owner.cookie, form });
    expect(done).toMatchObject({ status: 200, data: { done: "Interview scheduled. Invitations are on their way to the candidate and 2 interviewers." } });

    const page = await callLoader(applicationRoute.loader, { path, params: { applicationId: application.id }, cookie: `${owner.cookie}; tz=Europe%2FBerlin` });
    const shown = (page.data as { interviews: { id: string; when: string; interviewers: { name: string }[] }[] }).interviews;
    expect(shown).toMatchObject([{ when: "Sunday 8 March 2026, 14:30–15:15 (Europe/Berlin)", interviewers: [{ name: "Bert Berlin" }, { name: "Nora New York" }] }]);
    const candidatePage = await callLoader(candidateRoute.loader, { path: `/candidates/${application.candidateId}`, params: { candidateId: application.candidateId }, cookie: owner.cookie });
    expect((candidatePage.data as { interviews: { when: string }[] }).interviews).toMatchObject([{ when: "Sunday 8 March 2026, 13:30–14:15 (UTC)" }]);

    // Another company's staff, posting to their own application's page with this interview's id: 404.
    const outsider = await createStaff(db(), app.bed.auth);
    const outsiderJob = await createTestJob(db(), outsider.staff);
    const theirApplication = await createTestApplication(db(), outsiderJob);
    for (const intent of ["cancel-interview", "reschedule-interview"]) {
      const foreign = new URLSearchParams(form);
      foreign.set("intent", intent);
      foreign.set("interviewId", shown[0]!.id);
      foreign.delete("interviewerIds");
      foreign.append("interviewerIds", outsider.staff.userId);
      const refused = await callAction(applicationRoute.action, { path: `/applications/${theirApplication.id}`, params: { applicationId: theirApplication.id }, cookie: outsider.cookie, form: foreign });
      expect(refused.status).toBe(404);
    }
    // Its own company cancels it from its application's page.
    const cancelled = await callAction(applicationRoute.action, { path, params: { applicationId: application.id }, cookie: owner.cookie, form: { intent: "cancel-interview", interviewId: shown[0]!.id } });
    expect(cancelled).toMatchObject({ status: 200, data: { done: "Interview cancelled. The candidate and the interviewers are told." } });
  });

  it("take interviewers from the job's hiring team when it has one", async () => {
    const { owner, job, application, berlin, newYork } = await setup();
    await setHiringTeamMember(db(), owner.staff, job.id, berlin.staff.userId, "interviewer");
    await expect(scheduleInterview(db(), owner.staff, application.id, input({ interviewerIds: [newYork.staff.userId] }), app.bed.mailer)).rejects.toMatchObject({
      code: "INVALID",
      message: INTERVIEWER_NOT_ON_HIRING_TEAM,
    });
    await scheduleInterview(db(), owner.staff, application.id, input({ interviewerIds: [berlin.staff.userId] }), app.bed.mailer);
  });

  it("leave nothing half-done when a step fails", async () => {
    const { owner, application, berlin } = await setup();
    // The database refuses the history entry, the last write before the emails: nothing of the interview may stay.
    await db().execute(sql`create or replace function refuse_interview_event() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`);
    await db().execute(
      sql`create trigger refuse_interview_event before insert on activity_events for each row when (new.type = 'application_interview_scheduled') execute function refuse_interview_event()`,
    );
    try {
      await expect(scheduleInterview(db(), owner.staff, application.id, input({ interviewerIds: [berlin.staff.userId] }), app.bed.mailer)).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger refuse_interview_event on activity_events`);
    }
    expect(await db().select().from(interviews).where(eq(interviews.applicationId, application.id))).toEqual([]);
    expect(await db().select().from(interviewInterviewers).where(eq(interviewInterviewers.userId, berlin.staff.userId))).toEqual([]);
    expect(await db().select().from(feedbackRequests).where(eq(feedbackRequests.applicationId, application.id))).toEqual([]);
    expect(await db().select().from(emailMessages).where(sql`${emailMessages.kind} like 'interview-%' and ${emailMessages.to} = ${berlin.email}`)).toEqual([]);
  });
});
