import { data, type RouterContextProvider } from "react-router";
import type { NewsletterActionData } from "~/components/marketing/newsletter-form";
import { echoFormValues } from "~/lib/form-echo";
import { type NewsletterSource, parseNewsletter } from "~/schemas/newsletter";
import { formValues } from "~/schemas/parse-form";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { NEWSLETTER_RATE_LIMIT, subscribeToNewsletter } from "~/server/site/newsletter.server";
import { consumeRateLimit } from "~/server/platform/rate-limit.server";
import { clientIpContext } from "~/server/platform/request-context.server";

/** An address is at most 254 characters (RFC 5321): anything longer is not shown again. */
const ECHO_LIMITS = new Map([["email", 254]]);

/** The action of a page with a newsletter form (/blog, /resources). */
export async function newsletterAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  source: NewsletterSource,
) {
  const values = formValues(await request.formData());
  const email = echoFormValues(values, ECHO_LIMITS).email ?? "";
  const parsed = parseNewsletter({ ...values, source });
  if (!parsed.success) {
    return data<NewsletterActionData>({ ok: false, errors: parsed.errors, email }, { status: 400 });
  }
  const db = appDatabase();
  try {
    await consumeRateLimit(db, NEWSLETTER_RATE_LIMIT, context.get(clientIpContext));
  } catch (error) {
    const answer = answerDomainError(error);
    return data<NewsletterActionData>({ ok: false, errors: answer.errors, email }, answer.init);
  }
  const result = await subscribeToNewsletter(db, parsed.data);
  return data<NewsletterActionData>({ ok: true, status: result.status, email: parsed.data.email });
}
