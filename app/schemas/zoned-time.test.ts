import { describe, expect, it } from "vitest";
import { formatClock, formatDayAndClock, formatInterviewTime, formatLongDate, formatZonedSpan, instantToZonedTime, isTimeZone, zonedTimeToInstant } from "./zoned-time";

describe("zonedTimeToInstant", () => {
  it("reads a wall time in the zone's offset on each side of a daylight-saving change", () => {
    // Berlin moves from UTC+1 to UTC+2 on 29 March 2026; New York from UTC−5 to UTC−4 on 8 March 2026.
    expect(zonedTimeToInstant("2026-03-27", "10:00", "Europe/Berlin")?.toISOString()).toBe("2026-03-27T09:00:00.000Z");
    expect(zonedTimeToInstant("2026-03-30", "10:00", "Europe/Berlin")?.toISOString()).toBe("2026-03-30T08:00:00.000Z");
    expect(zonedTimeToInstant("2026-03-06", "09:30", "America/New_York")?.toISOString()).toBe("2026-03-06T14:30:00.000Z");
    expect(zonedTimeToInstant("2026-03-09", "09:30", "America/New_York")?.toISOString()).toBe("2026-03-09T13:30:00.000Z");
  });

  it("answers null for a time the clocks skip, and the earlier instant for one they repeat", () => {
    expect(zonedTimeToInstant("2026-03-29", "02:30", "Europe/Berlin")).toBeNull();
    expect(zonedTimeToInstant("2026-03-08", "02:30", "America/New_York")).toBeNull();
    expect(zonedTimeToInstant("2026-10-25", "02:30", "Europe/Berlin")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedTimeToInstant("2026-02-30", "10:00", "Europe/Berlin")).toBeNull();
  });

  it("round-trips with instantToZonedTime", () => {
    const instant = zonedTimeToInstant("2026-11-02", "08:15", "America/New_York")!;
    expect(instantToZonedTime(instant, "America/New_York")).toEqual({ date: "2026-11-02", time: "08:15" });
    expect(instantToZonedTime(instant, "Europe/Berlin")).toEqual({ date: "2026-11-02", time: "14:15" });
  });
});

describe("formatInterviewTime", () => {
  it("states the time in the zone and names it", () => {
    const instant = new Date("2026-03-30T08:00:00Z");
    expect(formatInterviewTime(instant, 60, "Europe/Berlin")).toBe("Monday 30 March 2026, 10:00–11:00 (Europe/Berlin)");
    expect(formatInterviewTime(instant, 45, "America/New_York")).toBe("Monday 30 March 2026, 04:00–04:45 (America/New_York)");
  });

  it("writes a slot's day and time from one reading as formatLongDate and formatClock write them, across midnight and a clock change", () => {
    for (const [at, zone] of [
      ["2026-03-29T00:45:00Z", "Europe/Berlin"],
      ["2026-03-29T01:00:00Z", "Europe/Berlin"],
      ["2026-03-29T22:15:00Z", "Europe/Berlin"],
      ["2026-11-01T05:30:00Z", "America/New_York"],
      ["2026-11-01T06:30:00Z", "America/New_York"],
    ] as const) {
      const instant = new Date(at);
      expect(formatDayAndClock(instant, zone)).toEqual({ day: formatLongDate(instant, zone), time: formatClock(instant, zone) });
    }
    expect(formatDayAndClock(new Date("2026-03-29T22:15:00Z"), "Europe/Berlin")).toEqual({ day: "Monday 30 March 2026", time: "00:15" });
  });

  it("knows IANA zones only", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("formatZonedSpan", () => {
  it("writes a span on the zone's wall clock, the day once when it ends the same day", () => {
    const start = new Date("2026-12-28T08:00:00Z");
    expect(formatZonedSpan(start, new Date("2027-01-01T16:00:00Z"), "Europe/Berlin")).toBe("Mon 28 Dec 2026 09:00 – Fri 1 Jan 2027 17:00");
    expect(formatZonedSpan(start, new Date("2026-12-28T12:30:00Z"), "Europe/Berlin")).toBe("Mon 28 Dec 2026 09:00 – 13:30");
    // The same instants in New York: the evening before.
    expect(formatZonedSpan(start, new Date("2026-12-28T12:30:00Z"), "America/New_York")).toBe("Mon 28 Dec 2026 03:00 – 07:30");
    expect(formatZonedSpan(new Date("2026-09-06T23:30:00Z"), new Date("2026-09-07T01:00:00Z"), "UTC")).toBe("Sun 6 Sep 2026 23:30 – Mon 7 Sep 2026 01:00");
  });
});
