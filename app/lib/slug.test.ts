import { describe, expect, it } from "vitest";
import { jobPath, slugify } from "./slug";

describe("slugify", () => {
  it("lowercases and turns each run of non-alphanumerics into one hyphen", () => {
    expect(slugify("Senior Frontend Engineer")).toBe("senior-frontend-engineer");
    expect(slugify("Data Analyst (Contract)")).toBe("data-analyst-contract");
    expect(slugify("C++ / Rust -- Developer!!")).toBe("c-rust-developer");
    expect(slugify("Ünïcode Jöb")).toBe("n-code-j-b");
  });

  it("builds the job's address from id and slug", () => {
    expect(jobPath({ id: "42", title: "QA Lead" })).toBe("/jobs/42/qa-lead");
  });
});
