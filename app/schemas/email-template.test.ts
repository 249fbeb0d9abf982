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
  it("refuses an unknown merge field in the subject or the body, naming it and the known ones (issue 13)", () => {
    const known = "Known fields: {{candidate_name}}, {{job_title}}, {{company_name}}, {{stage_name}}.";
    expect(parseForm(EmailTemplateSchema, { name: "N", subject: "Hi {{first_name}}", body: "Dear {{ Candidate Name }} and {{x}}, {{x}} again; {{ job_title }} is fine" })).toEqual({
      success: false,
      errors: {
        subject: `Unknown merge field {{first_name}}. ${known}`,
        body: `Unknown merge fields {{ Candidate Name }}, {{x}}. ${known}`,
      },
    });
    expect(parseForm(EmailTemplateSchema, { name: "N", subject: "For {{job_title}}", body: "Hi {{candidate_name}}, at {{company_name}} in {{ stage_name }}. {single} braces" }).success).toBe(true);
  });

  it("requires a name, a subject and a body", () => {
    expect(parseForm(EmailTemplateSchema, { name: " ", subject: "", body: "" })).toEqual({
      success: false,
      errors: { name: "Template name is required", subject: "Subject is required", body: "Body is required" },
    });
  });
});
