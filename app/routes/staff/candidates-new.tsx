import { useState } from "react";
import { data, Form, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/candidates-new";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FileField, SelectField } from "~/components/ui/field";
import { type JobChoice, JobFilter } from "~/features/job-filter/job-filter";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { jobPath } from "~/lib/slug";
import { AddCandidateQuerySchema, AddCandidateSchema } from "~/schemas/candidate";
import { parseQuery } from "~/schemas/query";
import { type FieldErrors, parseForm } from "~/schemas/parse-form";
import { CV_ACCEPT, CV_FIELD_LABEL, CV_FIELD_NAME, CV_MESSAGES } from "~/schemas/cv";
import { type FormWithCv, readFormWithCv } from "~/server/cvs/cv-upload.server";
import { requireStaff } from "~/server/accounts/session.server";
import { displayNameOf } from "~/lib/role-label";
import { getApplicationFilterChoices } from "~/server/applications/queries.server";
import { addCandidate } from "~/server/candidates/candidates.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "candidates.manage", action: "candidates.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Add candidate", "Add a candidate you found yourself.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const query = parseQuery(AddCandidateQuerySchema, request.url);
  const { job, stages } = await getApplicationFilterChoices(appDatabase(), staff, query.job);
  return {
    job,
    jobHref: job ? jobPath(job) : null,
    stages,
    stageId: job && stages.some((s) => s.id === query.stage) ? query.stage : undefined,
  };
}

const MAX_LENGTHS = maxLengthsOf(AddCandidateSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  // The CV, if one was chosen, streamed to a temporary file and checked by its bytes (decision 083).
  let form: FormWithCv;
  try {
    form = await readFormWithCv(request, { acceptCv: true });
  } catch (error) {
    const answer = answerDomainError(error);
    return data({ errors: answer.errors as FieldErrors, values: {} as Record<string, string> }, answer.init);
  }
  try {
    const { values } = form;
    // What the form shows again: its fields, and whether a file had been chosen (it must be chosen again).
    const echo: Record<string, string> = { ...echoFormValues(values, MAX_LENGTHS), ...(values[CV_FIELD_NAME] ? { [CV_FIELD_NAME]: values[CV_FIELD_NAME] } : {}) };
    const parsed = parseForm(AddCandidateSchema, values);
    if (!parsed.success || form.cvError) {
      const errors: FieldErrors = { ...(parsed.success ? {} : parsed.errors), ...(form.cvError ? { [CV_FIELD_NAME]: form.cvError } : {}) };
      return data({ errors, values: echo }, { status: 400 });
    }
    try {
      const added = await addCandidate(appDatabase(), { ...staff, displayName: displayNameOf(staff) }, parsed.data, form.cv);
      const notice = added.applicationId ? "candidate-added-to-job" : added.existed ? "candidate-existing" : "candidate-added";
      return redirectWithNotice(`/candidates/${added.candidateId}`, notice);
    } catch (error) {
      // Another company's job is no choice: said beside the job, with the form kept.
      const answer = answerDomainError(error, { answerNotFound: true });
      return data({ errors: answer.errors as FieldErrors, values: echo }, answer.init);
    }
  } finally {
    await form.cv?.dispose();
  }
}

export default function AddCandidate({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values;
  const errors = actionData?.errors ?? {};
  const navigation = useNavigation();
  const stagesOf = useFetcher<typeof loader>();
  const [job, setJob] = useState<JobChoice | null>(loaderData.job);
  const stages = job ? (stagesOf.data?.job?.id === job.id ? stagesOf.data.stages : job.id === loaderData.job?.id ? loaderData.stages : []) : [];

  return (
    <div className="mx-auto max-w-2xl">
      <BackLink to={loaderData.job ? `/manage/jobs/${loaderData.job.id}` : "/candidates"}>
        Back to {loaderData.job ? "the pipeline" : "Candidates"}
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Add candidate</h1>
      <p className="mt-1 text-sm text-slate-600">
        Someone you found yourself. They get no email from this; their history says you added them.
      </p>
      {errors.form ? (
        <div className="mt-4">
          <Alert>{errors.form}</Alert>
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" noValidate className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <Field label="Full name" name="name" autoComplete="off" required defaultValue={values?.name} error={errors.name} />
        <Field label="Email" name="email" type="email" autoComplete="off" required defaultValue={values?.email} error={errors.email} />
        <Field label="Phone (optional)" name="phone" type="tel" autoComplete="off" defaultValue={values?.phone} error={errors.phone} />
        <FileField
          label={`${CV_FIELD_LABEL} (optional)`}
          name={CV_FIELD_NAME}
          accept={CV_ACCEPT}
          error={errors[CV_FIELD_NAME]}
          hint={values?.[CV_FIELD_NAME] ? `${CV_MESSAGES.hint}. ${CV_MESSAGES.chooseAgain}` : CV_MESSAGES.hint}
        />
        <Field
          label="Source (optional)"
          name="source"
          defaultValue={values?.source}
          error={errors.source}
          hint="Where you found them: a referral, an event, a site."
        />
        <div>
          <JobFilter
            selected={job}
            label="Job (optional)"
            noneLabel="No job"
            labelClassName="block text-sm font-medium text-slate-700"
            onChoose={(chosen) => {
              setJob(chosen);
              if (chosen) void stagesOf.load(`/candidates/new?${new URLSearchParams({ job: chosen.id })}`);
            }}
          />
          {errors.job ? <p className="mt-1 text-sm text-red-600">{errors.job}</p> : null}
        </div>
        {job ? (
          <SelectField
            key={job.id}
            label="Stage"
            name="stage"
            defaultValue={values?.stage ?? loaderData.stageId ?? ""}
            error={errors.stage}
            options={stages.map((stage) => ({ value: stage.id, label: stage.name }))}
          />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
          <p className="text-xs text-slate-500">
            {loaderData.job && loaderData.jobHref ? (
              <>
                Or let them apply themselves:{" "}
                <a href={`${loaderData.jobHref}/apply`} className="font-semibold text-brand-700 hover:underline">
                  the public application form
                </a>
                .
              </>
            ) : null}
          </p>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Adding…" : "Add candidate"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
