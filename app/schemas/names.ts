import { isSingleLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

export const FULL_NAME_MAX = 100;
export const COMPANY_NAME_MAX = 100;

/** A person's full name where one is required (sign-up, invitation sign-up). */
export const FullNameSchema = z
  .string({ error: "Full name is required" })
  .trim()
  .min(1, "Full name is required")
  .max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine);

/**
 * What a new company is called when its owner leaves the name out at sign-up (the spec's register
 * form has only email, password and confirmation, so both names are asked for but optional there).
 */
export const DEFAULT_COMPANY_NAME = "My Company";

/** A name that may be left blank: blank is `undefined`, anything else follows `schema`. */
export function optionalName<S extends z.ZodType<string, string>>(schema: S) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? value : undefined), schema.optional());
}

/** A company's name: asked at sign-up, changed by the owner in Settings. */
export const CompanyNameSchema = z
  .string({ error: "Company name is required" })
  .trim()
  .min(1, "Company name is required")
  .max(COMPANY_NAME_MAX, `Company name must be at most ${COMPANY_NAME_MAX} characters`)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine);
