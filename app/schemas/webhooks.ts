import { z } from "./zod";

/**
 * Webhooks (decision 113): the events an endpoint can subscribe to, what each means, and the form
 * that registers or edits an endpoint. Shared by the schema's check, the settings page and the server.
 */
export const WEBHOOK_EVENTS = [
  "application.created",
  "application.stage_changed",
  "application.status_changed",
  "candidate.hired",
  "interview.scheduled",
  "interview.rescheduled",
  "interview.cancelled",
  "scorecard.submitted",
  "candidate.merged",
  "job.created",
  "job.status_changed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Readonly<Record<WebhookEvent, string>> = {
  "application.created": "A candidate applied, or was added or imported to a job.",
  "application.stage_changed": "An application moved to another stage.",
  "application.status_changed": "An application was rejected, withdrawn or reactivated.",
  "candidate.hired": "A candidate was hired.",
  "interview.scheduled": "An interview was scheduled, or a candidate booked one from a scheduling link.",
  "interview.rescheduled": "An interview was moved.",
  "interview.cancelled": "An interview was cancelled.",
  "scorecard.submitted": "A teammate submitted their feedback.",
  "candidate.merged": "Two candidate records were merged into one.",
  "job.created": "A job was posted.",
  "job.status_changed": "A job was published, closed or put back to draft.",
};

/** The event of "Send test event": delivered only on request, never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
/** How long the delivery log keeps a finished delivery, in days (decision 124). */
export const WEBHOOK_LOG_DAYS = 30;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** An endpoint as the settings form sends it: the events are repeated `events` fields. */
export const WebhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the address to send events to.")
    .max(WEBHOOK_URL_MAX, `Keep the address under ${WEBHOOK_URL_MAX} characters.`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && url.hostname !== "";
      } catch {
        return false;
      }
    }, "Enter a full http:// or https:// address, without a user name or password."),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `Keep the description under ${WEBHOOK_DESCRIPTION_MAX} characters.`).default(""),
  events: z
    .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string()))
    .refine((events) => events.length > 0, "Choose at least one event.")
    .refine((events) => events.every((event) => (WEBHOOK_EVENTS as readonly string[]).includes(event)), "Choose events from the list.")
    // In the list's order, each once.
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
});
export type WebhookEndpointInput = z.output<typeof WebhookEndpointSchema>;
