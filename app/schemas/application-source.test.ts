import { describe, expect, it } from "vitest";
import { applicationSourceOf } from "./application-source";

describe("applicationSourceOf", () => {
  it("is a campaign when the visit had a utm_source, naming what it has", () => {
    expect(applicationSourceOf({ utm_source: "linkedin", utm_medium: "social", utm_campaign: "spring" }, "jobs.example")).toEqual({
      source: "campaign",
      detail: "linkedin / social / spring",
    });
    expect(applicationSourceOf({ utm_source: " newsletter ", referrer: "https://news.example/x" }, "jobs.example")).toEqual({ source: "campaign", detail: "newsletter" });
  });

  it("is the referring site's host when it is another site", () => {
    expect(applicationSourceOf({ referrer: "https://www.reddit.com/r/jobs/comments/1" }, "jobs.example")).toEqual({ source: "referrer", detail: "www.reddit.com" });
    expect(applicationSourceOf({ referrer: "https://jobs.example/jobs?q=x" }, "jobs.example")).toEqual({ source: "job_board", detail: null });
  });

  it("ignores what is malformed and falls back to the job board", () => {
    expect(applicationSourceOf({}, "jobs.example")).toEqual({ source: "job_board", detail: null });
    expect(applicationSourceOf({ referrer: "javascript:alert(1)" }, "jobs.example")).toEqual({ source: "job_board", detail: null });
    expect(applicationSourceOf({ referrer: "not a url" }, "jobs.example")).toEqual({ source: "job_board", detail: null });
    expect(applicationSourceOf({ utm_source: "x".repeat(101) }, "jobs.example")).toEqual({ source: "job_board", detail: null });
    expect(applicationSourceOf({ utm_source: "two\nlines" }, "jobs.example")).toEqual({ source: "job_board", detail: null });
  });
});
