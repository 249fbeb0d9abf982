import { describe, expect, it } from "vitest";
import { displayNameOf, roleLabel } from "./role-label";

describe("roleLabel", () => {
  it("calls the company's owner Owner and everyone else by their role", () => {
    expect(roleLabel({ isOwner: true, role: "admin" })).toBe("Owner");
    expect(roleLabel({ isOwner: false, role: "admin" })).toBe("Admin");
    expect(roleLabel({ isOwner: false, role: "recruiter" })).toBe("Recruiter");
    expect(roleLabel({ isOwner: false, role: "hiring_manager" })).toBe("Hiring manager");
    expect(roleLabel({ isOwner: false, role: "interviewer" })).toBe("Interviewer");
  });

  it("names a member by their role when they gave no name", () => {
    expect(displayNameOf({ fullName: "  ", isOwner: false, role: "interviewer" })).toBe("Interviewer");
    expect(displayNameOf({ fullName: "Ada", isOwner: false, role: "interviewer" })).toBe("Ada");
  });
});
