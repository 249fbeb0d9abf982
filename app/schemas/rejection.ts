import { ComposeEmailSchema } from "./email-template";
import { idField } from "./id";
import { isSingleLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

/** When the rejection email leaves: now, or later with a chance to call it off (decision 090). */
export const REJECTION_EMAIL_DELAYS = [
  { value: "0", label: "Now" },
  { value: "3600", label: "In 1 hour" },
  { value: "14400", label: "In 4 hours" },
  { value: "86400", label: "In 1 day" },
  { value: "172800", label: "In 2 days" },
  { value: "604800", label: "In 1 week" },
] as const;
const DELAY_VALUES = REJECTION_EMAIL_DELAYS.map((delay) => delay.value) as [string, ...string[]];

export const REJECTION_MESSAGES = {
  reason: "Please choose a reason",
  reasonGone: "That reason is no longer on the company's list. Please choose another.",
} as const;

/**
 * The reject dialog: a reason from the company's list, and optionally the email, as edited, sent now
 * or after a delay. Without "send email" the subject and body are ignored.
 */
export const RejectSchema = z
  .object({
    intent: z.literal("reject"),
    reasonId: idField(REJECTION_MESSAGES.reason),
    sendEmail: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
    subject: z.string().optional(),
    body: z.string().optional(),
    delay: z.enum(DELAY_VALUES, { error: "Please choose when to send the email" }).default("0"),
  })
  .transform((input, ctx) => {
    if (!input.sendEmail) return { reasonId: input.reasonId, email: null };
    const email = ComposeEmailSchema.safeParse({ subject: input.subject, body: input.body });
    if (!email.success) {
      for (const issue of email.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { reasonId: input.reasonId, email: { ...email.data, delaySeconds: Number(input.delay) } };
  });
export type RejectInput = z.infer<typeof RejectSchema>;

/** A reason's name, as added or renamed in Settings › Hiring. */
export const rejectionReasonName = z
  .string({ error: "Reason is required" })
  .trim()
  .min(1, "Reason is required")
  .max(60, "Reason must be at most 60 characters")
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine);

export const REASON_GONE = "That reason no longer exists.";

/** Settings › Hiring: add, rename, move up or down, or remove one of the company's reasons. */
export const RejectionReasonActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-reason"), name: rejectionReasonName }),
  z.object({ intent: z.literal("rename-reason"), id: idField(REASON_GONE), name: rejectionReasonName }),
  z.object({ intent: z.literal("move-reason"), id: idField(REASON_GONE), direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete-reason"), id: idField(REASON_GONE) }),
]);
export type RejectionReasonAction = z.infer<typeof RejectionReasonActionSchema>;
