import { describe, expect, it } from "vitest";
import { describeJobAlert, jobAlertSearchPath } from "./job-alert-search";

const none = { q: "", location: "", department: "" };

describe("describeJobAlert", () => {
  it("says what an alert matches: the words, the filters and the company", () => {
    expect(describeJobAlert({ ...none, q: " designer ", type: "full-time", remote: "remote", companyName: "Acme" })).toBe("Jobs matching “designer” · Remote · Full-time at Acme");
    expect(describeJobAlert({ ...none, location: "Berlin", department: "Engineering" })).toBe("Jobs · Berlin · Engineering");
    expect(describeJobAlert({ ...none, companyName: "Acme" })).toBe("Jobs at Acme");
    expect(describeJobAlert(none)).toBe("All jobs");
  });
});

describe("jobAlertSearchPath", () => {
  it("links a company's alert without words to its careers page, any other to the board", () => {
    expect(jobAlertSearchPath({ ...none, remote: "remote" }, "acme")).toBe("/companies/acme?remote=remote");
    expect(jobAlertSearchPath({ ...none, q: "designer", type: "contract" }, "acme")).toBe("/jobs?q=designer&type=contract&company=acme");
    expect(jobAlertSearchPath({ ...none, location: "New York" }, null)).toBe("/jobs?location=New+York");
    expect(jobAlertSearchPath(none, null)).toBe("/jobs");
  });
});
