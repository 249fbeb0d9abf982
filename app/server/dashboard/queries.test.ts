import { describe, expect, it } from "vitest";
import { resolveTimeZone, startOfDayInTimeZone } from "./queries.server";

describe("resolveTimeZone", () => {
  it("keeps a zone Intl knows and falls back to UTC otherwise", () => {
    expect(resolveTimeZone("Europe/Lisbon")).toBe("Europe/Lisbon");
    expect(resolveTimeZone("Not/AZone")).toBe("UTC");
    expect(resolveTimeZone("")).toBe("UTC");
    expect(resolveTimeZone(undefined)).toBe("UTC");
  });
});

describe("startOfDayInTimeZone", () => {
  it("is midnight of the zone's own date, not the server's", () => {
    // 02:30 UTC on 10 March is still 9 March in New York (UTC-5).
    const now = new Date("2026-03-10T02:30:00Z");
    expect(startOfDayInTimeZone(now, "UTC").toISOString()).toBe("2026-03-10T00:00:00.000Z");
    expect(startOfDayInTimeZone(now, "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDayInTimeZone(now, "Asia/Tokyo").toISOString()).toBe("2026-03-09T15:00:00.000Z");
    expect(startOfDayInTimeZone(now, "Asia/Kolkata").toISOString()).toBe("2026-03-09T18:30:00.000Z");
  });

  it("handles a day on which the clocks change", () => {
    // New York springs forward at 02:00 on 8 March 2026; midnight was still UTC-5.
    expect(startOfDayInTimeZone(new Date("2026-03-08T20:00:00Z"), "America/New_York").toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    // Lisbon falls back on 25 October 2026; midnight was still UTC+1.
    expect(startOfDayInTimeZone(new Date("2026-10-25T12:00:00Z"), "Europe/Lisbon").toISOString()).toBe(
      "2026-10-24T23:00:00.000Z",
    );
  });
});
