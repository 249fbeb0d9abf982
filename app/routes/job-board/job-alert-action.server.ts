import { data, type RouterContextProvider } from "react-router";
import type { JobAlertActionData } from "~/features/public-jobs/job-alert-form";
import { echoFormValues } from "~/lib/form-echo";
import { JOB_ALERT_MESSAGES, JobAlertSchema } from "~/schemas/job-alerts";
import { formValues, parseForm } from "~/schemas/parse-form";
import { subscribeToJobAlert } from "~/server/job-alerts/alerts.server";
import { appMailer } from "~/server/mail/mailer.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { clientIpContext } from "~/server/platform/request-context.server";

/** An address is at most 254 characters (RFC 5321): anything longer is not shown again. */
const ECHO_LIMITS = new Map([["email", 254]]);

/**
 * "Get job alerts" on the board or a careers page (decision 111): a POST to the page itself. The answer
 * is this visitor's alone and is never cached (the page cache keeps GETs only); the message names no
 * address, so it says nothing about who subscribed.
 */
export async function jobAlertAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  companySlug?: string,
) {
  const values = formValues(await request.formData());
  const echo = { email: echoFormValues(values, ECHO_LIMITS).email ?? "", frequency: values.frequency === "weekly" ? "weekly" : "daily" };
  const parsed = parseForm(JobAlertSchema, values);
  if (!parsed.success) return data<JobAlertActionData>({ ok: false, errors: parsed.errors, ...echo }, { status: 400 });
  try {
    await subscribeToJobAlert(appDatabase(), appMailer(), parsed.data, { clientIp: context.get(clientIpContext), companySlug });
  } catch (error) {
    const answer = answerDomainError(error);
    return data<JobAlertActionData>({ ok: false, errors: answer.errors, ...echo }, answer.init);
  }
  return data<JobAlertActionData>({ ok: true, message: JOB_ALERT_MESSAGES.sent });
}
