import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { activityEvents, blockedTimes, emailMessages, interviewInterviewers, interviews, profiles, schedulingLinks } from "../../db/schema";
import { SchedulingLinkSchema } from "~/schemas/scheduling-link";
import { describeActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { scheduleInterview } from "~/server/interviews/interviews.server";
import {
  bookSlot,
  LINK_BOOKED,
  LINK_EXPIRED,
  LINK_UNUSABLE,
  LINK_WITHDRAWN,
  listSchedulingLinks,
  readSchedulingPage,
  SCHEDULING_LINK_NOT_FOUND,
  sendSchedulingLink,
  SLOT_TAKEN,
  withdrawSchedulingLink,
} from "~/server/interviews/scheduling-links.server";
import { InterviewSchema } from "~/schemas/interview";
import { hashSecretToken } from "~/server/platform/secret-token.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { parseInvitation } from "../helpers/ical";
import { callAction, callLoader, setUpAppAccountsTestbed } from "../helpers/route-test";
import * as scheduleRoute from "~/routes/scheduling/schedule";

/*
 * Self-scheduling links (issue 14, decision 103): a link offers the slots where every interviewer is
 * working and free, books once, refuses a time somebody took first (also at the same moment, through
 * another link), and says when it was used, expired or withdrawn.
 */

const app = setUpAppAccountsTestbed();
const db = () => app.bed.t.db;

// Monday 22 March 2027, 00:00 UTC: Berlin is UTC+1, New York (already on summer time) UTC−4.
const NOW = new Date("2027-03-22T00:00:00Z");
const BASE_URL = "https://hire.example.test";

async function setup() {
  const owner = await createStaff(db(), app.bed.auth, { fullName: "Rita Recruiter" });
  const job = await createTestJob(db(), owner.staff, { title: "Engineer" });
  const candidateEmail = `ada-${crypto.randomUUID()}@example.com`;
  const application = await createTestApplication(db(), job, { candidateName: "Ada Lovelace", candidateEmail });
  const berlin = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Bert Berlin" });
  const newYork = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Nora New York" });
  await db().update(profiles).set({ timeZone: "Europe/Berlin" }).where(eq(profiles.id, berlin.staff.userId));
  await db().update(profiles).set({ timeZone: "America/New_York" }).where(eq(profiles.id, newYork.staff.userId));
  return { owner, job, application, candidateEmail, berlin, newYork };
}

const linkInput = (interviewerIds: string[], overrides: Record<string, unknown> = {}) =>
  SchedulingLinkSchema.parse({ title: "Technical interview", durationMinutes: "60", interviewerIds, windowDays: "7", minNoticeHours: "1", bufferMinutes: "15", location: "https://meet.example.test/ada", notesForInterviewers: "Ask about engines.", ...overrides });

/** Sends a link and answers its id, its token (read from the email the candidate was sent) and that email. */
async function send(actor: Parameters<typeof sendSchedulingLink>[1], applicationId: string, interviewerIds: string[], overrides: Record<string, unknown> = {}) {
  const { id } = await sendSchedulingLink(db(), actor, applicationId, linkInput(interviewerIds, overrides), app.bed.mailer, { baseUrl: BASE_URL, senderZone: "Europe/London", now: NOW });
  const [link] = await db().select({ tokenHash: schedulingLinks.tokenHash }).from(schedulingLinks).where(eq(schedulingLinks.id, id));
  const emails = await db()
    .select({ to: emailMessages.to, subject: emailMessages.subject, body: emailMessages.body })
    .from(emailMessages)
    .where(and(eq(emailMessages.applicationId, applicationId), eq(emailMessages.kind, "scheduling-link")));
  // The email whose link's token hashes to this link's.
  for (const email of emails) {
    const token = /\/schedule\/([A-Za-z0-9_-]{43})/.exec(email.body)?.[1];
    if (token && hashSecretToken(token) === link!.tokenHash) return { id, token, email };
  }
  throw new Error("No email carries the link");
}

/** The invitation a recipient got, parsed from the message as the SMTP server received it. */
async function invitationTo(to: string, since: number) {
  const message = await app.bed.mailbox.waitFor(to, { subject: /Interview invitation/, since });
  const parsed = await simpleParser(message.raw);
  const file = parsed.attachments.find((attachment) => attachment.filename === "invite.ics");
  expect(file).toBeDefined();
  return { text: parsed.text ?? "", ics: parseInvitation(file!.content.toString("utf8")) };
}

const utc = (iso: string) => new Date(iso);

describe("self-scheduling links (decision 103)", () => {
  it("email the candidate a link whose page offers the times both interviewers are free, in their own zones, clear of interviews and blocked times", async () => {
    const { owner, application, candidateEmail, berlin, newYork } = await setup();
    // Bert has an interview on Monday 14:00–14:30 UTC; Nora blocked all of Tuesday.
    await scheduleInterview(
      db(),
      owner.staff,
      application.id,
      InterviewSchema.parse({ title: "Other", date: "2027-03-22", startTime: "14:00", durationMinutes: "30", timeZone: "UTC", interviewerIds: [berlin.staff.userId] }),
      app.bed.mailer,
    );
    await db().insert(blockedTimes).values({ companyId: owner.staff.companyId, userId: newYork.staff.userId, startsAt: utc("2027-03-23T00:00:00Z"), endsAt: utc("2027-03-24T00:00:00Z"), reason: "Holiday" });

    const { token, email } = await send(owner.staff, application.id, [berlin.staff.userId, newYork.staff.userId]);
    expect(email.to).toBe(candidateEmail);
    expect(email.subject).toBe("Pick a time for your interview: Technical interview for Engineer at Test Company");
    expect(email.body).toContain(`${BASE_URL}/schedule/${token}`);
    expect(email.body).not.toContain("engines");
    // Only the token's hash is kept.
    const [stored] = await db().select({ tokenHash: schedulingLinks.tokenHash }).from(schedulingLinks).where(eq(schedulingLinks.applicationId, application.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const page = await readSchedulingPage(db(), token, "Europe/London", NOW);
    expect(page?.state).toBe("open");
    if (page?.state !== "open") return;
    expect(page.interviewers).toEqual(["Bert Berlin", "Nora New York"]);
    const monday = page.slots.filter((slot) => slot.startsWith("2027-03-22"));
    // Both work 13:00–16:00 UTC; Bert's interview, widened by 15 minutes, takes 13:45–14:45.
    expect(monday).toEqual(["2027-03-22T14:45:00.000Z", "2027-03-22T15:00:00.000Z"]);
    expect(page.slots.filter((slot) => slot.startsWith("2027-03-23"))).toEqual([]);
    expect(page.slots.filter((slot) => slot.startsWith("2027-03-24"))).toHaveLength(9);
    expect(page.slots.some((slot) => slot.startsWith("2027-03-27") || slot.startsWith("2027-03-28"))).toBe(false);

    const history = await listSubjectActivity(db(), owner.staff, application.id);
    expect(history.map(describeActivity)).toContain("Scheduling link for “Technical interview” sent to Ada Lovelace, open until Monday 29 March 2027");
    expect(await listSchedulingLinks(db(), owner.staff, application.id, NOW)).toMatchObject([{ title: "Technical interview", state: "open" }]);
  });

  it("books the picked slot once: the interview, its invitations in each reader's zone, the history, and the page says it is booked", async () => {
    const { owner, application, candidateEmail, berlin, newYork } = await setup();
    const { token } = await send(owner.staff, application.id, [berlin.staff.userId, newYork.staff.userId]);
    const since = app.bed.mailbox.messages.length;
    const { interviewId } = await bookSlot(db(), token, { startsAt: utc("2027-03-24T15:00:00Z"), timeZone: "Europe/London" }, app.bed.mailer, NOW);

    const [interview] = await db().select().from(interviews).where(eq(interviews.id, interviewId));
    expect(interview).toMatchObject({ applicationId: application.id, title: "Technical interview", durationMinutes: 60, timeZone: "Europe/London", location: "https://meet.example.test/ada", createdBy: owner.staff.userId });
    expect(interview!.startsAt.toISOString()).toBe("2027-03-24T15:00:00.000Z");
    const people = await db().select({ userId: interviewInterviewers.userId }).from(interviewInterviewers).where(eq(interviewInterviewers.interviewId, interviewId));
    expect(people.map((p) => p.userId).sort()).toEqual([berlin.staff.userId, newYork.staff.userId].sort());

    const toCandidate = await invitationTo(candidateEmail, since);
    const toBert = await invitationTo(berlin.email, since);
    const toNora = await invitationTo(newYork.email, since);
    expect(toCandidate.text).toContain("Wednesday 24 March 2027, 15:00–16:00 (Europe/London)");
    // Each interviewer reads it in the zone of their profile.
    expect(toBert.text).toContain("Wednesday 24 March 2027, 16:00–17:00 (Europe/Berlin)");
    expect(toNora.text).toContain("Wednesday 24 March 2027, 11:00–12:00 (America/New_York)");
    expect(toCandidate.text).not.toContain("engines");
    expect(toBert.text).toContain("Ask about engines.");
    expect(toCandidate.ics).toMatchObject({ method: "REQUEST", sequence: 0, dtstartText: "20270324T150000Z" });

    const [event] = await db()
      .select({ actorId: activityEvents.actorId, type: activityEvents.type })
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectId, application.id), eq(activityEvents.type, "application_interview_booked")));
    expect(event).toEqual({ actorId: null, type: "application_interview_booked" });
    const history = await listSubjectActivity(db(), owner.staff, application.id);
    expect(history.map(describeActivity)).toContain("Ada Lovelace booked Interview “Technical interview” for Wednesday 24 March 2027, 15:00–16:00 (Europe/London), with Bert Berlin, Nora New York");

    expect(await readSchedulingPage(db(), token, "Europe/Berlin", NOW)).toMatchObject({ state: "booked", when: "Wednesday 24 March 2027, 16:00–17:00 (Europe/Berlin)" });
    await expect(bookSlot(db(), token, { startsAt: utc("2027-03-25T15:00:00Z"), timeZone: "UTC" }, app.bed.mailer, NOW)).rejects.toMatchObject({ code: "CONFLICT", message: LINK_BOOKED });
    expect(await listSchedulingLinks(db(), owner.staff, application.id, NOW)).toMatchObject([{ state: "booked" }]);
  });

  it("lets only one of two bookings of one time succeed, through one link or two", async () => {
    const { owner, job, application, berlin, newYork } = await setup();
    const ids = [berlin.staff.userId, newYork.staff.userId];
    const same = await send(owner.staff, application.id, ids);
    const slot = { startsAt: utc("2027-03-25T14:00:00Z"), timeZone: "UTC" };
    const once = await Promise.allSettled([bookSlot(db(), same.token, slot, app.bed.mailer, NOW), bookSlot(db(), same.token, slot, app.bed.mailer, NOW)]);
    expect(once.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(once.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT", message: LINK_BOOKED } });

    // Two candidates' links offer the same two people the same hour.
    const other = await createTestApplication(db(), job, { candidateName: "Grace Hopper", candidateEmail: `grace-${crypto.randomUUID()}@example.com` });
    const third = await createTestApplication(db(), job, { candidateName: "Alan Turing", candidateEmail: `alan-${crypto.randomUUID()}@example.com` });
    const first = await send(owner.staff, other.id, ids);
    const second = await send(owner.staff, third.id, ids);
    const next = { startsAt: utc("2027-03-26T13:00:00Z"), timeZone: "UTC" };
    const twice = await Promise.allSettled([bookSlot(db(), first.token, next, app.bed.mailer, NOW), bookSlot(db(), second.token, next, app.bed.mailer, NOW)]);
    expect(twice.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(twice.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT", message: SLOT_TAKEN } });
    const booked = await db()
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(eq(interviews.companyId, owner.staff.companyId), eq(interviews.startsAt, next.startsAt)));
    expect(booked).toHaveLength(1);
    // The one refused keeps its link open, and the time taken is no longer offered on it.
    const refusedToken = twice[0]!.status === "rejected" ? first.token : second.token;
    const page = await readSchedulingPage(db(), refusedToken, "UTC", NOW);
    expect(page?.state === "open" && page.slots.includes(next.startsAt.toISOString())).toBe(false);
  });

  it("refuses a time not on offer: outside the hours, off the quarter hour, inside the notice", async () => {
    const { owner, application, berlin } = await setup();
    const { token } = await send(owner.staff, application.id, [berlin.staff.userId], { minNoticeHours: "24" });
    for (const startsAt of ["2027-03-24T05:00:00Z", "2027-03-24T10:05:00Z", "2027-03-22T10:00:00Z", "2027-04-05T10:00:00Z"]) {
      await expect(bookSlot(db(), token, { startsAt: utc(startsAt), timeZone: "UTC" }, app.bed.mailer, NOW)).rejects.toMatchObject({ code: "CONFLICT", message: SLOT_TAKEN });
    }
    const page = await readSchedulingPage(db(), token, "UTC", NOW);
    // Berlin 09:00 on Tuesday (the first day past 24 hours' notice) is 08:00 UTC.
    expect(page?.state === "open" && page.slots[0]).toBe("2027-03-23T08:00:00.000Z");
  });

  it("says when a link expired, was withdrawn or no longer works, and books nothing through it", async () => {
    const { owner, job, application, berlin } = await setup();
    const { token } = await send(owner.staff, application.id, [berlin.staff.userId]);
    const later = new Date(NOW.getTime() + 8 * 86_400_000);
    expect(await readSchedulingPage(db(), token, "UTC", later)).toMatchObject({ state: "closed", message: LINK_EXPIRED, companyName: "Test Company", jobTitle: "Engineer" });
    await expect(bookSlot(db(), token, { startsAt: utc("2027-03-31T09:00:00Z"), timeZone: "UTC" }, app.bed.mailer, later)).rejects.toMatchObject({ code: "CLOSED", message: LINK_EXPIRED });

    const withdrawn = await send(owner.staff, application.id, [berlin.staff.userId]);
    await withdrawSchedulingLink(db(), owner.staff, application.id, withdrawn.id);
    expect(await readSchedulingPage(db(), withdrawn.token, "UTC", NOW)).toMatchObject({ state: "closed", message: LINK_WITHDRAWN });
    await expect(bookSlot(db(), withdrawn.token, { startsAt: utc("2027-03-24T09:00:00Z"), timeZone: "UTC" }, app.bed.mailer, NOW)).rejects.toMatchObject({ code: "CLOSED", message: LINK_WITHDRAWN });
    expect((await listSchedulingLinks(db(), owner.staff, application.id, NOW)).map((link) => link.state).sort()).toEqual(["open", "withdrawn"]);

    // An interviewer who left the company: the link no longer works.
    const leaver = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Lee Leaver" });
    const other = await createTestApplication(db(), job, { candidateName: "Grace Hopper", candidateEmail: `grace-${crypto.randomUUID()}@example.com` });
    const orphan = await send(owner.staff, other.id, [leaver.staff.userId]);
    await db().delete(profiles).where(eq(profiles.id, leaver.staff.userId));
    expect(await readSchedulingPage(db(), orphan.token, "UTC", NOW)).toMatchObject({ state: "closed", message: LINK_UNUSABLE });
    await expect(bookSlot(db(), orphan.token, { startsAt: utc("2027-03-24T09:00:00Z"), timeZone: "UTC" }, app.bed.mailer, NOW)).rejects.toMatchObject({ code: "CLOSED", message: LINK_UNUSABLE });

    expect(await readSchedulingPage(db(), "A".repeat(43), "UTC", NOW)).toBeNull();
  });

  it("keeps another company out: its links are not listed or withdrawn, and its members cannot be offered", async () => {
    const { owner, application, berlin } = await setup();
    const { id } = await send(owner.staff, application.id, [berlin.staff.userId]);
    const stranger = await createStaff(db(), app.bed.auth, { fullName: "Sam Stranger" });
    expect(await listSchedulingLinks(db(), stranger.staff, application.id, NOW)).toEqual([]);
    await expect(withdrawSchedulingLink(db(), stranger.staff, application.id, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const theirJob = await createTestJob(db(), stranger.staff, { title: "Theirs" });
    const theirs = await createTestApplication(db(), theirJob, { candidateName: "Tom", candidateEmail: `tom-${crypto.randomUUID()}@example.com` });
    await expect(withdrawSchedulingLink(db(), stranger.staff, theirs.id, id)).rejects.toMatchObject({ code: "NOT_FOUND", message: SCHEDULING_LINK_NOT_FOUND });
    await expect(sendSchedulingLink(db(), stranger.staff, theirs.id, linkInput([berlin.staff.userId]), app.bed.mailer, { baseUrl: BASE_URL, senderZone: "UTC", now: NOW })).rejects.toMatchObject({ code: "INVALID" });
    await expect(sendSchedulingLink(db(), stranger.staff, application.id, linkInput([stranger.staff.userId]), app.bed.mailer, { baseUrl: BASE_URL, senderZone: "UTC", now: NOW })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("are read and booked through /schedule/<token> without a session: 404 for a wrong token, 400 for no time, a redirect to the booked page, then 409", async () => {
    const { owner, application, berlin } = await setup();
    // Sent now (the page reads the real clock), offering Bert's next fortnight.
    await sendSchedulingLink(db(), owner.staff, application.id, linkInput([berlin.staff.userId], { windowDays: "14" }), app.bed.mailer, { baseUrl: BASE_URL, senderZone: "Europe/London" });
    const [email] = await db()
      .select({ body: emailMessages.body })
      .from(emailMessages)
      .where(and(eq(emailMessages.applicationId, application.id), eq(emailMessages.kind, "scheduling-link")));
    const token = /\/schedule\/([A-Za-z0-9_-]{43})/.exec(email!.body)![1]!;
    const path = `/schedule/${token}?tz=Europe%2FBerlin`;

    for (const wrong of ["not-a-token", "A".repeat(43)]) {
      expect((await callLoader(scheduleRoute.loader, { path: `/schedule/${wrong}`, params: { token: wrong } })).status).toBe(404);
    }
    const open = await callLoader(scheduleRoute.loader, { path, params: { token } });
    expect(open.status).toBe(200);
    const days = ("days" in open.data ? open.data.days : undefined) ?? [];
    expect(days.length).toBeGreaterThan(0);
    expect(open.data.page.zone).toBe("Europe/Berlin");
    const first = days[0]!.slots[0]!;

    expect((await callAction(scheduleRoute.action, { path, params: { token }, form: { startsAt: "tomorrow", timeZone: "Europe/Berlin" } })).status).toBe(400);
    const booked = await callAction(scheduleRoute.action, { path, params: { token }, form: { startsAt: first.startsAt, timeZone: "Europe/Berlin" } });
    expect(booked.status).toBe(302);
    expect(booked.response?.headers.get("location")).toBe(`/schedule/${token}?tz=Europe%2FBerlin`);
    expect((await callLoader(scheduleRoute.loader, { path, params: { token } })).data.page).toMatchObject({ state: "booked" });
    const again = await callAction(scheduleRoute.action, { path, params: { token }, form: { startsAt: first.startsAt, timeZone: "Europe/Berlin" } });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ error: LINK_BOOKED });
  });
});
