import { describe, expect, it } from "vitest";
import { instantToZonedTime } from "~/schemas/zoned-time";
import * as dashboardRoute from "~/routes/staff/dashboard";
import * as pipelineRoute from "~/routes/staff/pipeline";
import { InterviewSchema } from "~/schemas/interview";
import { getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { cancelInterview, scheduleInterview } from "~/server/interviews/interviews.server";
import { updateAvailability } from "~/server/settings/availability.server";
import { DEFAULT_WORKING_HOURS } from "~/schemas/availability";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { callLoader, setUpAppAccountsTestbed } from "../helpers/route-test";

const app = setUpAppAccountsTestbed();
const db = () => app.bed.t.db;

/** The date `days` from today where the zone is (YYYY-MM-DD). */
const dateIn = (timeZone: string, days: number) => instantToZonedTime(new Date(Date.now() + days * 86_400_000), timeZone).date;

const input = (overrides: Record<string, unknown>) =>
  InterviewSchema.parse({ title: "Technical interview", startTime: "10:00", durationMinutes: "45", timeZone: "Europe/Berlin", location: "https://meet.example.com/ada", notesForInterviewers: "", ...overrides });

/*
 * Issue 14: a member's interviews of the day on the dashboard ("Today's interviews", the day in
 * their own time zone), and the next interview on a pipeline card.
 */
describe("interviews on the dashboard and the pipeline", () => {
  it("lists the member's own interviews of today where they are, and none of another day, another interviewer's or a cancelled one", async () => {
    const owner = await createStaff(db(), app.bed.auth, { fullName: "Rita Recruiter" });
    const teammate = await createMember(db(), app.bed.auth, owner.staff, "recruiter", { fullName: "Tom Teammate" });
    const job = await createTestJob(db(), owner.staff, { title: "Engineer" });
    const ada = await createTestApplication(db(), job, { candidateName: "Ada Lovelace" });
    const grace = await createTestApplication(db(), job, { candidateName: "Grace Hopper" });
    const mine = [owner.staff.userId];
    // New York: a member whose day is not Berlin's.
    const zone = "America/New_York";
    const today = dateIn(zone, 0);
    const at = (date: string, startTime: string, more: Record<string, unknown> = {}) => input({ date, startTime, timeZone: zone, interviewerIds: mine, ...more });
    await scheduleInterview(db(), owner.staff, ada.id, at(today, "23:15", { title: "Late call" }), app.bed.mailer);
    await scheduleInterview(db(), owner.staff, grace.id, at(today, "00:15", { title: "Early call" }), app.bed.mailer);
    await scheduleInterview(db(), owner.staff, grace.id, at(dateIn(zone, 1), "00:15", { title: "Tomorrow" }), app.bed.mailer);
    await scheduleInterview(db(), owner.staff, grace.id, at(dateIn(zone, -1), "23:45", { title: "Yesterday" }), app.bed.mailer);
    await scheduleInterview(db(), owner.staff, grace.id, at(today, "12:00", { title: "Someone else's", interviewerIds: [teammate.staff.userId] }), app.bed.mailer);
    const cancelled = await scheduleInterview(db(), owner.staff, grace.id, at(today, "13:00", { title: "Called off" }), app.bed.mailer);
    await cancelInterview(db(), owner.staff, cancelled.id, app.bed.mailer);
    const stranger = await createStaff(db(), app.bed.auth);

    const dashboard = await callLoader(dashboardRoute.loader, { path: "/dashboard", cookie: `${owner.cookie}; tz=${encodeURIComponent(zone)}` });
    expect(dashboard.status).toBe(200);
    expect(dashboard.data.interviews.map((interview) => [interview.time, interview.title, interview.candidateName, interview.href])).toEqual([
      ["00:15–01:00", "Early call", "Grace Hopper", `/applications/${grace.id}#interviews`],
      ["23:15–00:00", "Late call", "Ada Lovelace", `/applications/${ada.id}#interviews`],
    ]);
    expect(dashboard.data.interviews[0]).toMatchObject({ jobTitle: "Engineer", location: "https://meet.example.com/ada" });
    // The teammate's day holds only their own; another company's member has none.
    const theirs = await callLoader(dashboardRoute.loader, { path: "/dashboard", cookie: `${teammate.cookie}; tz=${encodeURIComponent(zone)}` });
    expect(theirs.data.interviews.map((interview) => interview.title)).toEqual(["Someone else's"]);
    const strangers = await callLoader(dashboardRoute.loader, { path: "/dashboard", cookie: stranger.cookie });
    expect(strangers.data.interviews).toEqual([]);
  });

  it("takes the day and the times in the zone the member chose in their profile, whatever their browser's", async () => {
    const owner = await createStaff(db(), app.bed.auth, { fullName: "Rita Recruiter" });
    const job = await createTestJob(db(), owner.staff, { title: "Engineer" });
    const ada = await createTestApplication(db(), job, { candidateName: "Ada Lovelace" });
    // Tokyo's today and New York's today overlap for a few hours only: 09:00 in Tokyo is New York's previous evening.
    const zone = "Asia/Tokyo";
    await updateAvailability(db(), owner.staff, { timeZone: zone, workingHours: [...DEFAULT_WORKING_HOURS] });
    await scheduleInterview(db(), owner.staff, ada.id, input({ date: dateIn(zone, 0), startTime: "09:00", timeZone: zone, interviewerIds: [owner.staff.userId] }), app.bed.mailer);

    const dashboard = await callLoader(dashboardRoute.loader, { path: "/dashboard", cookie: `${owner.cookie}; tz=${encodeURIComponent("America/New_York")}` });
    expect(dashboard.data.interviews.map((interview) => [interview.time, interview.title])).toEqual([["09:00–09:45", "Technical interview"]]);
  });

  it("shows a card's next interview, not a past or cancelled one", async () => {
    const owner = await createStaff(db(), app.bed.auth, { fullName: "Rita Recruiter" });
    const job = await createTestJob(db(), owner.staff, { title: "Engineer" });
    const ada = await createTestApplication(db(), job, { candidateName: "Ada Lovelace" });
    const grace = await createTestApplication(db(), job, { candidateName: "Grace Hopper" });
    const mine = [owner.staff.userId];
    await scheduleInterview(db(), owner.staff, ada.id, input({ date: dateIn("UTC", 3), timeZone: "UTC", interviewerIds: mine }), app.bed.mailer);
    await scheduleInterview(db(), owner.staff, ada.id, input({ date: dateIn("UTC", 9), timeZone: "UTC", interviewerIds: mine }), app.bed.mailer);
    await scheduleInterview(db(), owner.staff, grace.id, input({ date: dateIn("UTC", -3), timeZone: "UTC", interviewerIds: mine }), app.bed.mailer);
    const off = await scheduleInterview(db(), owner.staff, grace.id, input({ date: dateIn("UTC", 2), timeZone: "UTC", interviewerIds: mine }), app.bed.mailer);
    await cancelInterview(db(), owner.staff, off.id, app.bed.mailer);

    const board = await getPipelineBoard(db(), owner.staff, job.id);
    const cards = new Map(board!.columns.flatMap((column) => column.cards).map((card) => [card.id, card]));
    expect(cards.get(ada.id)?.nextInterview).toBe(`${dateIn("UTC", 3)}T10:00:00.000Z`);
    expect(cards.get(grace.id)).not.toHaveProperty("nextInterview");

    // The page says it on the card, in its data.
    const page = await callLoader(pipelineRoute.loader, { path: `/manage/jobs/${job.id}`, cookie: owner.cookie, params: { jobId: job.id } });
    expect(JSON.stringify(page.data)).toContain(`${dateIn("UTC", 3)}T10:00:00.000Z`);
  });
});
