import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/jobs-interview-plan";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { Field } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { idParam } from "~/lib/id-param";
import { pageMeta } from "~/lib/meta";
import type { RouteAccess } from "~/lib/permissions";
import { formValues, parseForm } from "~/schemas/parse-form";
import { InterviewPlanActionSchema } from "~/schemas/scorecard";
import { requireStaff } from "~/server/accounts/session.server";
import {
  addScorecardAttribute,
  copyDefaultsToStage,
  getInterviewPlan,
  listDefaultAttributes,
  removeScorecardAttribute,
  setStageEntryFeedback,
} from "~/server/applications/scorecards.server";
import { getStaffJobPreview } from "~/server/jobs/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { type NoticeCode, redirectWithNotice } from "~/server/platform/notice.server";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.manage", action: "jobs.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data ? `Interview plan: ${data.job.title}` : "Interview plan", "The stages that hold interviews and what interviewers judge there.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const job = await getStaffJobPreview(db, staff, idParam(params.id, "Job not found"));
  if (!job) throw data("Job not found", { status: 404 });
  const [stages, defaults] = await Promise.all([getInterviewPlan(db, staff, job.id), listDefaultAttributes(db, staff)]);
  return { job: { id: job.id, title: job.title }, stages, defaults };
}

const NOTICES: Record<string, NoticeCode> = { "add-attribute": "attribute-added", "remove-attribute": "attribute-removed", "copy-defaults": "defaults-copied" };

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const jobId = idParam(params.id, "Job not found");
  const values = formValues(await request.formData());
  const parsed = parseForm(InterviewPlanActionSchema, values);
  if (!parsed.success) return data({ errors: parsed.errors, stageId: values.stageId ?? null }, { status: 400 });
  const db = appDatabase();
  try {
    const input = parsed.data;
    if (input.intent === "add-attribute") await addScorecardAttribute(db, staff, { category: input.category, name: input.name }, { jobId, stageId: input.stageId });
    else if (input.intent === "copy-defaults") await copyDefaultsToStage(db, staff, jobId, input.stageId);
    else if (input.intent === "set-entry-feedback") {
      await setStageEntryFeedback(db, staff, jobId, input.stageId, input.on === "1");
      return redirectWithNotice(`/manage/jobs/${jobId}/interview-plan`, input.on === "1" ? "entry-feedback-on" : "entry-feedback-off");
    } else await removeScorecardAttribute(db, staff, input.attributeId, jobId);
    return redirectWithNotice(`/manage/jobs/${jobId}/interview-plan`, NOTICES[input.intent]!);
  } catch (error) {
    const answer = answerDomainError(error, { notFound: "Job not found", answerNotFound: true });
    return data({ errors: answer.errors, stageId: values.stageId ?? null }, answer.init);
  }
}

/**
 * A job's interview plan (decision 099): for each stage, the attributes interviewers judge there. A
 * stage with attributes holds interviews; a scorecard on an application in a stage without any
 * judges the company's defaults.
 */
export default function InterviewPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { job, stages, defaults } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <BackLink to={`/manage/jobs/${job.id}`}>
          Back to the pipeline
        </BackLink>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Interview plan</h1>
        <p className="mt-1 text-sm text-slate-600">
          {job.title}: the stages that hold interviews, and what interviewers rate there. A stage with nothing here uses the company&apos;s default scorecard (
          {defaults.map((attribute) => attribute.name).join(", ") || "none yet"}).
        </p>
      </div>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      {stages.map((stage) => {
        const here = actionData?.stageId === stage.id;
        return (
          <Panel key={stage.id} id={`stage-${stage.id}`} title={stage.name}>
            {stage.attributes.length === 0 ? (
              <p className="mt-2 text-sm text-slate-500">No interviews planned: scorecards here judge the company&apos;s defaults.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={`What interviewers rate in ${stage.name}`}>
                {stage.attributes.map((attribute) => (
                  <li key={attribute.id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                    <span>
                      <span className="font-medium text-slate-900">{attribute.name}</span>
                      {attribute.category ? <span className="ml-2 text-slate-500">{attribute.category}</span> : null}
                    </span>
                    <ConfirmAction
                      id={`remove-${attribute.id}`}
                      label="Remove"
                      ariaLabel={`Remove ${attribute.name} from ${stage.name}`}
                      variant="secondary"
                      title={`Remove ${attribute.name}?`}
                      description="Scorecards already submitted keep their ratings of it."
                      confirmLabel="Remove attribute"
                    >
                      <input type="hidden" name="intent" value="remove-attribute" />
                      <input type="hidden" name="attributeId" value={attribute.id} />
                    </ConfirmAction>
                  </li>
                ))}
              </ul>
            )}
            <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start" aria-label={`Add an attribute to ${stage.name}`}>
              <input type="hidden" name="intent" value="add-attribute" />
              <input type="hidden" name="stageId" value={stage.id} />
              <Field label="Attribute" name="name" placeholder="e.g. System design" error={here ? errors.name : undefined} className="sm:w-60" required maxLength={80} />
              <Field label="Category" name="category" placeholder="e.g. Skills" error={here ? errors.category : undefined} className="sm:w-44" maxLength={60} />
              <Button type="submit" variant="secondary" className="sm:mt-6" disabled={busy}>
                Add<span className="sr-only"> to {stage.name}</span>
              </Button>
            </Form>
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3 text-sm">
              <input type="hidden" name="intent" value="set-entry-feedback" />
              <input type="hidden" name="stageId" value={stage.id} />
              <input type="hidden" name="on" value={stage.entryFeedback ? "0" : "1"} />
              <span className="text-slate-700">
                {stage.entryFeedback
                  ? "A candidate entering this stage asks the job's hiring team for feedback."
                  : "Candidates entering this stage ask nobody for feedback."}
              </span>
              <button type="submit" disabled={busy} className="font-semibold text-brand-600 hover:text-brand-700">
                {stage.entryFeedback ? "Stop asking" : "Ask the hiring team for feedback"}
                <span className="sr-only"> when a candidate enters {stage.name}</span>
              </button>
            </Form>
            {stage.attributes.length === 0 && defaults.length > 0 ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="copy-defaults" />
                <input type="hidden" name="stageId" value={stage.id} />
                <button type="submit" disabled={busy} className="text-sm font-semibold text-brand-600 hover:text-brand-700">
                  Start from the company&apos;s defaults<span className="sr-only"> in {stage.name}</span>
                </button>
              </Form>
            ) : null}
          </Panel>
        );
      })}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Job not found", text: "It may have been deleted, or it belongs to another company." }}
      unexpected={{ title: "Failed to load the interview plan", text: "Please try again later." }}
      back={{ to: "/manage/jobs", label: "Back to Jobs" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
