import { describe, expect, it } from "vitest";
import { CANDIDATE_STATUS_WORDS, candidateStatusOf, ContactDetailsSchema, erasureAnswerDue } from "./candidate-page";
import { parseForm } from "./parse-form";

const active = { status: "active", hiredOn: null, stageName: "Applied", interviews: 0 };

describe("where an application stands, in the candidate's words (decision 119)", () => {
  it("is Received in the Applied stage, In review in a later one, Interviewing with an interview or an interview stage", () => {
    expect(candidateStatusOf(active)).toBe("received");
    expect(candidateStatusOf({ ...active, stageName: " applied " })).toBe("received");
    expect(candidateStatusOf({ ...active, stageName: null })).toBe("received");
    expect(candidateStatusOf({ ...active, stageName: "Phone Screen" })).toBe("in_review");
    expect(candidateStatusOf({ ...active, stageName: "Phone Screen", interviews: 1 })).toBe("interviewing");
    expect(candidateStatusOf({ ...active, stageName: "Onsite interviews" })).toBe("interviewing");
  });

  it("is Closed once withdrawn, rejected or hired, whatever the stage", () => {
    expect(candidateStatusOf({ ...active, status: "withdrawn" })).toBe("closed");
    expect(candidateStatusOf({ ...active, status: "rejected", stageName: "Interview", interviews: 2 })).toBe("closed");
    expect(candidateStatusOf({ ...active, stageName: "Hired", hiredOn: "2026-11-01" })).toBe("closed");
  });

  it("has the four plain words the issue names", () => {
    expect(Object.values(CANDIDATE_STATUS_WORDS).map((words) => words.label)).toEqual(["Received", "In review", "Interviewing", "Closed"]);
  });

  it("checks corrected contact details by the apply form's rules", () => {
    expect(parseForm(ContactDetailsSchema, { intent: "contact", name: " Ada ", email: "ada@example.test", phone: "" })).toEqual({
      success: true,
      data: { intent: "contact", name: "Ada", email: "ada@example.test", phone: undefined },
    });
    const refused = parseForm(ContactDetailsSchema, { intent: "contact", name: "", email: "nope", phone: "ring me" });
    expect(refused.success).toBe(false);
    expect(Object.keys(refused.success ? {} : refused.errors).sort()).toEqual(["email", "name", "phone"]);
  });
});

describe("an erasure request's answer", () => {
  it("is due a month after it was made (the calendar's month, in UTC)", () => {
    expect(erasureAnswerDue("2026-11-27T09:30:00.000Z").toISOString()).toBe("2026-12-27T09:30:00.000Z");
    expect(erasureAnswerDue(new Date("2026-12-15T00:00:00.000Z")).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });
});
