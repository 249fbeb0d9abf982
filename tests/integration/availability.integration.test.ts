import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blockedTimes, profiles } from "../../db/schema";
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
import { setUpAppTestDatabase } from "../helpers/route-test";

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
