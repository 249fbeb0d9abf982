import { CompanyNameSchema, FULL_NAME_MAX } from "./names";
import { isSingleLineText, TEXT_MESSAGES } from "./text";
import { MENTION_EMAIL_MODES } from "./mention-emails";
import { z } from "./zod";

/** Profile: full name (may be emptied here, though sign-up asks for it), the email-notifications checkbox and mention emails. */
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
  // "Email me about mentions" (decision 098); a form without the choice leaves it as it was.
  mentionEmails: z.enum(MENTION_EMAIL_MODES, { error: "Choose how to hear about mentions" }).optional(),
});
export type ProfileSettingsInput = z.infer<typeof ProfileSettingsSchema>;

/** Company: a name and an optional website (https:// is added when left out). */
export const CompanySettingsSchema = z.object({
  companyName: CompanyNameSchema,
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
