import { data, redirect, useActionData } from "react-router";
import type { Route } from "./+types/job-apply";
import { idParam } from "~/lib/id-param";
import { ApplyForm } from "~/features/apply-form/apply-form";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { APPLICATION_MESSAGES, applicationSchema, HONEYPOT_FIELD } from "~/schemas/application";
import type { FormField } from "~/schemas/form-field";
import { CV_FIELD_NAME, type CvFieldSetting } from "~/schemas/cv";
import { type FormWithCv, readFormWithCv } from "~/server/cvs/cv-upload.server";
import { applicationSourceOf } from "~/schemas/application-source";
import { VISIT_SOURCE_FIELDS } from "~/lib/visit-source";
import { config } from "~/server/platform/config.server";
import { parseForm } from "~/schemas/parse-form";
import { appDatabase } from "~/server/platform/db.server";
import { appMailer } from "~/server/mail/mailer.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { cachedValue } from "~/server/job-board/cache.server";
import { getPublicJob } from "~/server/job-board/queries.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { NOT_ACCEPTING_MESSAGE, submitApplication } from "~/server/applications/apply.server";
import { applicationEmailWorker } from "~/server/mail/candidate-emails.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { JobDetails, jobPageMeta } from "./job-details";
import { loadJobPage } from "./job-page.server";
import { JobUnavailable } from "./job-unavailable";

// The apply page: the job, then its form, which posts here.

export const meta: Route.MetaFunction = ({ data }) => jobPageMeta(data);

/** The action's headers (Retry-After when rate-limited) or the loader's reach the document response. */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadJobPage(params, true, new URL(request.url).search);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const jobId = idParam(params.id, "Job not found");
  const db = appDatabase();
  // The job's form and status for validation, read through the board cache; submitApplication
  // checks the status again in its own statement.
  const job = await cachedValue(`apply-job ${jobId}`, () => getPublicJob(db, jobId));
  if (!job) return data({ errors: undefined, values: {}, failure: "Job not found" }, { status: 404 });
  if (job.status !== "published") return data({ errors: undefined, values: {}, failure: NOT_ACCEPTING_MESSAGE }, { status: 410 });

  // The text fields, and the CV (when the job asks for one) streamed to a temporary file and
  // checked by its bytes (decision 083).
  let form: FormWithCv;
  try {
    form = await readFormWithCv(request, { acceptCv: job.cvField !== "hidden" });
  } catch (error) {
    // A form too large to read, or not a form: said above the form (nothing came through to keep).
    const answer = answerDomainError(error, { unexpected: { log: "Error reading an application:", message: APPLICATION_MESSAGES.fallback } });
    return data({ errors: undefined, values: {}, failure: answer.message }, answer.init);
  }
  try {
    const submitted = form.values;
    // A bot filled the field people cannot see: answer like a success and store nothing.
    if (submitted[HONEYPOT_FIELD]) return redirect("/jobs?applied=1");

    const { schema, maxLengths } = applicationSchemaOf(job.formSchema, job.cvField);
    // What the form shows again after a failure: its own fields, none longer than its maximum,
    // and whether a file had been chosen (the browser forgets it: the field says so).
    const values = { ...echoFormValues(submitted, maxLengths), ...(submitted[CV_FIELD_NAME] ? { [CV_FIELD_NAME]: submitted[CV_FIELD_NAME] } : {}) };
    const parsed = parseForm(schema, submitted);
    if (!parsed.success || form.cvError) {
      const errors = { ...(parsed.success ? {} : parsed.errors), ...(form.cvError ? { [CV_FIELD_NAME]: form.cvError } : {}) };
      return data({ errors, values, failure: undefined }, { status: 400 });
    }
    try {
      await submitApplication(db, {
        jobId: job.id,
        application: parsed.data,
        source: sourceOf(request, submitted),
        rateLimit: { rule: RATE_LIMITS.apply, subject: context.get(clientIpContext) },
        cv: form.cv,
      });
    } catch (error) {
      // Spec section 8: "Job not found", "Failed to get pipeline stage" and the fallback are the form's own messages.
      const answer = answerDomainError(error, {
        answerNotFound: true,
        unexpected: { log: "Error submitting application:", message: APPLICATION_MESSAGES.fallback },
      });
      const onField = answer.field !== "form";
      return data({ errors: onField ? answer.errors : undefined, values, failure: onField ? undefined : answer.message }, answer.init);
    }
  } finally {
    await form.cv?.dispose();
  }
  // The application's statement queued its emails (the candidate's confirmation and the staff
  // notifications): the worker writes and sends them in the background, never delaying this answer.
  applicationEmailWorker(db, appMailer()).kick();
  return redirect("/jobs?applied=1");
}

/**
 * Where the application came from (decision 079): the hidden fields the form filled from the
 * visit's first page, or, without JavaScript, the campaign in the apply page's own address.
 */
function sourceOf(request: Request, submitted: Record<string, string>) {
  const fromForm = VISIT_SOURCE_FIELDS.some((name) => submitted[name]?.trim());
  const values = fromForm ? submitted : Object.fromEntries(new URL(request.url).searchParams);
  return applicationSourceOf(values, new URL(config.baseUrl).host);
}

/**
 * The apply schema of a job's form, built once per form: the board cache hands out the same job
 * (and so the same form array) for a few seconds, and building a zod schema costs more than using it.
 */
interface ApplySchema {
  schema: ReturnType<typeof applicationSchema>;
  maxLengths: ReadonlyMap<string, number>;
}
const schemaCache = new WeakMap<readonly FormField[], Map<CvFieldSetting, ApplySchema>>();
function applicationSchemaOf(formSchema: readonly FormField[], cvField: CvFieldSetting): ApplySchema {
  let byCvField = schemaCache.get(formSchema);
  if (!byCvField) schemaCache.set(formSchema, (byCvField = new Map()));
  let cached = byCvField.get(cvField);
  if (!cached) {
    const schema = applicationSchema(formSchema, cvField);
    cached = { schema, maxLengths: maxLengthsOf(schema) };
    byCvField.set(cvField, cached);
  }
  return cached;
}

export default function JobApplyPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  if (loaderData.status !== "published") return <JobUnavailable reason={loaderData.status} />;
  return (
    <JobDetails page={loaderData}>
      <section aria-labelledby="apply-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="apply-heading" className="text-xl font-semibold text-slate-900">
          Apply for this job
        </h2>
        <div className="mt-6">
          <ApplyForm fields={loaderData.job.formSchema} cvField={loaderData.job.cvField} errors={actionData?.errors} values={actionData?.values} failure={actionData?.failure} />
        </div>
      </section>
    </JobDetails>
  );
}
