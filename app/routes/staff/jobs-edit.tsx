import { data, Link, useActionData } from "react-router";
import { countriesText } from "~/schemas/countries";
import type { Route } from "./+types/jobs-edit";
import { idParam } from "~/lib/id-param";
import { Badge, jobStatusTone } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { JobStatusActions } from "~/features/job-status/job-status-actions";
import { JobForm } from "~/features/job-form/job-form";
import { pageMeta } from "~/lib/meta";
import { jobPath } from "~/lib/slug";
import { draftFromField } from "~/schemas/form-field";
import { type JobFormState } from "~/schemas/job";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { getStaffJob } from "~/server/jobs/queries.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { updateJob } from "~/server/jobs/jobs.server";
import { listEmailTemplates } from "~/server/mail/email-templates.server";
import { handleJobFormPost } from "./job-form-action.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.manage", action: "jobs.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data ? `Edit ${data.title}` : "Edit job", "Edit a job posting.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const job = await getStaffJob(appDatabase(), staff, idParam(params.id, "Job not found"));
  if (!job) throw data("Job not found", { status: 404 });
  const state: JobFormState = {
    title: job.title,
    description: job.description,
    requirements: job.requirements ?? "",
    location: job.location ?? "",
    type: job.type,
    salary_min: job.salaryMin ?? "",
    salary_max: job.salaryMax ?? "",
    salary_currency: job.salaryCurrency ?? "",
    salary_period: job.salaryPeriod ?? "",
    remote_type: job.remoteType ?? "",
    remote_countries: countriesText(job.remoteCountries),
    closes_on: job.closesOn ?? "",
    department: job.department ?? "",
    featured: job.featured,
    cv_field: job.cvField,
    openings: String(job.openings),
    fields: job.formSchema.map(draftFromField),
    stages: job.stages.map((stage) => ({
      key: stage.id,
      id: stage.id,
      name: stage.name,
      description: stage.description ?? "",
      entry_template_id: stage.entryTemplateId ?? "",
      entry_delay_hours: String(stage.entryDelayHours),
    })),
    stage_moves: {},
  };
  return {
    id: job.id,
    title: job.title,
    status: job.status,
    href: jobPath(job),
    state,
    savedStages: job.stages.map((stage) => ({ id: stage.id, name: stage.name, applications: Number(stage.applications) })),
    templates: (await listEmailTemplates(appDatabase(), staff)).map((template) => ({ id: template.id, name: template.name })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const jobId = idParam(params.id, "Job not found");
  return handleJobFormPost(
    request,
    async (input) => {
      const { status } = await updateJob(appDatabase(), staff, jobId, input);
      // A draft's next step is to see it as candidates will and publish it: its preview.
      return redirectWithNotice(status === "draft" ? `/manage/jobs/${jobId}/preview` : "/manage/jobs", "changes-saved");
    },
    {
      log: "Error saving job:",
      fallback: "Failed to save job. Please try again.",
    },
  );
}

export default function EditJob({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { id, status, href, savedStages } = loaderData;
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to="/manage/jobs">
        Back to jobs
      </BackLink>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Edit Job</h1>
        <Badge tone={jobStatusTone(status)}>{status}</Badge>
      </div>
      <section aria-labelledby="status-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
          Status
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          {status === "published"
            ? "This job is on the public job board and accepts applications."
            : status === "closed"
              ? "This job is closed: it is off the job board and accepts no applications."
              : "This job is a draft: only your team can see it."}{" "}
          {status === "published" ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-600 hover:text-brand-700">
              View live job
            </a>
          ) : (
            <Link to={`/manage/jobs/${id}/preview`} className="font-semibold text-brand-600 hover:text-brand-700">
              Preview
            </Link>
          )}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <JobStatusActions id={id} status={status} redirectTo={`/manage/jobs/${id}/edit`} />
          <ButtonLink to={`/manage/jobs/${id}/team`} variant="secondary">
            Hiring team
          </ButtonLink>
          <ButtonLink to={`/manage/jobs/${id}/interview-plan`} variant="secondary">
            Interview plan
          </ButtonLink>
        </div>
      </section>
      <div className="mt-6">
        <JobForm
          key={id}
          initial={actionData?.state ?? loaderData.state}
          errors={actionData?.errors}
          failure={actionData?.failure}
          failureTitle="Error saving job"
          defaultIntent="save"
          submits={[{ intent: "save", label: "Save Changes", busyLabel: "Saving…" }]}
          cancelTo="/manage/jobs"
          savedStages={savedStages}
          templates={loaderData.templates}
        />
      </div>
    </div>
  );
}
