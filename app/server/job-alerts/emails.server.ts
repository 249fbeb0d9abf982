import { jobPath } from "~/lib/slug";
import { jobAlertSearchPath, type JobAlertSearch } from "~/lib/job-alert-search";
import type { JobAlertFrequency } from "~/schemas/job-alerts";
import type { OutgoingEmail } from "../mail/mailer.server";
import { EMAIL_SIGNATURE } from "../mail/mailer.server";
import { config } from "../platform/config.server";
import { signLinkToken } from "../platform/link-signing.server";
import { absoluteUrl } from "~/lib/absolute-url";

/** The signing purpose of a job alert's unsubscribe links (decision 111). */
export const UNSUBSCRIBE_PURPOSE = "job-alert-unsubscribe";

/** The alert's unsubscribe page (a button that POSTs), the link in its emails' body. */
export function unsubscribeUrl(alertId: string): string {
  return absoluteUrl(config.baseUrl, `/job-alerts/unsubscribe?token=${signLinkToken(UNSUBSCRIBE_PURPOSE, alertId)}`);
}

export function confirmUrl(token: string): string {
  return absoluteUrl(config.baseUrl, `/job-alerts/confirm?token=${token}`);
}

/**
 * One-click unsubscribe (RFC 8058): mail providers show an Unsubscribe button and POST
 * `List-Unsubscribe=One-Click` to the address; Gmail and Yahoo require it of bulk senders.
 */
export function unsubscribeHeaders(alertId: string): Record<string, string> {
  const oneClick = absoluteUrl(config.baseUrl, `/job-alerts/unsubscribe/one-click?token=${signLinkToken(UNSUBSCRIBE_PURPOSE, alertId)}`);
  return { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const every = (frequency: JobAlertFrequency) => (frequency === "daily" ? "once a day" : "once a week");

/** A job alert as its emails describe it. */
export interface AlertForEmail {
  id: string;
  email: string;
  frequency: JobAlertFrequency;
  description: string;
  search: JobAlertSearch;
  companySlug: string | null;
}

/** Double opt-in: the link that turns the alert on. */
export function confirmationEmail(alert: AlertForEmail, token: string): OutgoingEmail {
  return {
    to: alert.email,
    subject: "Confirm your job alert",
    body: [
      "Please confirm that you want job alerts for:",
      "",
      alert.description,
      "",
      `Confirm: ${confirmUrl(token)}`,
      "",
      `Once confirmed, we email you the new jobs that match, ${every(alert.frequency)}, and only when there are some.`,
      "If you did not ask for this, ignore this email: without confirmation the alert is forgotten in a few days.",
    ].join("\n") + EMAIL_SIGNATURE,
    kind: "job-alert-confirmation",
    // The link's token is kept only as a hash: the stored body is blanked once delivered.
    sensitive: true,
    headers: unsubscribeHeaders(alert.id),
  };
}

/** Someone asked again for an alert this address already gets: nothing changes, and the email says so. */
export function alreadySubscribedEmail(alert: AlertForEmail): OutgoingEmail {
  return {
    to: alert.email,
    subject: "You already have this job alert",
    body: [
      "You already get this job alert:",
      "",
      alert.description,
      "",
      `We email you its new jobs ${every(alert.frequency)}. To change that, unsubscribe and ask for the alert again.`,
      "",
      `Unsubscribe: ${unsubscribeUrl(alert.id)}`,
    ].join("\n") + EMAIL_SIGNATURE,
    kind: "job-alert-exists",
    headers: unsubscribeHeaders(alert.id),
  };
}

/** A job as a digest lists it. */
export interface DigestJob {
  id: string;
  title: string;
  companyName: string;
  location: string | null;
  featured: boolean;
}

/** The digest: the new jobs (at most the query's limit), "and N more" with the search's link, and how to stop. */
export function digestEmail(alert: AlertForEmail, jobs: readonly DigestJob[], total: number): OutgoingEmail {
  const more = total - jobs.length;
  const searchUrl = absoluteUrl(config.baseUrl, jobAlertSearchPath(alert.search, alert.companySlug));
  return {
    to: alert.email,
    subject: total === 1 ? `1 new job: ${jobs[0]!.title}` : `${total} new jobs for your job alert`,
    body: [
      `New jobs for your alert “${alert.description}”:`,
      "",
      ...jobs.flatMap((job) => [
        `${job.title} · ${job.companyName}${job.location ? ` · ${job.location}` : ""}${job.featured ? " · Featured" : ""}`,
        absoluteUrl(config.baseUrl, jobPath(job)),
        "",
      ]),
      ...(more > 0 ? [`And ${more} more: ${searchUrl}`, ""] : [`See every matching job: ${searchUrl}`, ""]),
      `You get this email ${every(alert.frequency)} when there are new jobs, because you asked for job alerts.`,
      `Manage or unsubscribe: ${unsubscribeUrl(alert.id)}`,
    ].join("\n") + EMAIL_SIGNATURE,
    kind: "job-alert-digest",
    headers: unsubscribeHeaders(alert.id),
  };
}
