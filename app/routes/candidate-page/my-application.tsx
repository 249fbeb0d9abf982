import { data } from "react-router";
import type { Route } from "./+types/my-application";
import { PublicFrame } from "~/components/ui/public-frame";
import { ErrorPage } from "~/components/ui/error-page";
import { ApplicationSections, type CandidatePageResult } from "~/features/candidate-page/application-sections";
import { LinksRequestForm } from "~/features/candidate-page/links-request-form";
import { echoFormValues } from "~/lib/form-echo";
import {
  CANDIDATE_PAGE_MESSAGES,
  ContactDetailsSchema,
  ErasureRequestSchema,
  NewCvSchema,
  WithdrawSchema,
} from "~/schemas/candidate-page";
import { CV_FIELD_NAME, CV_MESSAGES } from "~/schemas/cv";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";
import { clientIpOf } from "~/server/audit/audit.server";
import { type FormWithCv, readFormWithCv } from "~/server/cvs/cv-upload.server";
import { appMailer } from "~/server/mail/mailer.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { isSecretToken } from "~/server/platform/secret-token.server";
import {
  correctContactDetails,
  readApplicationPage,
  requestErasure,
  uploadCvByCandidate,
  withdrawByCandidate,
} from "~/server/privacy/candidate-page.server";

/*
 * /my-application/<token>: a candidate's own page of an application (issue 17, decision 119). No
 * account: the token from the confirmation email (or "Email me my links") is the key. Every form is a
 * plain POST to the page and works without JavaScript; the page then reads the application again.
 */

// Never cached, never indexed, and the token in the address is not sent to other sites.
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.state === "open" ? `Your application: ${data.page.jobTitle} at ${data.page.companyName} | OpenHire` : "Your application | OpenHire" },
  { name: "robots", content: "noindex" },
];

const notFound = () => data("Page not found", { status: 404, headers: PRIVATE_HEADERS });

export async function loader({ params }: Route.LoaderArgs) {
  if (!isSecretToken(params.token)) throw notFound();
  const found = await readApplicationPage(appDatabase(), params.token);
  // An unknown or expired link still gets the page that asks for new links.
  if (found.state === "unknown") return data(found, { status: 404, headers: PRIVATE_HEADERS });
  if (found.state === "expired") return data(found, { status: 410, headers: PRIVATE_HEADERS });
  return data(found, { headers: PRIVATE_HEADERS });
}

const ECHO_LIMITS = new Map([
  ["name", 200],
  ["email", 254],
  ["phone", 40],
]);

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!isSecretToken(params.token)) throw notFound();
  const token = params.token;
  const db = appDatabase();
  const ip = clientIpOf(context);
  // The CV form is the one multipart form: its file is streamed to a temporary file and checked by its bytes.
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  let form: FormWithCv | null = null;
  try {
    form = multipart ? await readFormWithCv(request, { acceptCv: true }) : null;
    const values = form ? form.values : formValues(await request.formData());
    const intent = values.intent ?? "";
    const refused = (errors: FieldErrors, status = 400) =>
      data<CandidatePageResult>({ intent, ok: false, errors, values: echoFormValues(values, ECHO_LIMITS) }, { status, headers: PRIVATE_HEADERS });
    const done = (message: string) => data<CandidatePageResult>({ intent, ok: true, message }, { headers: PRIVATE_HEADERS });
    try {
      switch (intent) {
        case "withdraw": {
          const parsed = parseForm(WithdrawSchema, values);
          if (!parsed.success) return refused(parsed.errors);
          await withdrawByCandidate(db, appMailer(), token, { baseUrl: config.baseUrl });
          return done(CANDIDATE_PAGE_MESSAGES.withdrawn);
        }
        case "contact": {
          const parsed = parseForm(ContactDetailsSchema, values);
          if (!parsed.success) return refused(parsed.errors);
          await correctContactDetails(db, token, parsed.data, ip);
          return done(CANDIDATE_PAGE_MESSAGES.contactSaved);
        }
        case "cv": {
          const parsed = parseForm(NewCvSchema, values);
          const cvError = form?.cvError ?? (parsed.success ? undefined : parsed.errors[CV_FIELD_NAME]);
          if (cvError || !form?.cv) return refused({ [CV_FIELD_NAME]: cvError ?? CV_MESSAGES.required });
          await uploadCvByCandidate(db, token, form.cv, ip);
          return done(CANDIDATE_PAGE_MESSAGES.cvSaved);
        }
        case "erasure": {
          const parsed = parseForm(ErasureRequestSchema, values);
          if (!parsed.success) return refused(parsed.errors);
          await requestErasure(db, appMailer(), token, { baseUrl: config.baseUrl, ip });
          return done(CANDIDATE_PAGE_MESSAGES.erasureRequested);
        }
        default:
          return refused({ form: "Choose what to do on the page." });
      }
    } catch (error) {
      const answer = answerDomainError(error, { answerNotFound: true });
      return refused(answer.errors, answer.status);
    }
  } catch (error) {
    // A form too large to read, or not a form.
    const answer = answerDomainError(error, { answerNotFound: true });
    return data<CandidatePageResult>({ intent: "", ok: false, errors: answer.errors, values: {} }, { status: answer.status, headers: PRIVATE_HEADERS });
  } finally {
    await form?.cv?.dispose();
  }
}

export default function MyApplication({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <PublicFrame>
      <div className="mx-auto max-w-2xl px-4 py-10">
        {loaderData.state === "open" ? (
          <ApplicationSections page={loaderData.page} result={actionData} downloadHref={`/my-application/${params.token}/data`} />
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              {loaderData.state === "expired" ? "This link has expired" : "This link is not valid"}
            </h1>
            <p className="mt-3 text-slate-700">
              {loaderData.state === "expired"
                ? "Links to your application's page work for a limited time, to keep it private."
                : "Check that the address is the whole link from your email."}{" "}
              Enter the address you applied with and we will email you a new link to each of your applications.
            </p>
            <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <LinksRequestForm result={undefined} />
            </div>
          </>
        )}
      </div>
    </PublicFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicFrame>
      <ErrorPage
        error={error}
        notFound={{ title: "This link is not valid", text: "Check that the address is the whole link from your email, or ask for a new one at /my-application." }}
        back={{ to: "/my-application", label: "Email me my links" }}
        className="mx-auto max-w-xl px-4 py-20"
      />
    </PublicFrame>
  );
}
