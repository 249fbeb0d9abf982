import { Form, Link, useNavigation } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import type { Route } from "./+types/board";
import { Alert } from "~/components/ui/alert";
import { inputStyles } from "~/components/ui/field";
import { jobTypeLabel, remoteTypeLabel } from "~/lib/job-labels";
import { pageMeta } from "~/lib/meta";
import { jobPath } from "~/lib/slug";
import { APPLICATION_MESSAGES } from "~/schemas/application-messages";
import { BoardQuerySchema } from "~/schemas/job-board";
import { parseQuery } from "~/schemas/query";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { listBoardJobs } from "~/server/job-board/queries.server";
import { jobCard } from "./job-summary.server";

export const meta: Route.MetaFunction = ({ data }) => {
  const title = data?.q ? `Jobs matching “${data.q}”` : "Job Board";
  return [
    ...pageMeta(title, "Browse open positions at companies hiring with OpenHire and apply in minutes."),
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseQuery(BoardQuerySchema, request.url);
  const result = await listBoardJobs(appDatabase(), { q: query.q, page: query.page });
  return {
    ...result,
    canonical: `${config.baseUrl}/jobs`,
    applied: query.applied === "1",
    jobs: result.jobs.map((job) => ({ ...jobCard(job), href: jobPath(job) })),
  };
}

function pageHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/jobs?${search}` : "/jobs";
}

export default function JobBoard({ loaderData }: Route.ComponentProps) {
  const { jobs, q, page, hasNextPage, applied } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      {applied ? (
        <div className="mb-6">
          <Alert tone="success">{APPLICATION_MESSAGES.success}</Alert>
        </div>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Find your next role</h1>
      <p className="mt-2 text-slate-600">Open positions at companies hiring with OpenHire.</p>

      <Form method="get" action="/jobs" role="search" className="mt-6 flex gap-2">
        <label htmlFor="job-board-search" className="sr-only">
          Search jobs
        </label>
        <input id="job-board-search" type="search" name="q" defaultValue={q} placeholder="Search by title, skill, location or company" className={`${inputStyles} flex-1`} />
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
          Search
        </button>
      </Form>

      <div className={`mt-8 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {jobs.length === 0 ? (
          <EmptyState titleAs="h2" title={q ? "No matching jobs found" : "No jobs available"}>
            <p className="mt-1 text-sm text-slate-600">{q ? "Try adjusting your search terms" : "Check back later for new opportunities"}</p>
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {jobs.map((job) => (
              <li key={job.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold text-slate-900">
                      <Link to={job.href} className="hover:text-brand-700">
                        {job.title}
                      </Link>
                    </h2>
                    <p className="mt-0.5 text-sm font-medium text-slate-700">{job.companyName}</p>
                    <p className="mt-1 text-sm text-slate-600">
                      {[job.location, jobTypeLabel(job.type), remoteTypeLabel(job.remoteType)].filter(Boolean).join(" · ")}
                    </p>
                    {job.salary ? <p className="mt-1 text-sm font-medium text-slate-800">{job.salary}</p> : null}
                  </div>
                  <Link
                    to={`${job.href}/apply`}
                    className="inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
                    aria-label={`Apply Now: ${job.title}`}
                  >
                    Apply Now
                  </Link>
                </div>
                <p className="mt-3 line-clamp-3 text-sm text-slate-700">{job.description}</p>
                {job.requirements ? <p className="mt-2 line-clamp-2 text-sm text-slate-600">{job.requirements}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {page > 1 || hasNextPage ? (
          <nav aria-label="Pagination" className="mt-8 flex items-center justify-between text-sm">
            {page > 1 ? (
              <Link to={pageHref(q, page - 1)} className="font-semibold text-brand-700 hover:text-brand-800">
                ← Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-600">Page {page}</span>
            {hasNextPage ? (
              <Link to={pageHref(q, page + 1)} className="font-semibold text-brand-700 hover:text-brand-800">
                Next →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </div>
  );
}
