import { describe, expect, it } from "vitest";
import { dayBlockTiers, hourTiers } from "./tiers.server";

const at = (iso: string) => new Date(iso);
/** Tiers as text: each span and end with its instants to the minute, an end with a sign ("+" or "−") when it has one. */
const spans = (tiers: ReturnType<typeof hourTiers> | ReturnType<typeof dayBlockTiers>) =>
  tiers && {
    counted: tiers.counted.map(({ span, from, before }) => `${span} ${from.toISOString().slice(0, 16)}–${before.toISOString().slice(0, 16)}`),
    ends: tiers.ends.map(
      (end) => `${"sign" in end ? (end.sign > 0 ? "+ " : "− ") : ""}${end.from.toISOString().slice(0, 16)}–${end.before.toISOString().slice(0, 16)}`,
    ),
  };

describe("hourTiers (decision 120)", () => {
  it("reads a New York year as whole months, the days around them and the hours at either end", () => {
    // 2025-11-14 to 2026-11-13 in New York: from 05:00 UTC (winter) to 05:00 UTC the day after.
    expect(spans(hourTiers(at("2025-11-14T05:00:00Z"), at("2026-11-14T05:00:00Z")))).toEqual({
      counted: [
        "hour 2025-11-14T05:00–2025-11-15T00:00",
        "day 2025-11-15T00:00–2025-12-01T00:00",
        "month 2025-12-01T00:00–2026-11-01T00:00",
        "day 2026-11-01T00:00–2026-11-14T00:00",
        "hour 2026-11-14T00:00–2026-11-14T05:00",
      ],
      ends: [],
    });
  });

  it("leaves the part of an hour of a half-hour offset to the rows", () => {
    // A day in India: 18:30 UTC to 18:30 UTC, no whole UTC day in it.
    expect(spans(hourTiers(at("2026-03-08T18:30:00Z"), at("2026-03-09T18:30:00Z")))).toEqual({
      counted: ["hour 2026-03-08T19:00–2026-03-09T18:00"],
      ends: ["2026-03-08T18:30–2026-03-08T19:00", "2026-03-09T18:00–2026-03-09T18:30"],
    });
  });

  it("counts whole UTC days and months as they are, and nothing without a whole hour", () => {
    expect(spans(hourTiers(at("2026-03-01T00:00:00Z"), at("2026-05-01T00:00:00Z")))).toEqual({ counted: ["month 2026-03-01T00:00–2026-05-01T00:00"], ends: [] });
    expect(spans(hourTiers(at("2026-03-01T00:00:00Z"), at("2026-03-03T00:00:00Z")))).toEqual({ counted: ["day 2026-03-01T00:00–2026-03-03T00:00"], ends: [] });
    expect(hourTiers(at("2026-03-01T10:10:00Z"), at("2026-03-01T10:50:00Z"))).toBeUndefined();
  });
});

describe("dayBlockTiers (decision 148)", () => {
  it("reads a New York year as months, the blocks around them, the days around those and the hours at either end", () => {
    // 2025-11-14 to 2026-11-13 in New York: from 05:00 UTC to 05:00 UTC the day after. The first UTC
    // day is counted whole and its first five hours taken away; the last day's five hours are rows.
    expect(spans(dayBlockTiers(at("2025-11-14T05:00:00Z"), at("2026-11-14T05:00:00Z")))).toEqual({
      counted: [
        "block 2025-11-15T00:00–2025-12-01T00:00",
        "month 2025-12-01T00:00–2026-11-01T00:00",
        "block 2026-11-01T00:00–2026-11-08T00:00",
        "day 2025-11-14T00:00–2025-11-15T00:00",
        "day 2026-11-08T00:00–2026-11-14T00:00",
      ],
      ends: ["− 2025-11-14T00:00–2025-11-14T05:00", "+ 2026-11-14T00:00–2026-11-14T05:00"],
    });
  });

  it("counts a few days as days, and nothing without a whole UTC day", () => {
    expect(spans(dayBlockTiers(at("2026-03-02T00:00:00Z"), at("2026-03-05T00:00:00Z")))).toEqual({ counted: ["day 2026-03-02T00:00–2026-03-05T00:00"], ends: [] });
    expect(dayBlockTiers(at("2026-03-02T10:00:00Z"), at("2026-03-03T09:00:00Z"))).toBeUndefined();
  });
});
