import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blockedTimes, profiles } from "../../db/schema";
import * as profileRoute from "~/routes/staff/settings-profile";
import { AvailabilityFormSchema, BlockedTimeSchema, DEFAULT_WORKING_HOURS } from "~/schemas/availability";
import { parseForm } from "~/schemas/parse-form";
import {
  addBlockedTime,
  BLOCKED_TIME_GONE,
  BLOCKED_TIME_PAST,
  getAvailability,
  listBlockedTimes,
  MAX_BLOCKED_TIMES,
  removeBlockedTime,
  TOO_MANY_BLOCKED_TIMES,
  updateAvailability,
} from "~/server/settings/availability.server";
import { createMember, createStaff } from "../factories";
import { callAction, callLoader, type RouteAnswer, setUpAppTestDatabase } from "../helpers/route-test";

/*
 * A member's availability (issue 14, decision 103): their time zone, weekly working hours and blocked
 * times, kept in Settings › Profile. Each member sees and changes only their own.
 */

const bed = setUpAppTestDatabase();
const db = () => bed.t.db;

/** A date `days` from today (UTC), as a date box sends it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A blocked time as the form sends it, in UTC unless told. */
const blockedForm = (overrides: Record<string, string> = {}) => ({ startDate: day(10), startTime: "09:00", endDate: day(12), endTime: "17:00", timeZone: "UTC", reason: "Holiday", ...overrides });
const blocked = (overrides: Record<string, string> = {}) => BlockedTimeSchema.parse(blockedForm(overrides));

/** The availability form: the zone and each working weekday's box and hours. */
function availabilityForm(timeZone: string, days: Record<number, [string, string]>): Record<string, string> {
  const form: Record<string, string> = { intent: "availability", timeZone };
  for (const [weekday, [start, end]] of Object.entries(days)) Object.assign(form, { [`day-${weekday}`]: "on", [`start-${weekday}`]: start, [`end-${weekday}`]: end });
  return form;
}

/** What the page's loader says of the member's availability. */
async function shown(cookie: string, headers: Record<string, string> = {}) {
  return (await callLoader(profileRoute.loader, { path: "/settings", cookie, headers })).data.availability;
}

/** The notice code a redirect carries. */
function noticeOf(answer: RouteAnswer<unknown>) {
  expect(answer.status).toBe(302);
  expect(answer.headers.get("Location")).toBe("/settings");
  return /^openhire_notice=([a-z-]+)\./.exec(answer.headers.getSetCookie().find((c) => c.startsWith("openhire_notice=")) ?? "")?.[1];
}

describe("availability (decision 103)", () => {
  it("starts with no zone and Monday to Friday 09:00–17:00, and saves and reads back the zone and the week", async () => {
    const { staff } = await createStaff(db(), bed.t.auth);
    expect(await getAvailability(db(), staff)).toEqual({ timeZone: null, workingHours: [...DEFAULT_WORKING_HOURS] });

    const input = parseForm(AvailabilityFormSchema, availabilityForm("Europe/Berlin", { 5: ["09:00", "13:00"], 1: ["08:30", "16:00"], 3: ["10:00", "18:00"] }));
    if (!input.success) throw new Error(JSON.stringify(input.errors));
    await updateAvailability(db(), staff, input.data);
    const week = [
      { day: 1, start: "08:30", end: "16:00" },
      { day: 3, start: "10:00", end: "18:00" },
      { day: 5, start: "09:00", end: "13:00" },
    ];
    expect(await getAvailability(db(), staff)).toEqual({ timeZone: "Europe/Berlin", workingHours: week });
    const [row] = await db().select({ timeZone: profiles.timeZone, workingHours: profiles.workingHours }).from(profiles).where(eq(profiles.id, staff.userId));
    expect(row).toEqual({ timeZone: "Europe/Berlin", workingHours: week });

    // No working days at all is a week off, not the default.
    await updateAvailability(db(), staff, { timeZone: "UTC", workingHours: [] });
    expect(await getAvailability(db(), staff)).toEqual({ timeZone: "UTC", workingHours: [] });
  });

  it("changes only the member's own profile: a teammate's and another company's stay as they were", async () => {
    const owner = await createStaff(db(), bed.t.auth);
    const teammate = await createMember(db(), bed.t.auth, owner.staff, "interviewer");
    const outsider = await createStaff(db(), bed.t.auth);
    await updateAvailability(db(), teammate.staff, { timeZone: "Asia/Tokyo", workingHours: [{ day: 2, start: "10:00", end: "12:00" }] });
    expect(await getAvailability(db(), owner.staff)).toEqual({ timeZone: null, workingHours: [...DEFAULT_WORKING_HOURS] });
    expect(await getAvailability(db(), outsider.staff)).toEqual({ timeZone: null, workingHours: [...DEFAULT_WORKING_HOURS] });
    // An actor whose company is not their profile's finds no profile to read or change.
    const astray = { userId: teammate.staff.userId, companyId: outsider.staff.companyId };
    await expect(getAvailability(db(), astray)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(updateAvailability(db(), astray, { timeZone: "UTC", workingHours: [] })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await getAvailability(db(), teammate.staff)).toMatchObject({ timeZone: "Asia/Tokyo" });
  });

  it("adds, lists (not ended, earliest first) and removes the member's blocked times", async () => {
    const { staff } = await createStaff(db(), bed.t.auth);
    expect(await listBlockedTimes(db(), staff)).toEqual([]);
    const later = await addBlockedTime(db(), staff, blocked({ startDate: day(20), endDate: day(21), reason: "Conference" }));
    const sooner = await addBlockedTime(db(), staff, blocked({ startDate: day(2), endDate: day(2), endTime: "12:00", reason: "" }));
    // One that has ended by now is not listed (written directly: the service refuses to add it).
    await db()
      .insert(blockedTimes)
      .values({ companyId: staff.companyId, userId: staff.userId, startsAt: new Date(Date.now() - 3 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000), reason: "Last week" });
    expect(await listBlockedTimes(db(), staff)).toEqual([
      { id: sooner.id, startsAt: new Date(`${day(2)}T09:00:00Z`), endsAt: new Date(`${day(2)}T12:00:00Z`), reason: "" },
      { id: later.id, startsAt: new Date(`${day(20)}T09:00:00Z`), endsAt: new Date(`${day(21)}T17:00:00Z`), reason: "Conference" },
    ]);
    await removeBlockedTime(db(), staff, sooner.id);
    expect((await listBlockedTimes(db(), staff)).map((b) => b.id)).toEqual([later.id]);
    await expect(removeBlockedTime(db(), staff, sooner.id)).rejects.toMatchObject({ code: "NOT_FOUND", message: BLOCKED_TIME_GONE });
  });

  it("refuses a blocked time that has already ended, and more than the list holds", async () => {
    const { staff } = await createStaff(db(), bed.t.auth);
    await expect(addBlockedTime(db(), staff, blocked({ startDate: day(-3), endDate: day(-2) }))).rejects.toMatchObject({ code: "INVALID", message: BLOCKED_TIME_PAST, details: { field: "endDate" } });
    await db()
      .insert(blockedTimes)
      .values(Array.from({ length: MAX_BLOCKED_TIMES }, (_, i) => ({ companyId: staff.companyId, userId: staff.userId, startsAt: new Date(Date.now() + (i + 1) * 3_600_000), endsAt: new Date(Date.now() + (i + 2) * 3_600_000) })));
    await expect(addBlockedTime(db(), staff, blocked())).rejects.toMatchObject({ code: "CONFLICT", message: TOO_MANY_BLOCKED_TIMES });
    expect(await listBlockedTimes(db(), staff)).toHaveLength(MAX_BLOCKED_TIMES);
  });

  it("never shows or removes a teammate's or another company's blocked time; an id that is no UUID is not found", async () => {
    const owner = await createStaff(db(), bed.t.auth);
    const teammate = await createMember(db(), bed.t.auth, owner.staff, "recruiter");
    const outsider = await createStaff(db(), bed.t.auth);
    const teammates = await addBlockedTime(db(), teammate.staff, blocked({ reason: "Teammate's holiday" }));
    const outsiders = await addBlockedTime(db(), outsider.staff, blocked({ reason: "Outsider's holiday" }));
    expect(await listBlockedTimes(db(), owner.staff)).toEqual([]);
    for (const id of [teammates.id, outsiders.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      await expect(removeBlockedTime(db(), owner.staff, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    // Even the blocked time's own member, acting for another company, cannot reach it.
    await expect(removeBlockedTime(db(), { userId: teammate.staff.userId, companyId: outsider.staff.companyId }, teammates.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listBlockedTimes(db(), teammate.staff)).map((b) => b.reason)).toEqual(["Teammate's holiday"]);
    expect((await listBlockedTimes(db(), outsider.staff)).map((b) => b.reason)).toEqual(["Outsider's holiday"]);
  });
});

describe("Settings › Profile's availability forms", () => {
  it("show the browser's zone (the tz cookie) until one is saved, else UTC, with the default week and no blocked times", async () => {
    const { cookie } = await createStaff(db(), bed.t.auth);
    expect(await shown(cookie)).toEqual({ timeZone: "UTC", timeZoneSaved: false, workingHours: [...DEFAULT_WORKING_HOURS], blockedTimes: [] });
    expect(await shown(`${cookie}; tz=${encodeURIComponent("America/New_York")}`)).toMatchObject({ timeZone: "America/New_York", timeZoneSaved: false });
    expect(await shown(`${cookie}; tz=Not%2FA_Zone`)).toMatchObject({ timeZone: "UTC" });
    const page = await callLoader(profileRoute.loader, { path: "/settings", cookie });
    expect(page.data.timeZones).toContain("Europe/Berlin");
    expect(page.data.timeZones).toContain("UTC");
  });

  it("save the zone and the week, keep them over the browser's zone, and refuse a zone or hours that cannot be, beside their fields", async () => {
    const { cookie } = await createStaff(db(), bed.t.auth);
    const save = (form: Record<string, string>) => callAction(profileRoute.action, { path: "/settings", cookie, form });
    // Friday unticked (its times sent all the same, as the form does), Monday's hours changed.
    const form = { ...availabilityForm("Europe/Berlin", { 1: ["10:00", "18:00"], 2: ["09:00", "17:00"], 3: ["09:00", "17:00"], 4: ["09:00", "17:00"] }), "start-5": "09:00", "end-5": "17:00" };
    expect(noticeOf(await save(form))).toBe("availability-saved");
    expect(await shown(`${cookie}; tz=America%2FNew_York`)).toEqual({
      timeZone: "Europe/Berlin",
      timeZoneSaved: true,
      workingHours: [
        { day: 1, start: "10:00", end: "18:00" },
        { day: 2, start: "09:00", end: "17:00" },
        { day: 3, start: "09:00", end: "17:00" },
        { day: 4, start: "09:00", end: "17:00" },
      ],
      blockedTimes: [],
    });

    const refused = await save({ ...availabilityForm("Europe/Atlantis", { 1: ["10:00", "18:00"], 3: ["17:00", "09:00"] }), "start-7": "x".repeat(500) });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        form: "availability",
        errors: { timeZone: "Choose a time zone from the list", "end-3": "Each day's hours end after they start." },
        // What was typed comes back, a value longer than a field holds does not.
        values: { timeZone: "Europe/Atlantis", "day-1": "on", "start-1": "10:00", "end-1": "18:00", "day-3": "on", "start-3": "17:00", "end-3": "09:00" },
      },
    });
    expect(Object.keys((refused.data as { values: Record<string, string> }).values)).not.toContain("intent");
    expect(Object.keys((refused.data as { values: Record<string, string> }).values)).not.toContain("start-7");
    expect(await save({ intent: "availability", timeZone: "" })).toMatchObject({ status: 400, data: { errors: { timeZone: "Time zone is required" } } });
    // Nothing of a refused form was kept.
    expect(await shown(cookie)).toMatchObject({ timeZone: "Europe/Berlin", workingHours: [{ day: 1, start: "10:00", end: "18:00" }, expect.anything(), expect.anything(), expect.anything()] });
  });

  it("add a blocked time in the member's zone, list it in that zone, and remove it", async () => {
    const { cookie, staff } = await createStaff(db(), bed.t.auth);
    await updateAvailability(db(), staff, { timeZone: "Europe/Berlin", workingHours: [...DEFAULT_WORKING_HOURS] });
    const post = (form: Record<string, string>) => callAction(profileRoute.action, { path: "/settings", cookie, form });

    expect(noticeOf(await post({ intent: "add-blocked-time", ...blockedForm({ startDate: "2099-12-28", endDate: "2100-01-01", timeZone: "Europe/Berlin" }) }))).toBe("blocked-time-added");
    const [row] = await db().select().from(blockedTimes).where(eq(blockedTimes.userId, staff.userId));
    // Berlin is UTC+1 in winter.
    expect(row).toMatchObject({ companyId: staff.companyId, startsAt: new Date("2099-12-28T08:00:00Z"), endsAt: new Date("2100-01-01T16:00:00Z"), reason: "Holiday" });
    expect((await shown(cookie)).blockedTimes).toEqual([{ id: row!.id, when: "Mon 28 Dec 2099 09:00 – Fri 1 Jan 2100 17:00", reason: "Holiday" }]);

    const refused = await post({ intent: "add-blocked-time", ...blockedForm({ startDate: "2099-12-28", endDate: "2099-12-28", endTime: "08:00", timeZone: "Europe/Berlin", reason: "Backwards" }) });
    expect(refused).toMatchObject({ status: 400, data: { form: "blocked-time", errors: { endTime: "A blocked time ends after it starts." }, values: { startDate: "2099-12-28", endTime: "08:00", reason: "Backwards" } } });
    const past = await post({ intent: "add-blocked-time", ...blockedForm({ startDate: "2001-01-01", endDate: "2001-01-02" }) });
    expect(past).toMatchObject({ status: 400, data: { form: "blocked-time", errors: { endDate: BLOCKED_TIME_PAST } } });

    expect(noticeOf(await post({ intent: "remove-blocked-time", blockedTimeId: row!.id }))).toBe("blocked-time-removed");
    expect((await shown(cookie)).blockedTimes).toEqual([]);
  });

  it("answer 404 for removing a teammate's, another company's or a malformed blocked time id, and remove nothing", async () => {
    const owner = await createStaff(db(), bed.t.auth);
    const teammate = await createMember(db(), bed.t.auth, owner.staff, "interviewer");
    const outsider = await createStaff(db(), bed.t.auth);
    const theirs = await addBlockedTime(db(), teammate.staff, blocked());
    const foreign = await addBlockedTime(db(), outsider.staff, blocked());
    for (const blockedTimeId of [theirs.id, foreign.id, "42", ""]) {
      const answer = await callAction(profileRoute.action, { path: "/settings", cookie: owner.cookie, form: { intent: "remove-blocked-time", blockedTimeId } });
      expect({ blockedTimeId, status: answer.status, thrown: answer.thrown }).toEqual({ blockedTimeId, status: 404, thrown: true });
    }
    expect(await db().select({ id: blockedTimes.id }).from(blockedTimes)).toEqual(expect.arrayContaining([{ id: theirs.id }, { id: foreign.id }]));
    // The teammate (an interviewer: `workspace.use` is all it takes) removes their own.
    const answer = await callAction(profileRoute.action, { path: "/settings", cookie: teammate.cookie, form: { intent: "remove-blocked-time", blockedTimeId: theirs.id } });
    expect(noticeOf(answer)).toBe("blocked-time-removed");
  });

  it("send a signed-out visitor to sign in, changing nothing", async () => {
    const { staff } = await createStaff(db(), bed.t.auth);
    const mine = await addBlockedTime(db(), staff, blocked());
    for (const form of [availabilityForm("UTC", {}), { intent: "add-blocked-time", ...blockedForm() }, { intent: "remove-blocked-time", blockedTimeId: mine.id }]) {
      const answer = await callAction(profileRoute.action, { path: "/settings", form });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toMatch(/^\/login\?/);
    }
    expect(await getAvailability(db(), staff)).toEqual({ timeZone: null, workingHours: [...DEFAULT_WORKING_HOURS] });
    expect((await listBlockedTimes(db(), staff)).map((b) => b.id)).toEqual([mine.id]);
  });
});
