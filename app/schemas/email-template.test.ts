import { describe, expect, it } from "vitest";
import { EmailTemplateSchema, renderTemplate, SAMPLE_MERGE_VALUES } from "./email-template";
import { parseForm } from "./parse-form";

describe("renderTemplate", () => {
  it("fills known merge fields and leaves unknown ones", () => {
    expect(renderTemplate("Hi {{candidate_name}}, {{ job_title }} at {{company_name}} ({{other}})", SAMPLE_MERGE_VALUES)).toBe(
      "Hi Jane Doe, Senior Software Engineer at Acme Inc. ({{other}})",
    );
  });
});

describe("EmailTemplateSchema", () => {
  it("requires a name, a subject and a body", () => {
    expect(parseForm(EmailTemplateSchema, { name: " ", subject: "", body: "" })).toEqual({
      success: false,
      errors: { name: "Template name is required", subject: "Subject is required", body: "Body is required" },
    });
  });
});
