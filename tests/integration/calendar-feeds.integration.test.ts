import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarFeeds, interviews, profiles } from "../../db/schema";
import { InterviewSchema } from "~/schemas/interview";
import { COMPANY_FEED_ADMINS_ONLY, CALENDAR_LINK_EXISTS, createCalendarFeed, hashCalendarToken, listCalendarFeeds, resetCalendarFeed } from "~/server/interviews/calendar-feeds.server";
import { cancelInterview, scheduleInterview } from "~/server/interviews/interviews.server";
import { removeMember } from "~/server/team/team.server";
import * as feedRoute from "~/routes/api/calendar-feed";
import * as profileRoute from "~/routes/staff/settings-profile";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { parseFeed } from "../helpers/ical";
import { callAction, callLoader, setUpAppAccountsTestbed } from "../helpers/route-test";

/*
 * Calendar feeds (issue 14, decision 102 "Calendar feeds"): /calendar/<token>.ics without a session,
 * a member's own interviews or (admins) the company's, only the token's hash stored, a reset token
 * dead at once, another company's interviews never in it.
 */

const app = setUpAppAccountsTestbed();
const db = () => app.bed.t.db;

/** A day `days` from today (UTC), as the form writes it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const input = (overrides: Record<string, unknown>) =>
  InterviewSchema.parse({ title: "Technical interview", date: day(3), startTime: "10:00", durationMinutes: "60", timeZone: "UTC", location: "Room 1", notesForInterviewers: "Ask about compilers.", ...overrides });

async function setup() {
  const owner = await createStaff(db(), app.bed.auth, { fullName: "Rita Recruiter" });
  const job = await createTestJob(db(), owner.staff, { title: "Engineer" });
  const ada = await createTestApplication(db(), job, { candidateName: "Ada Lovelace" });
  const grace = await createTestApplication(db(), job, { candidateName: "Grace Hopper" });
  const bert = await createMember(db(), app.bed.auth, owner.staff, "interviewer", { fullName: "Bert Berlin" });
  const nora = await createMember(db(), app.bed.auth, owner.staff, "recruiter", { fullName: "Nora New York" });
  const withBert = await scheduleInterview(db(), owner.staff, ada.id, input({ interviewerIds: [bert.staff.userId] }), app.bed.mailer);
  const withNora = await scheduleInterview(db(), owner.staff, grace.id, input({ date: day(5), interviewerIds: [nora.staff.userId] }), app.bed.mailer);
  const uid = async (id: string) => (await db().select({ uid: interviews.uid }).from(interviews).where(eq(interviews.id, id)))[0]!.uid;
  return { owner, job, ada, grace, bert, nora, withBert: { id: withBert.id, uid: await uid(withBert.id) }, withNora: { id: withNora.id, uid: await uid(withNora.id) } };
}

/** The feed as a calendar app gets it: no cookie, the token in the path. */
async function fetchFeed(token: string) {
  const answer = await callLoader(feedRoute.loader, { path: `/calendar/${token}.ics`, params: { feed: `${token}.ics` } });
  return { status: answer.status, headers: answer.headers, text: await answer.response!.text() };
}

describe("calendar feeds (decision 102)", () => {
  it("list the member's own interviews (not others'), as the invitations carry them, and only the token's hash is stored", async () => {
    const { bert, withBert, withNora } = await setup();
    const { token } = await createCalendarFeed(db(), bert.staff, "mine");
    const answer = await fetchFeed(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const feed = parseFeed(answer.text);
    expect(feed.method).toBe("PUBLISH");
    expect(feed.events).toMatchObject([{ uid: withBert.uid, sequence: 0, status: "CONFIRMED", dtstartText: `${day(3).replaceAll("-", "")}T100000Z`, summary: "Technical interview: Ada Lovelace (Engineer)" }]);
    expect(feed.events[0]!.description).toContain("Ask about compilers.");
    expect(answer.text).not.toContain(withNora.uid);

    const stored = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, bert.staff.userId));
    expect(stored).toMatchObject([{ scope: "mine", companyId: bert.staff.companyId, tokenHash: hashCalendarToken(token) }]);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await listCalendarFeeds(db(), bert.staff)).toEqual({ mine: { createdAt: stored[0]!.createdAt.toISOString() } });
  });

  it("show a cancelled interview as CANCELLED with its raised SEQUENCE, and leave out those older than the window", async () => {
    const { owner, bert, ada, withBert } = await setup();
    await cancelInterview(db(), owner.staff, withBert.id, app.bed.mailer);
    const old = await scheduleInterview(db(), owner.staff, ada.id, input({ date: day(-40), interviewerIds: [bert.staff.userId] }), app.bed.mailer);
    const recent = await scheduleInterview(db(), owner.staff, ada.id, input({ date: day(-20), interviewerIds: [bert.staff.userId] }), app.bed.mailer);
    const { token } = await createCalendarFeed(db(), bert.staff, "mine");
    const events = parseFeed((await fetchFeed(token)).text).events;
    const uids = await db().select({ id: interviews.id, uid: interviews.uid }).from(interviews);
    const uidOf = (id: string) => uids.find((row) => row.id === id)!.uid;
    expect(events.map((e) => [e.uid, e.status, e.sequence])).toEqual([
      [uidOf(recent.id), "CONFIRMED", 0],
      [withBert.uid, "CANCELLED", 1],
    ]);
    expect(events.map((e) => e.uid)).not.toContain(uidOf(old.id));
  });

  it("give admins the company's feed, and nobody else; it answers 404 once the member is no longer an admin", async () => {
    const { owner, bert, nora, withBert, withNora } = await setup();
    const company = await createCalendarFeed(db(), owner.staff, "company");
    const uids = parseFeed((await fetchFeed(company.token)).text).events.map((e) => e.uid);
    expect(uids).toEqual([withBert.uid, withNora.uid]);
    // The owner is on neither interview: their own feed is empty.
    expect(parseFeed((await fetchFeed((await createCalendarFeed(db(), owner.staff, "mine")).token)).text).events).toEqual([]);

    await expect(createCalendarFeed(db(), nora.staff, "company")).rejects.toMatchObject({ code: "FORBIDDEN", message: COMPANY_FEED_ADMINS_ONLY });
    await expect(resetCalendarFeed(db(), bert.staff, "company")).rejects.toMatchObject({ code: "FORBIDDEN" });

    // An admin's company feed, then demoted: 404 at once.
    const admin = await createMember(db(), app.bed.auth, owner.staff, "admin");
    const adminFeed = await createCalendarFeed(db(), admin.staff, "company");
    expect((await fetchFeed(adminFeed.token)).status).toBe(200);
    await db().update(profiles).set({ role: "recruiter" }).where(eq(profiles.id, admin.staff.userId));
    expect((await fetchFeed(adminFeed.token)).status).toBe(404);
    // A member removed from the company: their feed answers 404 too.
    const mine = await createCalendarFeed(db(), bert.staff, "mine");
    await removeMember(db(), owner.staff, bert.staff.userId);
    expect((await fetchFeed(mine.token)).status).toBe(404);
  });

  it("are reset: the old token answers 404 at once, the new one works; making a second is refused", async () => {
    const { bert, withBert } = await setup();
    const first = await createCalendarFeed(db(), bert.staff, "mine");
    await expect(createCalendarFeed(db(), bert.staff, "mine")).rejects.toMatchObject({ code: "CONFLICT", message: CALENDAR_LINK_EXISTS });
    const second = await resetCalendarFeed(db(), bert.staff, "mine");
    expect(second.token).not.toBe(first.token);
    const gone = await fetchFeed(first.token);
    expect(gone).toMatchObject({ status: 404, text: "Not found" });
    expect(parseFeed((await fetchFeed(second.token)).text).events.map((e) => e.uid)).toEqual([withBert.uid]);
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, bert.staff.userId))).toHaveLength(1);
    // Unknown tokens and addresses that cannot hold one: the same bare 404.
    for (const feed of [`${"A".repeat(43)}.ics`, `${second.token}.json`, second.token, "x.ics", `${second.token}x.ics`]) {
      const answer = await callLoader(feedRoute.loader, { path: `/calendar/${feed}`, params: { feed } });
      expect([feed, answer.status]).toEqual([feed, 404]);
    }
  });

  it("never hold another company's interviews, whoever asks", async () => {
    const { withBert, withNora } = await setup();
    const other = await createStaff(db(), app.bed.auth, { fullName: "Olga Outsider" });
    const theirJob = await createTestJob(db(), other.staff, { title: "Designer" });
    const theirs = await scheduleInterview(db(), other.staff, (await createTestApplication(db(), theirJob)).id, input({ interviewerIds: [other.staff.userId] }), app.bed.mailer);
    for (const scope of ["mine", "company"] as const) {
      const text = (await fetchFeed((await createCalendarFeed(db(), other.staff, scope)).token)).text;
      expect(text).not.toContain(withBert.uid);
      expect(text).not.toContain(withNora.uid);
      expect(text).not.toContain("Ada Lovelace");
      expect(parseFeed(text).events).toHaveLength(1);
    }
    const [row] = await db().select({ uid: interviews.uid }).from(interviews).where(eq(interviews.id, theirs.id));
    expect(row!.uid).toMatch(/@openhire$/);
  });

  it("are made and reset from Settings › Profile, the address shown once; the company's only for admins", async () => {
    const { owner, bert, withBert } = await setup();
    const made = await callAction(profileRoute.action, { path: "/settings", cookie: bert.cookie, form: new URLSearchParams([["intent", "create-calendar-link"]]) });
    expect(made.status).toBe(200);
    const url = (made.data as { form: string; calendarUrl: string }).calendarUrl;
    expect(made.data).toMatchObject({ form: "calendar-mine" });
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = url.split("/").pop()!.replace(/\.ics$/, "");
    expect(parseFeed((await fetchFeed(token)).text).events.map((e) => e.uid)).toEqual([withBert.uid]);

    // The page says a link exists, never the address.
    const page = await callLoader(profileRoute.loader, { path: "/settings", cookie: bert.cookie });
    expect((page.data as { calendarFeeds: unknown }).calendarFeeds).toEqual({ mine: { createdAt: expect.any(String) } });
    expect(JSON.stringify(page.data)).not.toContain(token);

    const again = await callAction(profileRoute.action, { path: "/settings", cookie: bert.cookie, form: new URLSearchParams([["intent", "create-calendar-link"]]) });
    expect(again).toMatchObject({ status: 409, data: { form: "calendar-mine", errors: { form: CALENDAR_LINK_EXISTS } } });
    const reset = await callAction(profileRoute.action, { path: "/settings", cookie: bert.cookie, form: new URLSearchParams([["intent", "reset-calendar-link"]]) });
    expect(reset.status).toBe(200);
    expect((await fetchFeed(token)).status).toBe(404);

    // The company's feed: a 403 for an interviewer, the address for an admin.
    const refused = await callAction(profileRoute.action, { path: "/settings", cookie: bert.cookie, form: new URLSearchParams([["intent", "create-company-calendar-link"]]) });
    expect(refused.status).toBe(403);
    const ownerPage = await callLoader(profileRoute.loader, { path: "/settings", cookie: owner.cookie });
    expect((ownerPage.data as { calendarFeeds: unknown }).calendarFeeds).toEqual({ mine: null, company: null });
    const companyLink = await callAction(profileRoute.action, { path: "/settings", cookie: owner.cookie, form: new URLSearchParams([["intent", "create-company-calendar-link"]]) });
    expect(companyLink).toMatchObject({ status: 200, data: { form: "calendar-company", calendarUrl: expect.stringMatching(/\.ics$/) } });
  });
});
