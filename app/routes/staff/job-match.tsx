import { data, Link } from "react-router";
import { RowLink } from "~/components/ui/row-link";
import type { Route } from "./+types/job-match";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { Pagination } from "~/components/ui/pagination";
import { idParam } from "~/lib/id-param";
import { pageMeta } from "~/lib/meta";
import { applicationStatusTone } from "~/schemas/application-review";
import { JobMatchQuerySchema } from "~/schemas/job";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { rankApplicantsByMatch } from "~/server/candidates/matching.server";
import { appDatabase } from "~/server/platform/db.server";
import type { RouteAccess } from "~/lib/permissions";
import { NoValue } from "~/components/ui/no-value";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.view" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data ? `Ranked by match: ${data.job.title}` : "Ranked by match", "A job's applicants ranked by how well they cover its requirements.");

/**
 * "Sort by match" of a job (decision 087): its applicants ranked by the share of the job's
 * requirement terms their CV and answers contain, each with the terms matched and missing.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const { page } = parseQuery(JobMatchQuerySchema, request.url);
  const ranking = await rankApplicantsByMatch(appDatabase(), staff, idParam(params.jobId, "Job not found"), page);
  if (!ranking) throw data("Job not found", { status: 404 });
  return ranking;
}

const COLUMNS = [
  { label: "Candidate", primary: true },
  { label: "Stage" },
  { label: "Match", className: "md:whitespace-nowrap" },
  { label: "Requirements" },
];

export default function JobMatch({ loaderData }: Route.ComponentProps) {
  const { job, terms, rows, total, page, pages } = loaderData;
  const pageHref = (to: number) => (to >= 1 && to <= pages && to !== page ? `/manage/jobs/${job.id}/match${to > 1 ? `?page=${to}` : ""}` : null);
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to={`/manage/jobs/${job.id}`}>
        Back to the pipeline
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Ranked by match: {job.title}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Each applicant's CV, answers and tags are checked for the terms of the job's requirements below. The score is the share of terms
        found, nothing else; ties go to the most recent application.
      </p>
      {terms.length === 0 ? (
        <div className="mt-6">
          <EmptyState title="This job has no requirements to match against.">
            <Link to={`/manage/jobs/${job.id}/edit`} className="font-semibold text-brand-700 hover:underline">
              Add requirements to the job
            </Link>{" "}
            to rank its applicants by match.
          </EmptyState>
        </div>
      ) : (
        <>
          <section aria-labelledby="terms-heading" className="mt-4">
            <h2 id="terms-heading" className="text-sm font-semibold text-slate-700">
              Requirement terms ({terms.length})
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {terms.map((term) => (
                <li key={term} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                  {term}
                </li>
              ))}
            </ul>
          </section>
          <div className="mt-6">
            {rows.length === 0 ? (
              <EmptyState title="No applicants yet.">Everyone who applies to this job is ranked here.</EmptyState>
            ) : (
              <>
                <DataTable
                  columns={COLUMNS}
                  rows={rows.map((row, index) => ({
                    key: row.applicationId,
                    cells: [
                      <>
                        <RowLink to={`/candidates/${row.candidateId}`} discover={index === 0} className="font-semibold text-slate-900 hover:text-brand-700">
                          {row.name}
                        </RowLink>
                        <p className="break-all text-xs text-slate-500">{row.email}</p>
                      </>,
                      <>
                        {row.stageName ?? <NoValue />}
                        {row.status !== "active" ? (
                          <>
                            {" "}
                            <Badge tone={applicationStatusTone(row.status)}>{row.status}</Badge>
                          </>
                        ) : null}
                      </>,
                      <div className="min-w-24">
                        <p className="font-semibold text-slate-900">{row.score}%</p>
                        <div className="mt-1 h-1.5 w-20 rounded-full bg-slate-100" aria-hidden="true">
                          <div className="h-1.5 rounded-full bg-brand-500" style={{ width: `${row.score}%` }} />
                        </div>
                      </div>,
                      <p className="text-sm text-slate-700">
                        <span className="font-medium text-emerald-800">Matched:</span> {row.matched.length > 0 ? row.matched.join(", ") : "none"}
                        {row.missing.length > 0 ? (
                          <>
                            {" · "}
                            <span className="font-medium text-red-800">Missing:</span> {row.missing.join(", ")}
                          </>
                        ) : null}
                      </p>,
                    ],
                  }))}
                />
                <Pagination
                  summary={`${total.toLocaleString("en-US")} ${total === 1 ? "applicant" : "applicants"}`}
                  previousHref={pageHref(page - 1)}
                  nextHref={pageHref(page + 1)}
                />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Job not found", text: "It may have been deleted, or it belongs to another company." }}
      unexpected={{ title: "Failed to rank the applicants", text: "Please try again later." }}
      back={{ to: "/manage/jobs", label: "Back to Jobs" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
