// The apply form's texts and field names, without zod: pages that only show a message (the job
// board's success banner) import these and stay free of the validation library.
import type { FormField } from "./form-field";

export const APPLICATION_MESSAGES = {
  nameRequired: "Full name is required",
  invalidEmail: "Invalid email address",
  invalidUrl: "Please enter a valid URL",
  fieldRequired: "This field is required",
  invalidChoice: "Please choose one of the options",
  success: "Application submitted successfully! We will contact you soon.",
  alreadyApplied: "You have already applied to this job with this email address.",
  fallback: "Failed to submit application. Please try again.",
} as const;

/** The hidden field that people never see and bots fill in. */
export const HONEYPOT_FIELD = "company_website";

/** The name of a custom field's control in the apply form. */
export const customFieldName = (field: Pick<FormField, "id">) => `custom_fields.${field.id}`;
