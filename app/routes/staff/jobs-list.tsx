import { Form, useNavigation, useSubmit } from "react-router";
import { RowLink } from "~/components/ui/row-link";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import type { Route } from "./+types/jobs-list";
import { Badge, jobStatusTone } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { inputStyles } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { jobPath } from "~/lib/slug";
import { JOB_STATUSES, JobsQuerySchema } from "~/schemas/job";
import { cursorParam, type PageCursor, parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { listStaffJobs } from "~/server/jobs/queries.server";
import { jobTypeLabel, remoteTypeLabel } from "~/lib/job-labels";
import type { RouteAccess } from "~/lib/permissions";
import { useCan } from "~/lib/use-can";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.view" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Jobs", "Your company's job postings.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const { q, status, after, before } = parseQuery(JobsQuerySchema, request.url);
  const page = await listStaffJobs(appDatabase(), staff, { q, status, after: before ? undefined : after, before });
  return {
    q,
    status: status ?? "all",
    jobs: page.rows.map((job) => ({ ...job, createdAt: job.createdAt.toISOString(), href: jobPath(job) })),
    next: page.next,
    previous: page.previous,
  };
}

const JOB_COLUMNS = [
  { label: "Job", primary: true },
  { label: "Company" },
  { label: "Status" },
  { label: "Applications" },
  { label: "Actions", hidden: true, className: "md:whitespace-nowrap md:text-right" },
];

export default function JobsList({ loaderData }: Route.ComponentProps) {
  const { jobs, q, status, next, previous } = loaderData;
  const can = useCan();
  /** The list with the same search, after or before a job (null: no such page). */
  const pageHref = (key: "after" | "before", cursor: PageCursor | null) => {
    if (!cursor) return null;
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (status !== "all") params.set("status", status);
    params.set(key, cursorParam(cursor));
    return `/manage/jobs?${params}`;
  };
  const submit = useSubmit();
  const navigation = useNavigation();
  const filtered = q !== "" || status !== "all";

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Jobs</h1>
        {can("jobs.manage") ? <ButtonLink to="/manage/jobs/new">Post New Job</ButtonLink> : null}
      </div>

      <Form method="get" role="search" className="mt-6 flex flex-col gap-3 sm:flex-row" onChange={(e) => submit(e.currentTarget, { replace: true })}>
        <label className="sr-only" htmlFor="job-search">
          Search jobs
        </label>
        <input id="job-search" type="search" name="q" defaultValue={q} placeholder="Search by title, description or location" className={`${inputStyles} sm:flex-1`} />
        <label className="sr-only" htmlFor="job-status">
          Status
        </label>
        <select id="job-status" name="status" defaultValue={status} className={`${inputStyles} sm:w-48`}>
          <option value="all">All statuses</option>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
            Search
          </button>
        </noscript>
      </Form>

      <div className={`mt-6 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {jobs.length === 0 ? (
          <EmptyState title="No jobs found">
            <p className="mt-1 text-sm text-slate-500">
              {filtered ? "Try adjusting your search or filter criteria." : "Get started by creating a new job posting."}
            </p>
          </EmptyState>
        ) : (
          <>
          <DataTable
            columns={JOB_COLUMNS}
            rows={jobs.map((job, index) => ({
              key: job.id,
              cells: [
                <>
                  <p className="font-semibold text-slate-900">
                    {job.title}
                    {/* Decision 108: it leads the board and the careers page. */}
                    {job.featured ? <span className="ml-2 inline-flex rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">Featured</span> : null}
                  </p>
                  <p className="text-xs text-slate-500">{[job.location, jobTypeLabel(job.type), remoteTypeLabel(job.remoteType)].filter(Boolean).join(" · ")}</p>
                </>,
                job.companyName,
                <Badge tone={jobStatusTone(job.status)}>{job.status}</Badge>,
                `${job.applications} ${job.applications === 1 ? "candidate" : "candidates"}`,
                <div className="flex flex-wrap gap-x-5 gap-y-2 md:flex-nowrap md:justify-end">
                  <RowLink to={`/manage/jobs/${job.id}`} discover={index === 0} className="font-semibold text-brand-600 hover:text-brand-700">
                    Manage Pipeline
                  </RowLink>
                  {can("jobs.manage") ? (
                    <RowLink to={`/manage/jobs/${job.id}/edit`} discover={index === 0} className="font-semibold text-slate-600 hover:text-slate-900" aria-label={`Edit ${job.title}`}>
                      Edit
                    </RowLink>
                  ) : null}
                  {/* A draft or closed job has no live page (404, 410): its preview shows what it would be. */}
                  {job.status === "published" ? (
                    <a href={`${job.href}/apply`} target="_blank" rel="noopener noreferrer" className="font-semibold text-slate-600 hover:text-slate-900">
                      View Live Job
                    </a>
                  ) : (
                    <RowLink to={`/manage/jobs/${job.id}/preview`} discover={index === 0} className="font-semibold text-slate-600 hover:text-slate-900" aria-label={`Preview ${job.title}`}>
                      Preview
                    </RowLink>
                  )}
                </div>,
              ],
            }))}
          />
          {next || previous ? <Pagination previousHref={pageHref("before", previous)} nextHref={pageHref("after", next)} /> : null}
          </>
        )}
      </div>
    </div>
  );
}

/** Spec section 8: "Error loading jobs" with the message; fallback "Failed to load jobs". */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      unexpected={{ title: "Error loading jobs", text: "Failed to load jobs", showMessage: true }}
      back={{ to: "/dashboard", label: "Back to the dashboard" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
