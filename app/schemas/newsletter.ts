import type { FieldErrors, ParseResult } from "./parse-form";
import { isSingleLineText } from "./text";

/**
 * The newsletter form. A tiny hand-written check rather than zod: it runs on marketing pages,
 * whose JavaScript budget has no room for a validation library (decision 011).
 */
export const NEWSLETTER_SOURCES = ["/blog", "/resources"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export interface NewsletterInput {
  email: string;
  source: NewsletterSource;
}

export const NEWSLETTER_MESSAGES = {
  required: "Email is required",
  invalid: "Please enter a valid email address, like name@company.com",
} as const;

/** One "@", no spaces, a dot in the domain and no empty labels: what a mail server will take. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const EMAIL_MAX_LENGTH = 254;

export function newsletterEmailError(raw: string | undefined): string | undefined {
  const email = (raw ?? "").trim();
  if (!email) return NEWSLETTER_MESSAGES.required;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email) || !isSingleLineText(email)) return NEWSLETTER_MESSAGES.invalid;
  return undefined;
}

export function parseNewsletter(values: Record<string, string | undefined>): ParseResult<NewsletterInput> {
  const errors: FieldErrors = {};
  const emailError = newsletterEmailError(values.email);
  if (emailError) errors.email = emailError;
  const source = NEWSLETTER_SOURCES.find((candidate) => candidate === values.source);
  if (!source) errors.form = "This form cannot be submitted from here.";
  if (emailError || !source) return { success: false, errors };
  return { success: true, data: { email: (values.email ?? "").trim(), source } };
}
