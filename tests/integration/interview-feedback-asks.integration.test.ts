import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMessages } from "../../db/schema";
import { InterviewSchema } from "~/schemas/interview";
import { saveScorecard } from "~/server/applications/scorecards.server";
import { recordFeedbackAsks } from "~/server/interviews/feedback-asks.server";
import { cancelInterview, rescheduleInterview, scheduleInterview } from "~/server/interviews/interviews.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { setUpAppAccountsTestbed } from "../helpers/route-test";

/*
 * Issue 14: after an interview ends, each interviewer who has not submitted a scorecard is asked for
 * one, once per interview time (decision 102, "Feedback after the interview").
 */

const app = setUpAppAccountsTestbed();
const db = () => app.bed.t.db;

const HOUR = 3_600_000;
/** A whole minute `hours` from now (negative: ago). */
const fromNow = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const input = (at: Date, interviewerIds: string[]) =>
  InterviewSchema.parse({ title: "Technical interview", date: at.toISOString().slice(0, 10), startTime: at.toISOString().slice(11, 16), timeZone: "UTC", durationMinutes: "60", interviewerIds });

async function setup() {
  const owner = await createStaff(db(), app.bed.auth, { fullName: "Rita Recruiter" });
  const job = await createTestJob(db(), owner.staff, { title: "Engineer" });
  const application = await createTestApplication(db(), job, { candidateName: "Ada Lovelace" });
  const bert = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Bert Berlin" });
  const nora = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Nora New York" });
  return { owner, application, bert, nora };
}

/** The asks recorded for the company, as (recipient, subject). */
async function asks(companyId: string) {
  const rows = await db()
    .select({ to: emailMessages.to, subject: emailMessages.subject, body: emailMessages.body })
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, companyId), eq(emailMessages.kind, "interview-feedback-ask")));
  return rows.sort((a, b) => a.to.localeCompare(b.to));
}

describe("asking for feedback after an interview", () => {
  it("asks each interviewer who owes a scorecard once the interview has ended, and once only", async () => {
    const { owner, application, bert, nora } = await setup();
    // Two hours ago for an hour: ended an hour ago. Nora has submitted her scorecard already.
    await scheduleInterview(db(), owner.staff, application.id, input(fromNow(-2), [bert.staff.userId, nora.staff.userId]), app.bed.mailer);
    await saveScorecard(db(), nora.staff, application.id, { recommendation: "yes", notes: "Strong.", ratings: {}, submit: true });

    await recordFeedbackAsks(db(), app.bed.mailer);
    const recorded = await asks(owner.staff.companyId);
    expect(recorded.map((ask) => [ask.to, ask.subject])).toEqual([[bert.email, "Your feedback on Ada Lovelace (Engineer)"]]);
    expect(recorded[0]!.body).toContain(`/applications/${application.id}?tab=feedback`);
    expect(recorded[0]!.body).toContain("(UTC)");
    // A second pass, and one a little later, record nothing more.
    await recordFeedbackAsks(db(), app.bed.mailer);
    await recordFeedbackAsks(db(), app.bed.mailer, new Date(Date.now() + 10 * 60_000));
    expect(await asks(owner.staff.companyId)).toHaveLength(1);
  });

  it("asks nothing before the end, nor for a cancelled interview or one that ended more than a day ago", async () => {
    const { owner, application, bert } = await setup();
    const running = await scheduleInterview(db(), owner.staff, application.id, input(fromNow(-0.5), [bert.staff.userId]), app.bed.mailer);
    const cancelled = await scheduleInterview(db(), owner.staff, application.id, input(fromNow(-3), [bert.staff.userId]), app.bed.mailer);
    await cancelInterview(db(), owner.staff, cancelled.id, app.bed.mailer);
    await scheduleInterview(db(), owner.staff, application.id, input(fromNow(-30), [bert.staff.userId]), app.bed.mailer);
    await recordFeedbackAsks(db(), app.bed.mailer);
    expect(await asks(owner.staff.companyId)).toEqual([]);
    // The running one, once it has ended; moved to later, it is asked about again for its new time.
    await recordFeedbackAsks(db(), app.bed.mailer, new Date(Date.now() + HOUR));
    expect(await asks(owner.staff.companyId)).toHaveLength(1);
    await rescheduleInterview(db(), owner.staff, running.id, input(fromNow(2), [bert.staff.userId]), app.bed.mailer);
    await recordFeedbackAsks(db(), app.bed.mailer, new Date(Date.now() + 4 * HOUR));
    expect(await asks(owner.staff.companyId)).toHaveLength(2);
  });
});
