import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./absolute-url";

describe("absoluteUrl", () => {
  it("joins the public address and a path with one slash, whatever the address ends with", () => {
    expect(absoluteUrl("https://jobs.example.com", "/invitations/abc")).toBe("https://jobs.example.com/invitations/abc");
    expect(absoluteUrl("https://jobs.example.com/", "/invitations/abc")).toBe("https://jobs.example.com/invitations/abc");
    expect(absoluteUrl("https://jobs.example.com//", "calendar/t.ics")).toBe("https://jobs.example.com/calendar/t.ics");
  });

  it("keeps a path's query and anchor, and a base under a folder", () => {
    expect(absoluteUrl("https://example.com/hire/", "/applications/1?tab=feedback#scorecard")).toBe("https://example.com/hire/applications/1?tab=feedback#scorecard");
  });
});
