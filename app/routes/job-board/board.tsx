import { Form, Link, useNavigation } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import type { Route } from "./+types/board";
import { Alert } from "~/components/ui/alert";
import { inputStyles } from "~/components/ui/field";
import { JobCard, JobFiltersForm, PageLinks } from "~/features/public-jobs/public-jobs";
import { JobAlertForm } from "~/features/public-jobs/job-alert-form";
import { describeJobAlert } from "~/lib/job-alert-search";
import { pageMeta } from "~/lib/meta";
import { APPLICATION_MESSAGES } from "~/schemas/application-messages";
import { type BoardFilters, BoardQuerySchema, filterParams, hasFilters } from "~/schemas/job-board";
import { parseQuery } from "~/schemas/query";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { getCareersCompany, listBoardJobs, listFeaturedJobs } from "~/server/job-board/queries.server";
import { jobCard } from "./job-summary.server";
import { jobAlertAction } from "./job-alert-action.server";

export const meta: Route.MetaFunction = ({ data }) => {
  const title = data?.q ? `Jobs matching “${data.q}”` : data?.company ? `Jobs at ${data.company.name}` : "Job Board";
  return [
    ...pageMeta(title, "Browse open positions at companies hiring with OpenHire and apply in minutes."),
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
    // Decision 109: the board's feeds, for readers that look for them.
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "OpenHire job board (RSS)", href: "/jobs/feed.rss" },
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "OpenHire job board (Atom)", href: "/jobs/feed.atom" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseQuery(BoardQuerySchema, request.url);
  const filters: BoardFilters = { type: query.type, remote: query.remote, location: query.location, department: query.department, company: query.company };
  const db = appDatabase();
  const [result, featured, company] = await Promise.all([
    listBoardJobs(db, { q: query.q, page: query.page, filters }),
    // Decision 108: featured jobs lead the first page (not a search's, which is ordered by the search).
    query.page === 1 && !query.q.trim() ? listFeaturedJobs(db, filters) : Promise.resolve([]),
    query.company ? getCareersCompany(db, query.company) : Promise.resolve(null),
  ]);
  const featuredIds = new Set(featured.map((job) => job.id));
  return {
    q: result.q,
    page: result.page,
    hasNextPage: result.hasNextPage,
    filters,
    company: company ? { name: company.name, href: `/companies/${company.slug}` } : null,
    canonical: `${config.baseUrl}/jobs`,
    applied: query.applied === "1",
    // A featured job leads the page once, not twice.
    jobs: [...featured, ...result.jobs.filter((job) => !featuredIds.has(job.id))].map(jobCard),
  };
}

/** "Get job alerts" for the board's search and filters (decision 111). */
export async function action(args: Route.ActionArgs) {
  return jobAlertAction(args);
}

/** The board's address with the search, filters and page. */
function boardHref(q: string, filters: BoardFilters, page = 1) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  for (const [key, value] of filterParams(filters)) params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/jobs?${search}` : "/jobs";
}

export default function JobBoard({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, q, page, hasNextPage, applied, filters, company } = loaderData;
  const navigation = useNavigation();
  const filtered = hasFilters(filters);
  // The search and the filters each keep the other's values.
  const keepForSearch = Object.fromEntries(filterParams(filters));
  const keepForFilters: Record<string, string> = { ...(q ? { q } : {}), ...(filters.company ? { company: filters.company } : {}) };
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
        {Object.entries(keepForSearch).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="job-board-search" className="sr-only">
          Search jobs
        </label>
        <input id="job-board-search" type="search" name="q" defaultValue={q} placeholder="Search by title, skill, location or company" className={`${inputStyles} flex-1`} />
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
          Search
        </button>
      </Form>

      <div className="mt-4">
        <JobFiltersForm action="/jobs" filters={filters} keep={keepForFilters} clearHref={filtered ? boardHref(q, {} as BoardFilters) : null} />
        {filters.company ? (
          <p className="mt-3 text-sm text-slate-700">
            Showing jobs at{" "}
            {company ? (
              <Link to={company.href} className="font-semibold text-brand-700 hover:text-brand-800">
                {company.name}
              </Link>
            ) : (
              <span className="font-semibold">{filters.company}</span>
            )}
            {" · "}
            <Link to={boardHref(q, { ...filters, company: undefined })} className="font-semibold text-brand-700 hover:text-brand-800">
              Every company
            </Link>
          </p>
        ) : null}
      </div>

      <div className="mt-4">
        <JobAlertForm
          action={boardHref(q, filters)}
          description={describeJobAlert({ q, ...filters, companyName: filters.company ? (company?.name ?? filters.company) : null })}
          search={{ ...(q ? { q } : {}), ...Object.fromEntries(filterParams(filters)) }}
          result={actionData}
        />
      </div>

      <div className={`mt-8 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {jobs.length === 0 ? (
          <EmptyState titleAs="h2" title={q || filtered ? "No matching jobs found" : "No jobs available"}>
            <p className="mt-1 text-sm text-slate-600">{q || filtered ? "Try adjusting your search terms" : "Check back later for new opportunities"}</p>
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {jobs.map((job, index) => (
              <JobCard key={job.id} job={job} discover={index === 0} />
            ))}
          </ul>
        )}
        <PageLinks page={page} hasNextPage={hasNextPage} href={(n) => boardHref(q, filters, n)} />
      </div>
    </div>
  );
}
