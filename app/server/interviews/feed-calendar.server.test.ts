import { describe, expect, it } from "vitest";
import { zonedTimeToInstant } from "~/schemas/zoned-time";
import { parseFeed } from "../../../tests/helpers/ical";
import { buildFeedCalendar, type FeedEvent } from "./feed-calendar.server";

function event(uid: string, date: string, time: string, overrides: Partial<FeedEvent> = {}): FeedEvent {
  return {
    interview: {
      uid,
      sequence: 2,
      title: "Technical interview",
      startsAt: zonedTimeToInstant(date, time, "Europe/Berlin")!,
      durationMinutes: 45,
      timeZone: "Europe/Berlin",
      location: "Room 1",
      notesForInterviewers: "Ask about the compiler project.",
    },
    parties: { candidate: { name: "Ada Lovelace" }, interviewers: [{ name: "Bert Berlin" }], companyName: "Acme", jobTitle: "Engineer" },
    cancelled: false,
    url: "https://hire.example/applications/1",
    ...overrides,
  };
}

describe("calendar feeds' text (decision 102)", () => {
  it("publishes one event per interview, with its UID and SEQUENCE, in UTC, cancelled ones marked", () => {
    const text = buildFeedCalendar("Acme interviews", [
      event("a@openhire", "2026-03-27", "10:00"),
      // After Berlin's change to summer time: 10:00 is 08:00 UTC.
      event("b@openhire", "2026-03-30", "10:00", { cancelled: true }),
    ]);
    const feed = parseFeed(text);
    expect(feed.method).toBe("PUBLISH");
    expect(feed.name).toBe("Acme interviews");
    expect(feed.events.map((e) => [e.uid, e.sequence, e.dtstartText, e.status])).toEqual([
      ["a@openhire", 2, "20260327T090000Z", "CONFIRMED"],
      ["b@openhire", 2, "20260330T080000Z", "CANCELLED"],
    ]);
    expect(feed.events[0]!.end.toISOString()).toBe("2026-03-27T09:45:00.000Z");
    expect(feed.events[0]!.summary).toBe("Technical interview: Ada Lovelace (Engineer)");
    // Staff only: the notes for the interviewers are in the description.
    expect(feed.events[0]!.description).toContain("Ask about the compiler project.");
    expect(text).not.toMatch(/^(ATTENDEE|ORGANIZER)/m);
  });

  it("is a valid empty calendar when there is nothing to show", () => {
    expect(parseFeed(buildFeedCalendar("Mine", []))).toEqual({ method: "PUBLISH", name: "Mine", events: [] });
  });
});
