import { describe, expect, it } from "vitest";
import { applicationsBehind, monthAfter, reportSearch, shownReportFilters, STUCK_DAYS } from "./report-filters";

const query = { job: undefined, source: undefined, member: undefined, stuck: undefined };

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

describe("the speed and volume reports' links (decision 105)", () => {
  const shown = shownReportFilters({ ...query, from: "2026-03-01", to: "2026-03-31" }, "2026-11-27");

  it("waits 14 days unless the report says, and writes the days into its links only when they are not the default", () => {
    expect(shown.stuck).toBe(STUCK_DAYS);
    expect(reportSearch(shown)).toBe("from=2026-03-01&to=2026-03-31");
    expect(reportSearch({ ...shown, stuck: 30 })).toBe("from=2026-03-01&to=2026-03-31&stuck=30");
  });

  it("opens the candidates stuck in a stage, hired in a month, or applied in one week of the report", () => {
    expect(applicationsBehind({ ...shown, stuck: 30 }, { stuckIn: "Screening" })).toBe(
      "/applications?applied_from=2026-03-01&applied_to=2026-03-31&stuck_days=30&stuck_in=Screening",
    );
    expect(applicationsBehind(shown, { hiredMonth: "2026-04" })).toBe("/applications?applied_from=2026-03-01&applied_to=2026-03-31&hired_month=2026-04");
    expect(applicationsBehind(shown, { days: { from: "2026-03-09", to: "2026-03-15" } })).toBe("/applications?applied_from=2026-03-09&applied_to=2026-03-15");
  });

  it("finds the month after a month, across a year's end", () => {
    expect(monthAfter("2026-03")).toBe("2026-04-01");
    expect(monthAfter("2026-12")).toBe("2027-01-01");
  });
});
