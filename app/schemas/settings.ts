import { isSingleLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

export const FULL_NAME_MAX = 100;
export const COMPANY_NAME_MAX = 100;

/** Profile: full name (may be empty) and the email-notifications checkbox. */
export const ProfileSettingsSchema = z.object({
  fullName: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? "")
    .pipe(z.string().max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`).refine(isSingleLineText, TEXT_MESSAGES.singleLine))
    .transform((value) => (value === "" ? null : value)),
  // An unchecked checkbox sends nothing.
  emailNotifications: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type ProfileSettingsInput = z.infer<typeof ProfileSettingsSchema>;

/** Company: a name and an optional website (https:// is added when left out). */
export const CompanySettingsSchema = z.object({
  companyName: z
    .string({ error: "Company name is required" })
    .trim()
    .min(1, "Company name is required")
    .max(COMPANY_NAME_MAX, `Company name must be at most ${COMPANY_NAME_MAX} characters`)
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine),
  website: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? "")
    .transform((value) => (value === "" || /^https?:\/\//i.test(value) ? value : `https://${value}`))
    .pipe(
      z.union([
        z.literal(""),
        z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "Enter a valid website address, like https://example.com" }),
      ]),
    )
    .transform((value) => (value === "" ? null : value)),
});
export type CompanySettingsInput = z.infer<typeof CompanySettingsSchema>;
