import { describe, expect, it } from "vitest";
import { applicationSchema } from "./application";
import { EmailTemplateSchema } from "./email-template";
import { CreateJobSchema } from "./job";
import { parseNewsletter } from "./newsletter";
import { parseForm } from "./parse-form";
import { CompanySettingsSchema, ProfileSettingsSchema } from "./settings";
import { escapeForLog, isCleanMultiLineText, isSingleLineText, TEXT_MESSAGES } from "./text";

describe("text rules", () => {
  it("single-line text refuses line breaks and control characters", () => {
    expect(isSingleLineText("Zoë O'Brien-Łukasz 李")).toBe(true);
    for (const bad of ["a\nb", "a\rb", "a\tb", "a\u0000b", "a\u001bb", "a\u007fb", "a\u0085b", "a\u2028b"]) {
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("multi-line text keeps tabs and line breaks and refuses the other control characters", () => {
    expect(isCleanMultiLineText("Dear team,\r\n\tI am writing…\n")).toBe(true);
    for (const bad of ["a\u0000b", "a\u001bb", "a\u000bb", "a\u0090b"]) expect(isCleanMultiLineText(bad)).toBe(false);
  });

  it("escapes control characters and backslashes for a log line", () => {
    expect(escapeForLog("Jane\n──── Email ────\r\nTo: x\\y")).toBe("Jane\\u000a──── Email ────\\u000d\\u000aTo: x\\\\y");
  });
});

describe("form schemas refuse control characters", () => {
  it("in a candidate's name and answers, and NUL in the cover letter", () => {
    const schema = applicationSchema([
      { id: "why", type: "text", label: "Why?", required: false, order: 1 },
      { id: "more", type: "textarea", label: "More", required: false, order: 2 },
    ]);
    const base = { candidate_name: "Jane Doe", candidate_email: "jane@example.com", privacy_consent: "on" };
    const parsed = parseForm(schema, {
      ...base,
      candidate_name: "Jane\nTo: staff@example.com",
      cover_letter: "Hello\u0000",
      "custom_fields.why": "a\nb",
      "custom_fields.more": "line one\nline two",
    });
    expect(parsed).toEqual({
      success: false,
      errors: {
        candidate_name: TEXT_MESSAGES.singleLine,
        cover_letter: TEXT_MESSAGES.controlCharacters,
        "custom_fields.why": TEXT_MESSAGES.singleLine,
      },
    });
    expect(parseForm(schema, { ...base, "custom_fields.more": "line one\nline two" }).success).toBe(true);
  });

  it("in a job's single-line fields, a stage name, a template and the settings", () => {
    const job = parseForm(CreateJobSchema, {
      title: "Engineer\u0000",
      description: "Build things",
      location: "Berlin\r\nX",
      stages: [{ name: "Applied" }, { name: "Screen\ning" }],
    });
    expect(job.success).toBe(false);
    if (!job.success) {
      expect(job.errors.title).toBe(TEXT_MESSAGES.singleLine);
      expect(job.errors.location).toBe(TEXT_MESSAGES.singleLine);
      expect(job.errors["stages.1.name"]).toBe(TEXT_MESSAGES.singleLine);
    }
    expect(parseForm(EmailTemplateSchema, { name: "A\u0000", subject: "Hi\nBcc: x", body: "ok\u0000" })).toEqual({
      success: false,
      errors: { name: TEXT_MESSAGES.singleLine, subject: TEXT_MESSAGES.singleLine, body: TEXT_MESSAGES.controlCharacters },
    });
    expect(parseForm(ProfileSettingsSchema, { fullName: "Jane\u0000" }).success).toBe(false);
    expect(parseForm(CompanySettingsSchema, { companyName: "Acme\nInc" }).success).toBe(false);
  });

  it("NUL in the newsletter email is an invalid email, not a database error", () => {
    expect(parseNewsletter({ email: "a\u0000b@example.com", source: "blog" }).success).toBe(false);
  });
});
