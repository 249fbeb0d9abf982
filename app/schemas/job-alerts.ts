import { JOB_TYPES, REMOTE_TYPES } from "./job";
import { queryValue } from "./query";
import { z } from "./zod";

/** How often a job alert's digest is sent (decision 111). */
export const JOB_ALERT_FREQUENCIES = ["daily", "weekly"] as const;
export type JobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];

export const JOB_ALERT_FREQUENCY_LABELS: Record<JobAlertFrequency, string> = { daily: "Daily", weekly: "Weekly" };

export const JOB_ALERT_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address, like name@company.com",
  frequency: "Choose daily or weekly",
  sent: "Almost done: we sent you an email. Open the link in it to start your job alert.",
  confirmed: "Your job alert is on.",
  invalidLink: "This link is not valid any more. Subscribe again from the job board if you still want the alert.",
  unsubscribed: "You are unsubscribed. You will get no more emails for this job alert.",
} as const;

/** A hidden search field: trimmed, cut to its length; a value that does not fit is no filter. */
const text = (max: number) => queryValue(z.string().trim().max(max), "");

/**
 * The "Get job alerts" form of the board and of a careers page: the address and frequency typed,
 * and the page's search and filters carried in hidden fields (a careers page's company comes from
 * its address, not from the form).
 */
export const JobAlertSchema = z.object({
  email: z
    .string({ error: JOB_ALERT_MESSAGES.emailRequired })
    .trim()
    .min(1, JOB_ALERT_MESSAGES.emailRequired)
    .max(254, JOB_ALERT_MESSAGES.emailInvalid)
    .pipe(z.email(JOB_ALERT_MESSAGES.emailInvalid))
    .transform((email) => email.toLowerCase()),
  frequency: z.enum(JOB_ALERT_FREQUENCIES, { error: JOB_ALERT_MESSAGES.frequency }),
  q: text(200),
  type: queryValue(z.enum(JOB_TYPES).optional(), undefined),
  remote: queryValue(z.enum(REMOTE_TYPES).optional(), undefined),
  location: text(100),
  department: text(100),
  company: queryValue(z.string().regex(/^[a-z0-9-]{1,40}$/).optional(), undefined),
});
export type JobAlertInput = z.output<typeof JobAlertSchema>;
