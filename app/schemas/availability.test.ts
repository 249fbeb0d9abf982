import { describe, expect, it } from "vitest";
import { AvailabilityFormSchema, availabilityFormInput, AvailabilitySchema, BlockedTimeSchema } from "./availability";
import { parseForm } from "./parse-form";

/** The availability form's fields: the zone and, for each working weekday, its box ticked and its hours. */
function form(timeZone: string, days: Record<number, [string, string]>): Record<string, string> {
  const values: Record<string, string> = { intent: "availability", timeZone };
  for (const [day, [start, end]] of Object.entries(days)) Object.assign(values, { [`day-${day}`]: "on", [`start-${day}`]: start, [`end-${day}`]: end });
  return values;
}

describe("AvailabilitySchema", () => {
  it("reads the ticked weekdays' hours in weekday order, leaving out the unticked ones' times", () => {
    const values = { ...form("Europe/Berlin", { 5: ["10:00", "14:00"], 1: ["08:30", "16:30"] }), "start-2": "09:00", "end-2": "17:00" };
    expect(parseForm(AvailabilityFormSchema, values)).toEqual({
      success: true,
      data: {
        timeZone: "Europe/Berlin",
        workingHours: [
          { day: 1, start: "08:30", end: "16:30" },
          { day: 5, start: "10:00", end: "14:00" },
        ],
      },
    });
    const formData = new FormData();
    for (const [name, value] of Object.entries(values)) formData.set(name, value);
    expect(availabilityFormInput(formData)).toEqual(availabilityFormInput(values));
  });

  it("puts each message beside its own field: the zone, and the day's from or until", () => {
    expect(parseForm(AvailabilityFormSchema, form("Mars/Olympus", { 1: ["09:00", "17:00"], 3: ["12:00", "11:00"], 4: ["", "17:00"] }))).toEqual({
      success: false,
      errors: { timeZone: "Choose a time zone from the list", "end-3": "Each day's hours end after they start.", "start-4": "Enter a time (HH:MM)" },
    });
    expect(parseForm(AvailabilityFormSchema, form("", {}))).toMatchObject({ errors: { timeZone: "Time zone is required" } });
    expect(parseForm(AvailabilityFormSchema, form("UTC", { 2: ["09:00", "9pm"] }))).toMatchObject({ errors: { "end-2": "Enter a time (HH:MM)" } });
  });

  it("keeps the zone as Intl spells it", () => {
    expect(parseForm(AvailabilityFormSchema, form(" europe/berlin ", {}))).toEqual({ success: true, data: { timeZone: "Europe/Berlin", workingHours: [] } });
  });

  it("takes a week without working days, and refuses a weekday twice", () => {
    expect(parseForm(AvailabilityFormSchema, form("UTC", {}))).toEqual({ success: true, data: { timeZone: "UTC", workingHours: [] } });
    const twice = AvailabilitySchema.safeParse({ timeZone: "UTC", workingHours: [{ day: 1, start: "09:00", end: "10:00" }, { day: 1, start: "11:00", end: "12:00" }] });
    expect(twice.success).toBe(false);
  });
});

describe("BlockedTimeSchema", () => {
  const blocked = (overrides: Record<string, string>) =>
    parseForm(BlockedTimeSchema, { startDate: "2026-12-28", startTime: "09:00", endDate: "2027-01-01", endTime: "17:00", timeZone: "Europe/Berlin", reason: " Holiday ", ...overrides });

  it("reads the span in the zone", () => {
    expect(blocked({})).toEqual({ success: true, data: { startsAt: new Date("2026-12-28T08:00:00Z"), endsAt: new Date("2027-01-01T16:00:00Z"), reason: "Holiday" } });
  });

  it("refuses an end before the start, a time the clocks skip and a missing date, beside their fields", () => {
    expect(blocked({ endDate: "2026-12-28", endTime: "08:00" })).toEqual({ success: false, errors: { endTime: "A blocked time ends after it starts." } });
    expect(blocked({ startDate: "2026-03-29", startTime: "02:30" })).toMatchObject({ errors: { startTime: expect.stringContaining("does not exist in Europe/Berlin") } });
    expect(blocked({ startDate: "" })).toMatchObject({ errors: { startDate: "From date is required" } });
  });
});
