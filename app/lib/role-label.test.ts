import { describe, expect, it } from "vitest";
import { roleLabel } from "./role-label";

describe("roleLabel", () => {
  it("calls the company's owner Owner and everyone else Recruiter", () => {
    expect(roleLabel(true)).toBe("Owner");
    expect(roleLabel(false)).toBe("Recruiter");
  });
});
