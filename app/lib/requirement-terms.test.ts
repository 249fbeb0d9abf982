import { describe, expect, it } from "vitest";
import { matchScore, MAX_REQUIREMENT_TERMS, requirementTerms } from "./requirement-terms";

describe("requirementTerms", () => {
  it("keeps the words that name a skill or tool, in order, once each, and drops common words and ad filler", () => {
    const text = [
      "- 5+ years of experience with React and TypeScript.",
      "- Strong knowledge of Node.js, PostgreSQL and CI/CD",
      "- Familiarity with Kubernetes; C++ or C# a plus",
      "- You enjoy working with react in a team",
    ].join("\n");
    expect(requirementTerms(text)).toEqual(["React", "TypeScript", "Node.js", "PostgreSQL", "CI/CD", "Kubernetes", "C++", "C#"]);
  });

  it("keeps the languages C and R but no other single letter or bare number", () => {
    expect(requirementTerms("C, R, x, 2024, 3.5 and Go")).toEqual(["C", "R", "Go"]);
  });

  it("gives nothing for no requirements, and at most MAX_REQUIREMENT_TERMS", () => {
    expect(requirementTerms(null)).toEqual([]);
    expect(requirementTerms("")).toEqual([]);
    const many = Array.from({ length: 40 }, (_, i) => `Tool${i}`).join(", ");
    expect(requirementTerms(many)).toHaveLength(MAX_REQUIREMENT_TERMS);
  });
});

describe("matchScore", () => {
  it("is the share of terms found, out of 100", () => {
    expect(matchScore(2, 3)).toBe(67);
    expect(matchScore(0, 3)).toBe(0);
    expect(matchScore(0, 0)).toBe(0);
  });
});
