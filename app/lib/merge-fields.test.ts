import { describe, expect, it } from "vitest";
import { fillMergeFields } from "./merge-fields";

const values = { candidate_name: "Ada", job_title: "Engineer", company_name: "Acme", stage_name: "Applied" };

describe("fillMergeFields", () => {
  it("fills every known field, with or without spaces, as often as it appears", () => {
    expect(fillMergeFields("Hi {{candidate_name}}, {{ job_title }} at {{company_name}} ({{stage_name}}). Bye {{candidate_name}}", values)).toBe(
      "Hi Ada, Engineer at Acme (Applied). Bye Ada",
    );
  });

  it("leaves unknown fields and stray braces alone and does not re-expand values", () => {
    expect(fillMergeFields("{{salary}} {candidate_name} {{candidate_name}}", { ...values, candidate_name: "{{job_title}}" })).toBe(
      "{{salary}} {candidate_name} {{job_title}}",
    );
  });
});
