import { data, Form } from "react-router";
import type { Route } from "./+types/jobs-preview";
import { Button, ButtonLink } from "~/components/ui/button";
import { idParam } from "~/lib/id-param";
import { safeWebsite } from "~/lib/job-posting-ld";
import { pageMeta } from "~/lib/meta";
import { jobPath } from "~/lib/slug";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { getStaffJobPreview } from "~/server/jobs/queries.server";
import { JobDetails } from "../job-board/job-details";
import { jobPageContent } from "../job-board/job-summary.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.view" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `Preview: ${data.page.job.title}` : "Preview", "How the job page will look on the public job board."),
  // A staff page: never indexed (it needs a session anyway, and answers no-store).
  { name: "robots", content: "noindex" },
];

/** A job of the company as its public page shows it, whatever its status: a draft can be seen before it is published. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const job = await getStaffJobPreview(appDatabase(), staff, idParam(params.id, "Job not found"));
  if (!job) throw data("Job not found", { status: 404 });
  return {
    id: job.id,
    status: job.status,
    page: {
      apply: false,
      path: jobPath(job),
      job: { ...jobPageContent(job), companyWebsite: safeWebsite(job.companyWebsite) },
    },
  };
}

const FRAMES = {
  draft: { title: "Preview — not published", text: "Only your team can see this. Candidates will see the job page like this once you publish it." },
  closed: { title: "Preview — closed", text: "This job is off the job board and accepts no applications. Reopen it to show this page again." },
  published: { title: "Preview — published", text: "This job is on the public job board: candidates see this page now." },
} as const;

export default function JobPreview({ loaderData }: Route.ComponentProps) {
  const { id, status, page } = loaderData;
  const frame = FRAMES[status];
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to="/manage/jobs">
        Back to jobs
      </BackLink>
      <section aria-label={frame.title} className="mt-3 overflow-hidden rounded-2xl border-2 border-dashed border-amber-300 bg-slate-50">
        <div className="flex flex-col gap-4 border-b border-amber-200 bg-amber-50 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <p className="font-semibold text-amber-900">{frame.title}</p>
            <p className="mt-1 text-sm text-amber-900/80">{frame.text}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-3">
            <ButtonLink to={`/manage/jobs/${id}/edit`} variant="secondary" aria-label={`Edit ${page.job.title}`}>
              Edit
            </ButtonLink>
            {status === "published" ? (
              <a href={page.path} target="_blank" rel="noopener noreferrer" className="inline-flex items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:text-brand-800">
                View live job
              </a>
            ) : (
              <Form method="post" action={`/manage/jobs/${id}/status`}>
                <input type="hidden" name="status" value="published" />
                <input type="hidden" name="redirectTo" value="/manage/jobs" />
                <Button type="submit">{status === "closed" ? "Reopen" : "Publish"}</Button>
              </Form>
            )}
          </div>
        </div>
        <JobDetails page={page} preview />
      </section>
    </div>
  );
}
