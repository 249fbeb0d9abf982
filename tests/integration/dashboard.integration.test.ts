import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedbackRequests, jobs, scorecards } from "../../db/schema";
import { and, eq } from "drizzle-orm";
import { describeActivity, listRecentActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { getDashboardStats } from "~/server/dashboard/queries.server";
import { startOfDayInTimeZone } from "~/server/platform/time-zone.server";
import { recordActivity } from "~/server/activity/activity.server";
import { moveApplication } from "~/server/applications/pipeline.server";
import { saveScorecard } from "~/server/applications/scorecards.server";
import { listFeedbackTodos, listWaitingCandidates } from "~/server/dashboard/todos.server";
import { cancelInterview, scheduleInterview } from "~/server/interviews/interviews.server";
import { setHiringTeamMember } from "~/server/jobs/hiring-team.server";
import { createMailer, logTransport, type Mailer } from "~/server/mail/mailer.server";
import { setAppAuth } from "~/server/accounts/auth.server";
import { setAppDatabase } from "~/server/platform/db.server";
import { requestFeedback } from "~/server/team/feedback-requests.server";
import { InterviewSchema } from "~/schemas/interview";
import * as dashboardRoute from "~/routes/staff/dashboard";
import { createMember, createStaff, createTestApplication, createTestJob, rejectFor } from "../factories";
import { callLoader } from "../helpers/route-test";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
let mailer: Mailer;
beforeAll(async () => {
  t = await createTestDatabase();
  // The interviews' invitations are recorded and "sent" to nowhere.
  mailer = createMailer(t.db, logTransport(() => {}));
  setAppDatabase(t);
  setAppAuth(t.auth);
});
afterAll(async () => {
  setAppDatabase(undefined);
  setAppAuth(undefined);
  await mailer.idle();
  await t.destroy();
});

describe("getDashboardStats", () => {
  it("counts published jobs, active applications and applications since midnight in the user's time zone", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const draft = await createTestJob(t.db, staff, { title: "Draft" });
    await t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));
    const theirs = await createTestJob(t.db, other);

    // It is 02:30 UTC on 10 March: still 9 March in New York (since 04:00 UTC), 10 March in UTC.
    const now = new Date("2026-03-10T02:30:00Z");
    await createTestApplication(t.db, job, { createdAt: new Date("2026-03-10T01:00:00Z") });
    await createTestApplication(t.db, job, { createdAt: new Date("2026-03-09T05:00:00Z"), status: "rejected" });
    await createTestApplication(t.db, job, { createdAt: new Date("2026-03-09T03:00:00Z") });
    await createTestApplication(t.db, theirs, { createdAt: new Date("2026-03-10T01:00:00Z") });

    const utc = await getDashboardStats(t.db, staff, startOfDayInTimeZone(now, "UTC"));
    const newYork = await getDashboardStats(t.db, staff, startOfDayInTimeZone(now, "America/New_York"));
    const tokyo = await getDashboardStats(t.db, staff, startOfDayInTimeZone(now, "Asia/Tokyo"));
    expect(utc).toEqual({ activeJobs: 1, applicationsToday: 1, pendingReviews: 2 });
    expect(newYork.applicationsToday).toBe(2);
    // In Tokyo it is 11:30 on 10 March: since 15:00 UTC on 9 March.
    expect(tokyo.applicationsToday).toBe(1);
  });
});

describe("activity", () => {
  it("lists the company's events newest first with their actor, and an application's history oldest first", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { title: "Backend" });
    const application = await createTestApplication(t.db, job, { candidateName: "Ada" });
    await recordActivity(t.db, {
      companyId: staff.companyId,
      actorId: null,
      type: "application_received",
      subjectType: "application",
      subjectId: application.id,
      data: { candidateName: "Ada", jobId: job.id, jobTitle: "Backend" },
    });
    await moveApplication(t.db, staff, application.id, job.stages[1]!.id);
    await rejectFor(t.db, staff, application.id);
    await recordActivity(t.db, {
      companyId: other.companyId,
      actorId: other.userId,
      type: "job_posted",
      subjectType: "job",
      subjectId: job.id,
      data: { jobTitle: "Someone else's" },
    });

    const recent = await listRecentActivity(t.db, staff);
    expect(recent.map(describeActivity)).toEqual([
      "Ada's status changed from active to rejected (Not qualified)",
      "Ada moved from Applied to Screening",
      "Ada applied to Backend",
      "Job posted: Backend",
    ]);
    expect(recent[0]!.actorName).toBe(staff.fullName);
    expect(recent[2]!.actorName).toBeNull();

    const history = await listSubjectActivity(t.db, staff, application.id);
    expect(history.map((h) => h.type)).toEqual(["application_received", "application_stage_moved", "application_status_changed"]);
    expect(await listSubjectActivity(t.db, other, application.id)).toEqual([]);
    expect(describeActivity({ type: "job_status_changed", data: { jobTitle: "Backend", from: "published", to: "closed" } })).toBe(
      "Backend changed from published to closed",
    );
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A whole minute `hours` from now (negative: ago). */
const fromNow = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
/** An hour-long interview at `at` (UTC) with these interviewers. */
const interviewAt = (at: Date, interviewerIds: string[], title = "Technical interview") =>
  InterviewSchema.parse({ title, date: at.toISOString().slice(0, 10), startTime: at.toISOString().slice(11, 16), timeZone: "UTC", durationMinutes: "60", interviewerIds });
const submit = { recommendation: "yes", notes: "Good.", ratings: {}, submit: true } as const;
const draft = { notes: "Half written.", ratings: {}, submit: false } as const;

/** Sets when a member was asked for feedback on an application (the order the panel lists them in). */
async function askedAt(applicationId: string, reviewerId: string, at: Date) {
  await t.db
    .update(feedbackRequests)
    .set({ createdAt: at })
    .where(and(eq(feedbackRequests.applicationId, applicationId), eq(feedbackRequests.reviewerId, reviewerId)));
}

/** Sets when a member's scorecard on an application was submitted. */
async function submittedAt(applicationId: string, authorId: string, at: Date) {
  await t.db
    .update(scorecards)
    .set({ submittedAt: at })
    .where(and(eq(scorecards.applicationId, applicationId), eq(scorecards.authorId, authorId)));
}

/*
 * Issue 15: the dashboard shows the signed-in member's own to-dos. "Feedback to submit": what they
 * were asked for or interviewed, without their submitted scorecard.
 */
describe("feedback to submit", () => {
  async function company() {
    const owner = await createStaff(t.db, t.auth, { fullName: "Rita Recruiter" });
    const bert = await createMember(t.db, t.auth, owner.staff, "hiring_manager", { fullName: "Bert Reviewer" });
    const job = await createTestJob(t.db, owner.staff, { title: "Engineer" });
    return { owner, bert, job };
  }

  it("lists the applications the member was asked about and has not submitted (a draft still owes it), the longest asked first", async () => {
    const { owner, bert, job } = await company();
    const [ada, grace, linus, ken, gone] = await Promise.all(
      ["Ada Lovelace", "Grace Hopper", "Linus Torvalds", "Ken Thompson", "Gone Candidate"].map((candidateName) => createTestApplication(t.db, job, { candidateName })),
    );
    for (const application of [ada!, grace!, linus!, gone!]) await requestFeedback(t.db, owner.staff, application.id, [bert.staff.userId]);
    // Ken: someone else was asked, not Bert.
    await requestFeedback(t.db, owner.staff, ken!.id, [owner.staff.userId]);
    await askedAt(ada!.id, bert.staff.userId, new Date(Date.now() - 2 * DAY));
    await askedAt(grace!.id, bert.staff.userId, new Date(Date.now() - 3 * DAY));
    await saveScorecard(t.db, bert.staff, grace!.id, draft);
    await saveScorecard(t.db, bert.staff, linus!.id, submit);
    // Someone else's scorecard is not Bert's.
    await saveScorecard(t.db, owner.staff, ada!.id, submit);
    // No longer active: nothing to do.
    await rejectFor(t.db, owner.staff, gone!.id);

    const todos = await listFeedbackTodos(t.db, bert.staff);
    expect(todos.total).toBe(2);
    expect(todos.rows.map((row) => [row.candidateName, row.jobTitle, row.interviewTitle, row.askedBy])).toEqual([
      ["Grace Hopper", "Engineer", null, "Rita Recruiter"],
      ["Ada Lovelace", "Engineer", null, "Rita Recruiter"],
    ]);
    expect(todos.rows[1]!.dueSince.getTime()).toBeLessThan(Date.now() - 2 * DAY + 60_000);
    // The owner was asked about Ken only.
    expect((await listFeedbackTodos(t.db, owner.staff)).rows.map((row) => row.candidateName)).toEqual(["Ken Thompson"]);
  });

  it("lists an interview that has ended without the member's scorecard, not a cancelled one nor one still to come", async () => {
    const { owner, bert, job } = await company();
    const [ended, cancelled, upcoming, done] = await Promise.all(
      ["Ended Interview", "Cancelled Interview", "Upcoming Interview", "Done Interview"].map((candidateName) => createTestApplication(t.db, job, { candidateName })),
    );
    const mine = [bert.staff.userId];
    // Ended two hours ago (three hours ago for an hour).
    await scheduleInterview(t.db, owner.staff, ended!.id, interviewAt(fromNow(-3), mine, "First round"), mailer);
    const called = await scheduleInterview(t.db, owner.staff, cancelled!.id, interviewAt(fromNow(-5), mine), mailer);
    await cancelInterview(t.db, owner.staff, called.id, mailer);
    await scheduleInterview(t.db, owner.staff, upcoming!.id, interviewAt(fromNow(2), mine), mailer);
    await scheduleInterview(t.db, owner.staff, done!.id, interviewAt(fromNow(-4), mine), mailer);
    await saveScorecard(t.db, bert.staff, done!.id, submit);

    const todos = await listFeedbackTodos(t.db, bert.staff);
    expect(todos.rows.map((row) => [row.candidateName, row.interviewTitle, row.askedBy])).toEqual([["Ended Interview", "First round", null]]);
    expect(todos.rows[0]!.dueSince.toISOString()).toBe(new Date(fromNow(-3).getTime() + HOUR).toISOString());
    expect(todos.total).toBe(1);
    // Once the upcoming one has ended, it is due too, the longest due first.
    const later = await listFeedbackTodos(t.db, bert.staff, new Date(Date.now() + 4 * HOUR));
    expect(later.rows.map((row) => row.candidateName)).toEqual(["Ended Interview", "Upcoming Interview"]);
  });

  it("shows five, the longest due first, with how many in all; another company's requests never", async () => {
    const { owner, bert, job } = await company();
    const applications = [];
    for (let i = 1; i <= 7; i++) applications.push(await createTestApplication(t.db, job, { candidateName: `Candidate ${i}` }));
    for (const [i, application] of applications.entries()) {
      await requestFeedback(t.db, owner.staff, application.id, [bert.staff.userId]);
      await askedAt(application.id, bert.staff.userId, new Date(Date.now() - (10 - i) * DAY));
    }
    // A request of another company naming Bert (as if left from before he joined this one).
    const stranger = await createStaff(t.db, t.auth);
    const theirJob = await createTestJob(t.db, stranger.staff, { title: "Their job" });
    const theirs = await createTestApplication(t.db, theirJob, { candidateName: "Their Candidate" });
    await t.db.insert(feedbackRequests).values({ companyId: stranger.staff.companyId, applicationId: theirs.id, reviewerId: bert.staff.userId });

    const todos = await listFeedbackTodos(t.db, bert.staff);
    expect(todos.total).toBe(7);
    expect(todos.rows.map((row) => row.candidateName)).toEqual(["Candidate 1", "Candidate 2", "Candidate 3", "Candidate 4", "Candidate 5"]);
    expect(await listFeedbackTodos(t.db, stranger.staff)).toEqual({ rows: [], total: 0 });
  });

  it("an interviewer sees the feedback they owe on the dashboard, linked to their scorecard, and no candidates waiting on them", async () => {
    const { owner, job } = await company();
    const ivo = await createMember(t.db, t.auth, owner.staff, "interviewer", { fullName: "Ivo Interviewer" });
    const ada = await createTestApplication(t.db, job, { candidateName: "Ada <b>Lovelace</b>" });
    await requestFeedback(t.db, owner.staff, ada.id, [ivo.staff.userId]);

    const dashboard = await callLoader(dashboardRoute.loader, { path: "/dashboard", cookie: ivo.cookie });
    expect(dashboard.status).toBe(200);
    expect(dashboard.data.feedbackTodos).toMatchObject({
      failed: false,
      total: 1,
      rows: [{ id: ada.id, href: `/applications/${ada.id}?tab=feedback#scorecard-heading`, candidateName: "Ada <b>Lovelace</b>", jobTitle: "Engineer", askedBy: "Rita Recruiter" }],
    });
    expect(dashboard.data.waitingCandidates).toBeNull();
  });
});

/*
 * "Candidates waiting on you": on the jobs whose hiring team the member is on, those ready for a
 * decision (the feedback is in, not moved since), then new applications of the week in the first stage.
 */
describe("candidates waiting on you", () => {
  async function company() {
    const owner = await createStaff(t.db, t.auth, { fullName: "Rita Recruiter" });
    const hana = await createMember(t.db, t.auth, owner.staff, "hiring_manager", { fullName: "Hana Manager" });
    const ivo = await createMember(t.db, t.auth, owner.staff, "interviewer", { fullName: "Ivo Interviewer" });
    const job = await createTestJob(t.db, owner.staff, { title: "Engineer" });
    await setHiringTeamMember(t.db, owner.staff, job.id, hana.staff.userId, "hiring_manager");
    await setHiringTeamMember(t.db, owner.staff, job.id, ivo.staff.userId, "interviewer");
    // Applied 20 days ago, in Screening: not new.
    const apply = (candidateName: string) => createTestApplication(t.db, job, { candidateName, stageName: "Screening", createdAt: new Date(Date.now() - 20 * DAY) });
    return { owner, hana, ivo, job, apply };
  }

  it("lists an application whose feedback is all in and that has not moved since, the longest waiting first", async () => {
    const { owner, hana, ivo, job, apply } = await company();
    const ready = await apply("Ready Early");
    const readyLater = await apply("Ready Later");
    const owing = await apply("Still Owed");
    const drafted = await apply("Only A Draft");
    const moved = await apply("Moved Since");
    const none = await apply("No Feedback");
    const rejected = await apply("Rejected Since");
    for (const application of [ready, readyLater, owing, drafted, moved, rejected]) await requestFeedback(t.db, owner.staff, application.id, [ivo.staff.userId]);
    for (const application of [ready, readyLater, moved, rejected]) await saveScorecard(t.db, ivo.staff, application.id, submit);
    // Still Owed: Hana was asked too and has not submitted.
    await saveScorecard(t.db, ivo.staff, owing.id, submit);
    await requestFeedback(t.db, owner.staff, owing.id, [hana.staff.userId]);
    // Only A Draft: Ivo, asked, has a draft; the owner's submitted scorecard does not stand for his.
    await saveScorecard(t.db, ivo.staff, drafted.id, draft);
    await saveScorecard(t.db, owner.staff, drafted.id, submit);
    await moveApplication(t.db, owner.staff, moved.id, job.stages[2]!.id);
    await rejectFor(t.db, owner.staff, rejected.id);
    await submittedAt(ready.id, ivo.staff.userId, new Date(Date.now() - 3 * DAY));
    await submittedAt(readyLater.id, ivo.staff.userId, new Date(Date.now() - 2 * DAY));
    // No Feedback: a draft nobody asked for is no feedback in.
    await saveScorecard(t.db, owner.staff, none.id, draft);

    const waiting = await listWaitingCandidates(t.db, hana.staff);
    expect(waiting.rows.map((row) => [row.candidateName, row.jobTitle, row.reason, row.scorecards])).toEqual([
      ["Ready Early", "Engineer", "decision", 1],
      ["Ready Later", "Engineer", "decision", 1],
    ]);
    expect(waiting).toMatchObject({ decisions: 2, newApplications: 0 });
    // A scorecard without a request counts as feedback in; Hana's submitted one frees Still Owed.
    await saveScorecard(t.db, hana.staff, owing.id, submit);
    expect((await listWaitingCandidates(t.db, hana.staff)).rows.map((row) => row.candidateName)).toEqual(["Ready Early", "Ready Later", "Still Owed"]);
    // The owner is on no hiring team: nobody waits on them.
    expect(await listWaitingCandidates(t.db, owner.staff)).toEqual({ rows: [], decisions: 0, newApplications: 0 });
  });

  it("waits for every interviewer of an interview that has ended, and for an interview still to come", async () => {
    const { owner, hana, ivo, apply } = await company();
    const interviewed = await apply("Interviewed");
    const upcoming = await apply("Upcoming");
    const cancelled = await apply("Cancelled");
    await scheduleInterview(t.db, owner.staff, interviewed.id, interviewAt(fromNow(-3), [ivo.staff.userId, hana.staff.userId]), mailer);
    await scheduleInterview(t.db, owner.staff, upcoming.id, interviewAt(fromNow(3), [ivo.staff.userId]), mailer);
    const called = await scheduleInterview(t.db, owner.staff, cancelled.id, interviewAt(fromNow(-5), [ivo.staff.userId]), mailer);
    await cancelInterview(t.db, owner.staff, called.id, mailer);
    await saveScorecard(t.db, ivo.staff, interviewed.id, submit);
    await saveScorecard(t.db, ivo.staff, upcoming.id, submit);
    // On the cancelled interview's application the owner gave feedback; Ivo owes nothing there.
    await saveScorecard(t.db, owner.staff, cancelled.id, submit);

    // Hana sat on the interview that ended: her draft is not her feedback.
    await saveScorecard(t.db, hana.staff, interviewed.id, draft);
    expect((await listWaitingCandidates(t.db, hana.staff)).rows.map((row) => row.candidateName)).toEqual(["Cancelled"]);
    await saveScorecard(t.db, hana.staff, interviewed.id, submit);
    expect((await listWaitingCandidates(t.db, hana.staff)).rows.map((row) => row.candidateName).sort()).toEqual(["Cancelled", "Interviewed"]);
  });

  it("lists new applications of the last 7 days in the job's first stage after those ready for a decision, five of them with the counts", async () => {
    const { owner, hana, ivo, apply } = await company();
    // A job whose first stage is not Applied.
    const sourcing = await createTestJob(t.db, owner.staff, { title: "Sourcer", stages: [{ name: "Sourced" }, { name: "Applied" }, { name: "Offer" }] });
    await setHiringTeamMember(t.db, owner.staff, sourcing.id, hana.staff.userId, "hiring_manager");
    const fresh = (candidateName: string, days: number, overrides: { stageName?: string; status?: "rejected" } = {}) =>
      createTestApplication(t.db, sourcing, { candidateName, stageName: "Sourced", createdAt: new Date(Date.now() - days * DAY), ...overrides });
    await fresh("New One", 1);
    await fresh("New Two", 2);
    await fresh("New Three", 3);
    await fresh("New Four", 4);
    await fresh("New Five", 5);
    await fresh("Too Old", 8);
    await fresh("Second Stage", 1, { stageName: "Applied" });
    await fresh("Not Active", 1, { status: "rejected" });
    const asked = await fresh("Asked About", 1);
    await requestFeedback(t.db, owner.staff, asked.id, [ivo.staff.userId]);
    // Not on Hana's team.
    const otherJob = await createTestJob(t.db, owner.staff, { title: "Elsewhere" });
    await createTestApplication(t.db, otherJob, { candidateName: "Not My Job", createdAt: new Date(Date.now() - DAY) });
    // Another company's, in a job of the same shape.
    const stranger = await createStaff(t.db, t.auth);
    const theirJob = await createTestJob(t.db, stranger.staff, { title: "Theirs" });
    await createTestApplication(t.db, theirJob, { candidateName: "Their Candidate", createdAt: new Date(Date.now() - DAY) });
    // One ready for a decision, waiting less long than the new ones: still first.
    const ready = await apply("Ready");
    await saveScorecard(t.db, owner.staff, ready.id, submit);

    const waiting = await listWaitingCandidates(t.db, hana.staff);
    expect(waiting.rows.map((row) => [row.candidateName, row.reason])).toEqual([
      ["Ready", "decision"],
      ["New Five", "new"],
      ["New Four", "new"],
      ["New Three", "new"],
      ["New Two", "new"],
    ]);
    expect(waiting).toMatchObject({ decisions: 1, newApplications: 5 });

    const dashboard = await callLoader(dashboardRoute.loader, { path: "/dashboard", cookie: hana.cookie });
    expect(dashboard.data.waitingCandidates).toMatchObject({ failed: false, decisions: 1, newApplications: 5, newDays: 7 });
    expect(dashboard.data.waitingCandidates!.rows.slice(0, 2).map((row) => row.href)).toEqual([
      `/applications/${ready.id}?tab=feedback#feedback-heading`,
      `/applications/${waiting.rows[1]!.applicationId}`,
    ]);
    // The stranger's own new application waits on nobody: they are on no hiring team.
    expect((await listWaitingCandidates(t.db, stranger.staff)).rows).toEqual([]);
  });
});
