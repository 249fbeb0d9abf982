import { data, redirect, useActionData } from "react-router";
import type { Route } from "./+types/job";
import { ButtonLink } from "~/components/ui/button";
import { ApplyForm } from "~/features/apply-form/apply-form";
import { jobPostingJsonLd, safeWebsite, serializeJsonLd } from "~/lib/job-posting-ld";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { formatSalary } from "~/lib/salary";
import { jobPath } from "~/lib/slug";
import { APPLICATION_MESSAGES, applicationSchema, HONEYPOT_FIELD } from "~/schemas/application";
import type { FormField } from "~/schemas/form-field";
import { formValues, parseForm } from "~/schemas/parse-form";
import { config } from "~/server/config.server";
import { cachedValue } from "~/server/job-board-cache.server";
import { appDatabase } from "~/server/db.server";
import { appMailer } from "~/server/email.server";
import { isDomainError } from "~/server/errors.server";
import { getPublicJob } from "~/server/queries/job-board.server";
import { clientIpContext } from "~/server/request-context.server";
import { NOT_ACCEPTING_MESSAGE, submitApplication } from "~/server/services/applications.server";
import { applicationEmailWorker } from "~/server/services/candidate-emails.server";
import { RATE_LIMITS } from "~/server/services/rate-limit.server";
import { JobUnavailable, unavailableMeta } from "./job-unavailable";

/** True at `.../apply` (also for React Router's data requests, whose URL ends in `.data`). */
const isApplyPath = (request: Request) =>
  new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "").endsWith("/apply");

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data || data.status !== "published") return unavailableMeta(data?.status ?? "missing");
  const { job } = data;
  const summary = job.description.replace(/\s+/g, " ").slice(0, 155);
  return [
    ...pageMeta(`${data.apply ? "Apply: " : ""}${job.title} at ${job.companyName}`, summary),
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
};

/** The action's headers (Retry-After when rate-limited) or the loader's reach the document response. */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

/** A job that is not (or no longer) public may come back: never keep that answer. */
const UNAVAILABLE_HEADERS = { "Cache-Control": "no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const job = await getPublicJob(appDatabase(), params.id);
  if (!job) return data({ status: "missing" as const }, { status: 404, headers: UNAVAILABLE_HEADERS });
  // Draft jobs were never public: not found. Closed jobs are gone: 410.
  if (job.status !== "published") {
    return data({ status: "closed" as const }, { status: job.status === "closed" ? 410 : 404, headers: UNAVAILABLE_HEADERS });
  }
  const apply = isApplyPath(request);
  const canonicalPath = jobPath(job);
  if (`/jobs/${params.id}/${params.slug}` !== canonicalPath) {
    // 301, but not kept by browsers: the slug follows the title, which staff may edit again.
    throw redirect(apply ? `${canonicalPath}/apply` : canonicalPath, { status: 301, headers: { "Cache-Control": "no-cache" } });
  }
  const canonical = `${config.baseUrl}${canonicalPath}`;
  return {
    status: "published" as const,
    apply,
    canonical,
    path: canonicalPath,
    jsonLd: serializeJsonLd(jobPostingJsonLd(job, canonical)),
    job: {
      id: job.id,
      title: job.title,
      companyName: job.companyName,
      companyWebsite: safeWebsite(job.companyWebsite),
      description: job.description,
      requirements: job.requirements,
      location: job.location,
      type: job.type,
      remoteType: job.remoteType,
      salary: formatSalary(job),
      formSchema: job.formSchema,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  // A bot filled the field people cannot see: answer like a success and store nothing.
  if (values[HONEYPOT_FIELD]) return redirect("/jobs?applied=1");

  const db = appDatabase();
  // The job's form and status for validation, read through the board cache; submitApplication
  // checks the status again in its own statement.
  const job = await cachedValue(`apply-job ${params.id}`, () => getPublicJob(db, params.id));
  if (!job) return data({ errors: undefined, values, failure: "Job not found" }, { status: 404 });
  if (job.status !== "published") return data({ errors: undefined, values, failure: NOT_ACCEPTING_MESSAGE }, { status: 410 });

  const parsed = parseForm(applicationSchemaOf(job.formSchema), values);
  if (!parsed.success) return data({ errors: parsed.errors, values, failure: undefined }, { status: 400 });
  try {
    await submitApplication(db, {
      jobId: job.id,
      application: parsed.data,
      rateLimit: { rule: RATE_LIMITS.apply, subject: context.get(clientIpContext) },
    });
  } catch (error) {
    if (!isDomainError(error)) {
      console.error("Error submitting application:", error);
      return data({ errors: undefined, values, failure: APPLICATION_MESSAGES.fallback }, { status: 500 });
    }
    const status = { CONFLICT: 409, RATE_LIMITED: 429, CLOSED: 410, NOT_FOUND: 404 }[error.code as string] ?? 400;
    const headers: HeadersInit = error.details.retryAfterSeconds ? { "Retry-After": String(error.details.retryAfterSeconds) } : {};
    const errors = error.details.field ? { [error.details.field]: error.message } : undefined;
    return data({ errors, values, failure: errors ? undefined : error.message }, { status, headers });
  }
  // The application's statement queued its emails (the candidate's confirmation and the staff
  // notifications): the worker writes and sends them in the background, never delaying this answer.
  applicationEmailWorker(db, appMailer()).kick();
  return redirect("/jobs?applied=1");
}

/**
 * The apply schema of a job's form, built once per form: the board cache hands out the same job
 * (and so the same form array) for a few seconds, and building a zod schema costs more than using it.
 */
const schemaCache = new WeakMap<readonly FormField[], ReturnType<typeof applicationSchema>>();
function applicationSchemaOf(formSchema: readonly FormField[]) {
  let schema = schemaCache.get(formSchema);
  if (!schema) {
    schema = applicationSchema(formSchema);
    schemaCache.set(formSchema, schema);
  }
  return schema;
}

const capitalise = (value: string) => value[0]!.toUpperCase() + value.slice(1);

export default function JobPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  if (loaderData.status !== "published") return <JobUnavailable reason={loaderData.status} />;
  const { job, apply, path, jsonLd } = loaderData;
  const facts = [
    { label: "Location", value: job.location },
    { label: "Type", value: capitalise(job.type) },
    { label: "Remote", value: job.remoteType ? capitalise(job.remoteType) : null },
    { label: "Salary", value: job.salary },
  ].filter((fact) => fact.value);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <ButtonLink to="/jobs" variant="ghost" className="-ml-4">
        ← Back to Job Board
      </ButtonLink>
      <article className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{job.title}</h1>
            <p className="mt-1 text-base font-medium text-slate-700">
              {job.companyName}
              {job.companyWebsite ? (
                <>
                  {" · "}
                  <a href={job.companyWebsite} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 hover:text-brand-800">
                    {job.companyWebsite.replace(/^https?:\/\//, "").replace(/\/$/, "")}
                  </a>
                </>
              ) : null}
            </p>
          </div>
          {apply ? null : (
            <ButtonLink to={`${path}/apply`} className="shrink-0">
              Apply Now
            </ButtonLink>
          )}
        </header>
        <dl className="mt-6 grid gap-4 border-y border-slate-100 py-4 sm:grid-cols-2">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{fact.label}</dt>
              <dd className="mt-1 text-sm text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <section className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">Description</h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{job.description}</p>
        </section>
        {job.requirements ? (
          <section className="mt-6">
            <h2 className="text-lg font-semibold text-slate-900">Requirements</h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{job.requirements}</p>
          </section>
        ) : null}
      </article>
      {apply ? (
        <section aria-labelledby="apply-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="apply-heading" className="text-xl font-semibold text-slate-900">
            Apply for this job
          </h2>
          <div className="mt-6">
            <ApplyForm fields={job.formSchema} errors={actionData?.errors} values={actionData?.values} failure={actionData?.failure} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
