import { describe, expect, it } from "vitest";
import { shownReportFilters } from "./report-filters";

const query = { job: undefined, source: undefined, member: undefined };

describe("shownReportFilters", () => {
  it("covers a year up to today when no days are given", () => {
    expect(shownReportFilters({ ...query, from: undefined, to: undefined }, "2026-11-27")).toMatchObject({ from: "2025-11-28", to: "2026-11-27" });
  });

  it("reads days typed the wrong way round as the same range", () => {
    expect(shownReportFilters({ ...query, from: "2026-03-10", to: "2026-03-07" }, "2026-11-27")).toMatchObject({ from: "2026-03-07", to: "2026-03-10" });
  });

  it("ends a range given only its start on today, or on the start when it is later", () => {
    expect(shownReportFilters({ ...query, from: "2026-03-07", to: undefined }, "2026-11-27")).toMatchObject({ from: "2026-03-07", to: "2026-11-27" });
    expect(shownReportFilters({ ...query, from: "2027-01-05", to: undefined }, "2026-11-27")).toMatchObject({ from: "2027-01-05", to: "2027-01-05" });
  });
});
