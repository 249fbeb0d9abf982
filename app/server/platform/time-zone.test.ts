import { describe, expect, it } from "vitest";
import { isTimeZone, zoneOffset } from "~/schemas/zoned-time";
import { knownTimeZones, offsetAt, requestTimeZone, resolveTimeZone, startOfDateInTimeZone, startOfDayInTimeZone } from "./time-zone.server";

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

describe("startOfDateInTimeZone", () => {
  it("is the local midnight that begins a typed date, across a change of the clocks", () => {
    expect(startOfDateInTimeZone("2026-03-10", "UTC").toISOString()).toBe("2026-03-10T00:00:00.000Z");
    expect(startOfDateInTimeZone("2026-03-10", "Asia/Tokyo").toISOString()).toBe("2026-03-09T15:00:00.000Z");
    expect(startOfDateInTimeZone("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDateInTimeZone("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDateInTimeZone("2024-02-29", "Pacific/Kiritimati").toISOString()).toBe("2024-02-28T10:00:00.000Z");
  });
});

describe("requestTimeZone", () => {
  const request = (cookie?: string) => new Request("http://localhost/", { headers: cookie ? { cookie } : {} });
  it("reads the tz cookie, and is UTC without it or for a zone nobody knows", () => {
    expect(requestTimeZone(request("a=1; tz=Europe%2FBerlin; b=2"))).toBe("Europe/Berlin");
    expect(requestTimeZone(request("tz=Not%2FAZone"))).toBe("UTC");
    expect(requestTimeZone(request("tz=%E0%A4%A"))).toBe("UTC");
    expect(requestTimeZone(request())).toBe("UTC");
  });
});

describe("knownTimeZones", () => {
  it("lists every zone the runtime knows, UTC among them, sorted, each one the schemas accept", () => {
    const zones = knownTimeZones();
    expect(zones).toContain("UTC");
    expect(zones).toContain("Europe/Berlin");
    expect([...zones].sort()).toEqual(zones);
    expect(zones.filter((zone) => !isTimeZone(zone))).toEqual([]);
  });
});

describe("offsetAt", () => {
  it("is the offset the zone's clock reads at any instant, either side of every change", () => {
    const zones = ["UTC", "America/New_York", "Europe/Lisbon", "Australia/Lord_Howe", "Asia/Kolkata", "America/Santiago", "Pacific/Chatham"];
    for (const zone of zones) {
      // Every three hours and seven seconds through two years.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 3 * 3_600_000 + 7_000) {
        expect(offsetAt(at, zone), `${zone} at ${new Date(at).toISOString()}`).toBe(zoneOffset(at, zone));
      }
    }
    // New York springs forward at 07:00 UTC on 8 March 2026: the second before and the second of it.
    expect(offsetAt(Date.UTC(2026, 2, 8, 6, 59, 59, 999), "America/New_York")).toBe(-5 * 3_600_000);
    expect(offsetAt(Date.UTC(2026, 2, 8, 7), "America/New_York")).toBe(-4 * 3_600_000);
    // Lord Howe moves its clocks by half an hour.
    expect(offsetAt(Date.UTC(2026, 6, 1), "Australia/Lord_Howe")).toBe(10.5 * 3_600_000);
  });
});
