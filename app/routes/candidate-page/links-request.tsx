import { data } from "react-router";
import type { Route } from "./+types/links-request";
import { PublicFrame } from "~/components/ui/public-frame";
import { LinksRequestForm, type LinksRequestResult } from "~/features/candidate-page/links-request-form";
import { echoFormValues } from "~/lib/form-echo";
import { ApplicationLinksRequestSchema, APPLICATION_LINK_DAYS, CANDIDATE_PAGE_MESSAGES } from "~/schemas/candidate-page";
import { formValues, parseForm } from "~/schemas/parse-form";
import { appMailer } from "~/server/mail/mailer.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { emailApplicationLinks } from "~/server/privacy/candidate-page.server";

/*
 * /my-application: where a candidate asks for new links to their applications' own pages (decision
 * 119). The answer is the same whether or not the address applied anywhere.
 */

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };
const ECHO_LIMITS = new Map([["email", 254]]);

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = () => [{ title: "Your applications | OpenHire" }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const email = echoFormValues(values, ECHO_LIMITS).email ?? "";
  const parsed = parseForm(ApplicationLinksRequestSchema, values);
  if (!parsed.success) return data<LinksRequestResult>({ ok: false, errors: parsed.errors, email }, { status: 400, headers: PRIVATE_HEADERS });
  try {
    await emailApplicationLinks(appDatabase(), appMailer(), parsed.data.email, { baseUrl: config.baseUrl, clientIp: context.get(clientIpContext) });
  } catch (error) {
    const answer = answerDomainError(error);
    return data<LinksRequestResult>({ ok: false, errors: { email: answer.message }, email }, { status: answer.status, headers: { ...PRIVATE_HEADERS, ...answer.init.headers } });
  }
  return data<LinksRequestResult>({ ok: true, message: CANDIDATE_PAGE_MESSAGES.linksSent }, { headers: PRIVATE_HEADERS });
}

export default function LinksRequest({ actionData }: Route.ComponentProps) {
  return (
    <PublicFrame>
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your applications</h1>
        <p className="mt-3 text-slate-700">
          Each application you send through OpenHire has its own private page: where it stands, and where you can withdraw it, correct your
          details, upload a new CV, download a copy of your data or ask for it to be erased.
        </p>
        <p className="mt-2 text-slate-700">
          Your confirmation email has the link. Lost it, or has it expired? Enter your address and we will email you new links, which work for{" "}
          {APPLICATION_LINK_DAYS} days.
        </p>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <LinksRequestForm result={actionData} />
        </div>
      </div>
    </PublicFrame>
  );
}
