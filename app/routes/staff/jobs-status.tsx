import { data, redirect } from "react-router";
import type { Route } from "./+types/jobs-status";
import { idParam } from "~/lib/id-param";
import { type JobStatus, JobStatusSchema } from "~/schemas/job";
import { formValues, parseForm } from "~/schemas/parse-form";
import { requireStaff, safeRedirect } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { type NoticeCode, redirectWithNotice } from "~/server/platform/notice.server";
import { setJobStatus } from "~/server/jobs/jobs.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.manage", action: "jobs.manage" } as const satisfies RouteAccess;

/** What the page says after a change: publishing a closed job reopens it. */
function statusNotice(from: JobStatus, to: JobStatus): NoticeCode {
  if (to === "published") return from === "closed" ? "job-reopened" : "job-published";
  return to === "closed" ? "job-closed" : "job-drafted";
}

/** Publish, draft or close a job; answers a redirect back to the page the form was on, with a notice. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const jobId = idParam(params.id, "Job not found");
  const values = formValues(await request.formData());
  const parsed = parseForm(JobStatusSchema, values);
  if (!parsed.success) throw data("Unknown status", { status: 400 });
  let from: JobStatus;
  try {
    ({ from } = await setJobStatus(appDatabase(), staff, jobId, parsed.data.status));
  } catch (error) {
    // A redirect form has no page to show a message on: every refusal goes to the error boundary.
    const answer = answerDomainError(error, { notFound: "Job not found" });
    throw data(answer.message, answer.init);
  }
  const back = safeRedirect(values.redirectTo, `/manage/jobs/${jobId}/edit`);
  // Pressing a button of a status the job already has (a second tab) changed nothing: no notice.
  if (from === parsed.data.status) return redirect(back);
  return redirectWithNotice(back, statusNotice(from, parsed.data.status));
}

/** Nothing to show here: a signed-in visitor goes to the job's edit page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, access.loader);
  return redirect(`/manage/jobs/${idParam(params.id, "Job not found")}/edit`);
}
