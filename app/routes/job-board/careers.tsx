import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/careers";
import { EmptyState } from "~/components/ui/empty-state";
import { JobCard, JobFiltersForm, PageLinks } from "~/features/public-jobs/public-jobs";
import { JobAlertForm } from "~/features/public-jobs/job-alert-form";
import { describeJobAlert } from "~/lib/job-alert-search";
import { accentText } from "~/lib/brand-color";
import { safeWebsite } from "~/lib/job-posting-ld";
import { pageMeta } from "~/lib/meta";
import { logoPath } from "~/schemas/careers";
import { type BoardFilters, BoardFiltersSchema, filterParams, hasFilters } from "~/schemas/job-board";
import { parseQuery, queryPage } from "~/schemas/query";
import { jobTextHtml } from "~/server/job-board/job-text.server";
import { companyFilterChoices, getCareersCompany, listCompanyJobs } from "~/server/job-board/queries.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { jobCard } from "./job-summary.server";
import { jobAlertAction } from "./job-alert-action.server";

/** A company's careers page (decision 108): its logo, colour and introduction, and its published jobs with filters. */

const CareersQuerySchema = BoardFiltersSchema.extend({ page: queryPage(1000) });

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta("Careers page not found", "There is no careers page at this address.");
  return [
    ...pageMeta(`Careers at ${data.company.name}`, `Open positions at ${data.company.name}. Apply in minutes.`),
    { tagName: "link", rel: "canonical", href: data.canonical },
    { property: "og:title", content: `Careers at ${data.company.name}` },
    { property: "og:url", content: data.canonical },
    { property: "og:type", content: "website" },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `Jobs at ${data.company.name} (RSS)`, href: `${data.path}/feed.rss` },
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `Jobs at ${data.company.name} (Atom)`, href: `${data.path}/feed.atom` },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = appDatabase();
  const company = await getCareersCompany(db, params.slug);
  if (!company) throw data("Careers page not found", { status: 404 });
  const query = parseQuery(CareersQuerySchema, request.url);
  const filters: BoardFilters = { type: query.type, remote: query.remote, location: query.location, department: query.department };
  const [list, choices] = await Promise.all([listCompanyJobs(db, company.id, filters, query.page), companyFilterChoices(db, company.id)]);
  const path = `/companies/${company.slug}`;
  return {
    canonical: `${config.baseUrl}${path}`,
    path,
    company: {
      name: company.name,
      website: safeWebsite(company.website),
      brandColor: company.brandColor,
      introHtml: company.careersIntro ? jobTextHtml(company.careersIntro) : null,
      logoSrc: logoPath(company.slug, company.logoKey),
    },
    filters,
    choices,
    page: query.page,
    hasNextPage: list.hasNextPage,
    jobs: list.jobs.map(jobCard),
  };
}

/** "Get job alerts" for this company's jobs with the page's filters (decision 111); the address names the company. */
export async function action(args: Route.ActionArgs) {
  if (!(await getCareersCompany(appDatabase(), args.params.slug))) throw data("Careers page not found", { status: 404 });
  return jobAlertAction(args, args.params.slug);
}

function pageHref(path: string, filters: BoardFilters, page: number) {
  const params = new URLSearchParams(filterParams(filters));
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export default function CareersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, filters, choices, jobs, page, hasNextPage, path } = loaderData;
  const navigation = useNavigation();
  const accent = company.brandColor ?? undefined;
  const filtered = hasFilters(filters);
  return (
    <div>
      <section className="border-b border-slate-200 bg-brand-700 text-white" style={accent ? { backgroundColor: accent, color: accentText(accent) } : undefined}>
        <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-10 sm:flex-row sm:items-center">
          {company.logoSrc ? (
            <img src={company.logoSrc} alt={`${company.name} logo`} className="size-20 shrink-0 rounded-xl bg-white object-contain p-2 shadow-sm" />
          ) : null}
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Careers at {company.name}</h1>
            {company.website ? (
              <a href={company.website} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block text-sm font-medium underline opacity-90 hover:opacity-100">
                {company.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              </a>
            ) : null}
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-5xl px-4 py-8">
        {company.introHtml ? (
          // Sanitised on the server from the company's Markdown, like a job's description.
          <div className="job-text mb-8 text-slate-700" dangerouslySetInnerHTML={{ __html: company.introHtml }} />
        ) : null}
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-xl font-semibold text-slate-900">Open positions</h2>
          {/* A plain link: the browser shows or offers the feed. */}
          <a href={`${path}/feed.rss`} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
            RSS feed
          </a>
        </div>
        <div className="mt-4">
          <JobFiltersForm action={path} filters={filters} choices={choices} clearHref={filtered ? path : null} />
        </div>
        <div className={`mt-6 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
          {jobs.length === 0 ? (
            <EmptyState titleAs="p" title={filtered ? "No matching jobs" : "No open positions right now"}>
              <p className="mt-1 text-sm text-slate-600">
                {filtered ? "Try other filters." : "Check back soon, or browse "}
                {filtered ? null : (
                  <Link to="/jobs" className="font-semibold text-brand-700 hover:text-brand-800">
                    every company&apos;s jobs
                  </Link>
                )}
              </p>
            </EmptyState>
          ) : (
            <ul className="space-y-4">
              {jobs.map((job, index) => (
                <JobCard key={job.id} job={job} showCompany={false} accent={accent} discover={index === 0} />
              ))}
            </ul>
          )}
          <PageLinks page={page} hasNextPage={hasNextPage} href={(n) => pageHref(path, filters, n)} />
        </div>
        {/* After the jobs, for when none of them fits yet (decision 111). */}
        <div className="mt-8">
          <JobAlertForm
            action={pageHref(path, filters, 1)}
            description={describeJobAlert({ q: "", ...filters, companyName: company.name })}
            search={Object.fromEntries(filterParams(filters))}
            result={actionData}
          />
        </div>
      </div>
    </div>
  );
}
