import { z } from "./zod";

/**
 * Interview reminders (decision 102, "Reminders"): how long before an interview the interviewers and
 * the candidate get one, per company (Settings › Hiring); 0 is off.
 */
export const INTERVIEW_REMINDER_HOURS = [0, 1, 24, 48] as const;
export type InterviewReminderHours = (typeof INTERVIEW_REMINDER_HOURS)[number];
export const DEFAULT_INTERVIEW_REMINDER_HOURS: InterviewReminderHours = 24;

/** As Settings › Hiring offers them. */
export const INTERVIEW_REMINDER_OPTIONS: readonly { value: string; label: string }[] = [
  { value: "0", label: "Off" },
  { value: "1", label: "1 hour before" },
  { value: "24", label: "24 hours before" },
  { value: "48", label: "48 hours before" },
];

export const InterviewRemindersSchema = z.object({
  intent: z.literal("interview-reminders"),
  interviewReminderHours: z
    .enum(INTERVIEW_REMINDER_HOURS.map(String) as [string, ...string[]], { error: "Choose when reminders go" })
    .transform((value) => Number(value) as InterviewReminderHours),
});
