import { type ReactNode, useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Alert } from "~/components/ui/alert";
import { Field, FieldMessages, FileField } from "~/components/ui/field";
import {
  CANDIDATE_STATUS_WORDS,
  type CandidateStatus,
  ContactDetailsSchema,
  ErasureRequestSchema,
  NewCvSchema,
  WithdrawSchema,
} from "~/schemas/candidate-page";
import { CV_ACCEPT, CV_FIELD_NAME, CV_MESSAGES } from "~/schemas/cv";
import type { FieldErrors } from "~/schemas/parse-form";

/** What a form of the page answers: its intent, and a message or the errors with what was typed. */
export type CandidatePageResult =
  | { intent: string; ok: true; message: string }
  | { intent: string; ok: false; errors: FieldErrors; values: Record<string, string> };

/** What the page shows (CandidateApplicationPage on the server). */
export interface CandidatePageView {
  companyName: string;
  jobTitle: string;
  appliedOn: string;
  status: CandidateStatus;
  withdrawn: boolean;
  contact: { name: string; email: string; phone: string };
  cvs: { fileName: string; uploadedOn: string }[];
  erasureRequestedOn: string | null;
  linkExpiresOn: string;
}

const STATUS_STYLES: Readonly<Record<CandidateStatus, string>> = {
  received: "bg-slate-100 text-slate-800 ring-slate-200",
  in_review: "bg-amber-50 text-amber-900 ring-amber-200",
  interviewing: "bg-brand-50 text-brand-900 ring-brand-200",
  closed: "bg-slate-100 text-slate-700 ring-slate-300",
};

/** The steps, in order, for the progress line under the status. */
const STEPS: readonly CandidateStatus[] = ["received", "in_review", "interviewing", "closed"];

/**
 * A candidate's own page of an application (decision 119): where it stands in plain words, then their
 * contact details, their CV, a copy of their data, withdrawing and erasure. Each section is its own
 * form, checked in the browser with the schema the server checks again.
 */
export function ApplicationSections({ page, result, downloadHref }: { page: CandidatePageView; result: CandidatePageResult | undefined; downloadHref: string }) {
  const words = CANDIDATE_STATUS_WORDS[page.status];
  const current = STEPS.indexOf(page.status);
  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-600">
          {page.companyName} · {page.jobTitle}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your application</h1>
        <p className="mt-1 text-sm text-slate-600">Applied on {page.appliedOn}</p>
      </header>

      {result?.ok ? <Alert tone="success">{result.message}</Alert> : null}

      <section aria-labelledby="status-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="status-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Status
        </h2>
        <p className={`mt-2 inline-flex rounded-full px-3 py-1 text-base font-semibold ring-1 ${STATUS_STYLES[page.status]}`} data-testid="candidate-status">
          {words.label}
        </p>
        <p className="mt-2 text-slate-700">{page.withdrawn ? "You withdrew this application." : words.explanation}</p>
        <ol aria-label="Steps" className="mt-4 grid grid-cols-4 gap-x-2 gap-y-1 text-xs text-slate-600">
          {STEPS.map((step, index) => (
            <li key={step} aria-current={step === page.status ? "step" : undefined} className="grid gap-1">
              <span className={`h-1.5 rounded-full ${index <= current ? "bg-brand-600" : "bg-slate-200"}`} />
              <span className={step === page.status ? "font-semibold text-slate-900" : undefined}>{CANDIDATE_STATUS_WORDS[step].label}</span>
            </li>
          ))}
        </ol>
        {page.erasureRequestedOn ? (
          <div className="mt-4">
            <Alert tone="info">
              You asked on {page.erasureRequestedOn} for your data to be erased. {page.companyName} must answer within one month.
            </Alert>
          </div>
        ) : null}
      </section>

      <ContactSection page={page} result={result?.intent === "contact" ? result : undefined} />
      <CvSection page={page} result={result?.intent === "cv" ? result : undefined} />

      <Card title="A copy of your data" id="data-heading">
        <p className="text-sm text-slate-700">
          Everything you gave {page.companyName} and what is recorded about your applications there: your details, your answers, the emails
          between you, your interviews and your CV files, as a zip file (JSON and the files).
        </p>
        <a href={downloadHref} download className="btn btn-secondary mt-3 inline-flex" data-testid="download-data">
          Download my data
        </a>
      </Card>

      {page.status !== "closed" ? <WithdrawSection page={page} result={result?.intent === "withdraw" ? result : undefined} /> : null}
      <ErasureSection page={page} result={result?.intent === "erasure" ? result : undefined} />

      <p className="text-sm text-slate-600">
        This private link works until {page.linkExpiresOn}; please do not share it.{" "}
        <Link to="/my-application" className="font-medium text-brand-700 underline hover:text-brand-800">
          Email me new links
        </Link>
      </p>
    </div>
  );
}

function Card({ title, id, children, tone = "default" }: { title: string; id: string; children: ReactNode; tone?: "default" | "danger" }) {
  return (
    <section aria-labelledby={id} className={`rounded-xl border bg-white p-5 shadow-sm ${tone === "danger" ? "border-red-200" : "border-slate-200"}`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

type Failed = Extract<CandidatePageResult, { ok: false }>;
const failed = (result: CandidatePageResult | undefined): Failed | undefined => (result && !result.ok ? result : undefined);

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function ContactSection({ page, result }: { page: CandidatePageView; result: CandidatePageResult | undefined }) {
  const refused = failed(result);
  const { errors, onSubmit, onChange } = useValidatedForm(ContactDetailsSchema, refused?.errors);
  const values = refused?.values ?? page.contact;
  const busy = useBusy("contact");
  return (
    <Card title="Your contact details" id="contact-heading">
      <p className="text-sm text-slate-700">If something is wrong, correct it here. {page.companyName} uses these to reach you about all your applications there.</p>
      {/* The saved details are the form's defaults: a new key after a save shows them again. */}
      <Form key={`${page.contact.name} ${page.contact.email} ${page.contact.phone}`} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="contact" />
        <Field label="Full name" name="name" autoComplete="name" required maxLength={200} defaultValue={values.name} error={errors.name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values.email} error={errors.email} />
        <Field label="Phone (optional)" name="phone" type="tel" autoComplete="tel" maxLength={40} defaultValue={values.phone} error={errors.phone} />
        {errors.form ? (
          <div className="sm:col-span-2">
            <Alert>{errors.form}</Alert>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Save details"}
          </button>
        </div>
      </Form>
    </Card>
  );
}

function CvSection({ page, result }: { page: CandidatePageView; result: CandidatePageResult | undefined }) {
  const refused = failed(result);
  const { errors, onSubmit, onChange } = useValidatedForm(NewCvSchema, refused?.errors);
  const busy = useBusy("cv");
  return (
    <Card title="Your CV" id="cv-heading">
      {page.cvs.length === 0 ? (
        <p className="text-sm text-slate-700">{page.companyName} has no CV file from you.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {page.cvs.map((cv, index) => (
            <li key={`${cv.fileName}-${index}`} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span className="break-all font-medium text-slate-900">{cv.fileName}</span>
              <span className="text-slate-600">Uploaded {cv.uploadedOn}</span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="cv" />
        <FileField label="Upload a new CV" name={CV_FIELD_NAME} accept={CV_ACCEPT} aria-required error={errors[CV_FIELD_NAME] ?? errors.form} hint={CV_MESSAGES.hint} />
        <div>
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {busy ? "Uploading…" : "Upload CV"}
          </button>
        </div>
      </Form>
    </Card>
  );
}

/** A form that does something for good: a box to tick saying so, then the button. */
function ConfirmedForm({
  intent,
  schema,
  result,
  label,
  button,
  busyLabel,
}: {
  intent: "withdraw" | "erasure";
  schema: typeof WithdrawSchema | typeof ErasureRequestSchema;
  result: CandidatePageResult | undefined;
  label: string;
  button: string;
  busyLabel: string;
}) {
  const id = useId();
  const refused = failed(result);
  const { errors, onSubmit, onChange } = useValidatedForm(schema, refused?.errors);
  const error = errors.confirm ?? errors.form;
  const busy = useBusy(intent);
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-3 grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      <div>
        <div className="flex items-start gap-2">
          <input
            id={id}
            type="checkbox"
            name="confirm"
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-red-600"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <label htmlFor={id} className="text-sm text-slate-700">
            {label}
          </label>
        </div>
        <FieldMessages id={id} error={error} />
      </div>
      <div>
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? busyLabel : button}
        </button>
      </div>
    </Form>
  );
}

function WithdrawSection({ page, result }: { page: CandidatePageView; result: CandidatePageResult | undefined }) {
  return (
    <Card title="Withdraw your application" id="withdraw-heading" tone="danger">
      <p className="text-sm text-slate-700">
        {page.companyName} will stop considering you for {page.jobTitle}. To be considered again, you would need to apply again.
      </p>
      <ConfirmedForm
        intent="withdraw"
        schema={WithdrawSchema}
        result={result}
        label={`I want to withdraw my application for ${page.jobTitle}`}
        button="Withdraw application"
        busyLabel="Withdrawing…"
      />
    </Card>
  );
}

function ErasureSection({ page, result }: { page: CandidatePageView; result: CandidatePageResult | undefined }) {
  return (
    <Card title="Erase my data" id="erasure-heading" tone="danger">
      {page.erasureRequestedOn ? (
        <p className="text-sm text-slate-700">
          You asked on {page.erasureRequestedOn}. {page.companyName} must erase your data or tell you why some must be kept, within one month.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Ask {page.companyName} to erase everything it holds about you: your applications, CV files, emails and notes. It must answer within one
            month. Once erased, this page and your applications there are gone for good.
          </p>
          <ConfirmedForm
            intent="erasure"
            schema={ErasureRequestSchema}
            result={result}
            label="I want my data at this company erased"
            button="Ask for erasure"
            busyLabel="Sending…"
          />
        </>
      )}
    </Card>
  );
}
