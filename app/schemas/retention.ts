import { z } from "./zod";

/**
 * Retention (issue 17, decision 117): how long a company keeps a candidate after their last
 * application closes, and how long when they asked to stay in its talent pool. Shared by the
 * schema's checks, Settings › Privacy and the retention run.
 */
export const RETENTION_MONTHS = [6, 12, 24] as const;
export const TALENT_POOL_RETENTION_MONTHS = [12, 24, 36] as const;

export const RETENTION_MESSAGES = {
  months: "Choose how long candidates are kept",
  talentPool: "Choose how long the talent pool is kept",
  talentPoolShorter: "The talent pool extends the time: choose at least as long as for everyone",
  talentPoolWithoutRetention: "Choose how long candidates are kept first",
} as const;

const months = (choices: readonly number[], message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || choices.includes(Number(value)), message)
    .transform((value) => (value === "" ? null : Number(value)));

/** The form: "" is "until erased by hand" (for everyone) or "the same as everyone" (the talent pool). */
export const RetentionSettingsSchema = z
  .object({
    retentionMonths: months(RETENTION_MONTHS, RETENTION_MESSAGES.months),
    talentPoolMonths: months(TALENT_POOL_RETENTION_MONTHS, RETENTION_MESSAGES.talentPool),
  })
  .superRefine((value, ctx) => {
    if (value.talentPoolMonths === null) return;
    if (value.retentionMonths === null) ctx.addIssue({ code: "custom", path: ["talentPoolMonths"], message: RETENTION_MESSAGES.talentPoolWithoutRetention });
    else if (value.talentPoolMonths < value.retentionMonths) ctx.addIssue({ code: "custom", path: ["talentPoolMonths"], message: RETENTION_MESSAGES.talentPoolShorter });
  });
export type RetentionSettingsInput = z.output<typeof RetentionSettingsSchema>;
