import { describe, expect, it } from "vitest";
import { sourceLabel } from "./source-label";

describe("sourceLabel", () => {
  it("names every source as people read it", () => {
    expect(sourceLabel("job_board", null)).toBe("Job board");
    expect(sourceLabel("careers_page", null)).toBe("Careers page");
    expect(sourceLabel("campaign", "linkedin / social / spring")).toBe("linkedin / social / spring");
    expect(sourceLabel("referrer", "news.example.com")).toBe("news.example.com");
    expect(sourceLabel("added", "Jane Doe · Meetup")).toBe("Added by Jane Doe · Meetup");
    expect(sourceLabel("api", null)).toBe("API");
    expect(sourceLabel("import", null)).toBe("Import");
    expect(sourceLabel("import", "Jane Doe · people.csv · Meetup")).toBe("Imported by Jane Doe · people.csv · Meetup");
  });
});
