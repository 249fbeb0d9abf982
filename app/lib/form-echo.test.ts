import { describe, expect, it } from "vitest";
import { applicationSchema } from "~/schemas/application";
import { EmailTemplateSchema } from "~/schemas/email-template";
import type { FormField } from "~/schemas/form-field";
import { echoFormValues, maxLengthsOf } from "./form-echo";

const fields: FormField[] = [
  { id: "f1", label: "Why us?", type: "textarea", required: true, order: 1 },
  { id: "f2", label: "Remote?", type: "checkbox", required: false, order: 2 },
];

describe("maxLengthsOf", () => {
  it("reads each text field's maximum from the apply schema, custom fields by their form names", () => {
    expect(Object.fromEntries(maxLengthsOf(applicationSchema(fields)))).toEqual({
      candidate_name: 200,
      candidate_email: 254,
      resume_url: 2000,
      cover_letter: 10_000,
      "custom_fields.f1": 10_000,
      "custom_fields.f2": 100,
      // The consent boxes (decision 114).
      privacy_consent: 100,
      talent_pool_consent: 100,
    });
  });

  it("reads a plain object schema", () => {
    expect(Object.fromEntries(maxLengthsOf(EmailTemplateSchema))).toEqual({ name: 120, subject: 200, body: 20_000 });
  });
});

describe("echoFormValues", () => {
  const limits = maxLengthsOf(applicationSchema(fields));

  it("sends back the form's own fields within their maximum", () => {
    expect(echoFormValues({ candidate_name: "Ada", "custom_fields.f1": "Because", "custom_fields.f2": "on", stray: "x" }, limits)).toEqual({
      candidate_name: "Ada",
      "custom_fields.f1": "Because",
      "custom_fields.f2": "on",
    });
  });

  it("never sends back a value longer than its field's maximum", () => {
    const echo = echoFormValues({ candidate_name: "a".repeat(201), cover_letter: "b".repeat(10_001), candidate_email: "x@y.z" }, limits);
    expect(echo).toEqual({ candidate_email: "x@y.z" });
  });
});
