import { describe, expect, it } from "vitest";
import { zonedTimeToInstant } from "~/schemas/zoned-time";
import { InterviewSchema } from "~/schemas/interview";
import { parseInvitation } from "../../../tests/helpers/ical";
import { buildInvitationCalendar, type InvitationInterview, type InvitationParties, invitationEmail } from "./invitation.server";

const parties: InvitationParties = {
  organizer: { name: "Rita Recruiter", email: "rita@acme.test" },
  candidate: { name: "Ada Lovelace", email: "ada@example.com" },
  // Two interviewers, one in Berlin and one in New York.
  interviewers: [
    { name: "Bert Berlin", email: "bert@acme.test" },
    { name: "Nora New York", email: "nora@acme.test" },
  ],
  companyName: "Acme",
  jobTitle: "Engineer",
};

function interviewAt(date: string, time: string): InvitationInterview {
  return {
    uid: "3b7f0c1e-0000-4000-8000-000000000001@openhire",
    sequence: 0,
    title: "Technical interview",
    startsAt: zonedTimeToInstant(date, time, "Europe/Berlin")!,
    durationMinutes: 60,
    timeZone: "Europe/Berlin",
    location: "https://meet.example.com/abc",
    notesForInterviewers: "Ask about the compiler project.",
  };
}

describe("interview invitations", () => {
  it("carry METHOD:REQUEST, the stable UID, the organizer and every attendee, and parse back", () => {
    const interview = interviewAt("2026-03-30", "10:00");
    const parsed = parseInvitation(buildInvitationCalendar("REQUEST", interview, parties, "interviewer"));
    expect(parsed.method).toBe("REQUEST");
    expect(parsed.uid).toBe(interview.uid);
    expect(parsed.sequence).toBe(0);
    expect(parsed.dtstartText).toBe("20260330T080000Z");
    expect(parsed.end.toISOString()).toBe("2026-03-30T09:00:00.000Z");
    expect(parsed.organizer).toBe("rita@acme.test");
    expect(parsed.attendees.sort()).toEqual(["ada@example.com", "bert@acme.test", "nora@acme.test"]);
    expect(parsed.location).toBe("https://meet.example.com/abc");
    expect(parsed.description).toContain("Ask about the compiler project.");
  });

  it("keep the UID and raise SEQUENCE on a reschedule; a cancel is METHOD:CANCEL", () => {
    const first = interviewAt("2026-03-27", "10:00");
    const moved = { ...interviewAt("2026-03-30", "10:00"), sequence: 1 };
    const a = parseInvitation(buildInvitationCalendar("REQUEST", first, parties, "candidate"));
    const b = parseInvitation(buildInvitationCalendar("REQUEST", moved, parties, "candidate"));
    const c = parseInvitation(buildInvitationCalendar("CANCEL", { ...moved, sequence: 2 }, parties, "candidate"));
    expect(b.uid).toBe(a.uid);
    expect(c.uid).toBe(a.uid);
    expect([a.sequence, b.sequence, c.sequence]).toEqual([0, 1, 2]);
    expect(c.method).toBe("CANCEL");
    expect(c.status).toBe("CANCELLED");
  });

  it("place 10:00 Berlin on each side of its daylight-saving change, one hour apart in UTC", () => {
    // Berlin changes on 29 March 2026: 10:00 is 09:00 UTC on the Friday before and 08:00 UTC on the Monday after.
    const before = parseInvitation(buildInvitationCalendar("REQUEST", interviewAt("2026-03-27", "10:00"), parties, "interviewer"));
    const after = parseInvitation(buildInvitationCalendar("REQUEST", interviewAt("2026-03-30", "10:00"), parties, "interviewer"));
    expect(before.dtstartText).toBe("20260327T090000Z");
    expect(after.dtstartText).toBe("20260330T080000Z");
    // New York changed on 8 March: on 6 March it is 6 hours behind Berlin, on 9 March 5 hours.
    const ny = { ...interviewAt("2026-03-06", "10:00") };
    expect(parseInvitation(buildInvitationCalendar("REQUEST", ny, parties, "interviewer")).dtstartText).toBe("20260306T090000Z");
    expect(invitationEmail("scheduled", ny, parties, { name: "Nora", audience: "interviewer", timeZone: "America/New_York" }).body).toContain(
      "When: Friday 6 March 2026, 04:00–05:00 (America/New_York)",
    );
    const nyAfter = interviewAt("2026-03-09", "10:00");
    expect(invitationEmail("scheduled", nyAfter, parties, { name: "Nora", audience: "interviewer", timeZone: "America/New_York" }).body).toContain(
      "When: Monday 9 March 2026, 05:00–06:00 (America/New_York)",
    );
  });

  it("state the time in each interviewer's own zone, naming it; the interview's zone when theirs is unknown", () => {
    const interview = interviewAt("2026-03-30", "10:00");
    const berlin = invitationEmail("scheduled", interview, parties, { name: "Bert", audience: "interviewer", timeZone: "Europe/Berlin" });
    const newYork = invitationEmail("scheduled", interview, parties, { name: "Nora", audience: "interviewer", timeZone: "America/New_York" });
    const unknown = invitationEmail("scheduled", interview, parties, { name: "Ada", audience: "candidate", timeZone: null });
    expect(berlin.body).toContain("When: Monday 30 March 2026, 10:00–11:00 (Europe/Berlin)");
    expect(newYork.body).toContain("When: Monday 30 March 2026, 04:00–05:00 (America/New_York)");
    expect(unknown.body).toContain("When: Monday 30 March 2026, 10:00–11:00 (Europe/Berlin)");
    expect(unknown.body).toContain("the time zone the interview was scheduled in");
  });

  it("never show the candidate the notes for interviewers", () => {
    const interview = interviewAt("2026-03-30", "10:00");
    const ics = parseInvitation(buildInvitationCalendar("REQUEST", interview, parties, "candidate"));
    const email = invitationEmail("scheduled", interview, parties, { name: "Ada", audience: "candidate", timeZone: null });
    expect(ics.description).not.toContain("compiler");
    expect(email.body).not.toContain("compiler");
    expect(email.subject).toBe("Interview invitation: Technical interview for Engineer at Acme");
  });
});

describe("InterviewSchema", () => {
  const form = {
    title: "Technical interview",
    date: "2026-03-29",
    startTime: "02:30",
    durationMinutes: "60",
    timeZone: "Europe/Berlin",
    interviewerIds: ["u1"],
  };

  it("refuses a time inside a daylight-saving gap with a clear message", () => {
    const result = InterviewSchema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["startTime"]);
    expect(result.error?.issues[0]?.message).toBe(
      "02:30 on 2026-03-29 does not exist in Europe/Berlin: the clocks skip it (daylight saving). Choose another time.",
    );
  });

  it("turns date, time and zone into one instant", () => {
    const result = InterviewSchema.parse({ ...form, startTime: "03:30", interviewerIds: ["u1", "u1"] });
    expect(result.startsAt.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(result.interviewerIds).toEqual(["u1"]);
    expect(InterviewSchema.safeParse({ ...form, timeZone: "Mars/Olympus" }).success).toBe(false);
  });
});
