import { useRef } from "react";
import { RowLink } from "~/components/ui/row-link";
import { Form, useNavigation, useSubmit } from "react-router";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import type { Route } from "./+types/applications-list";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { inputStyles } from "~/components/ui/field";
import { LocalDate } from "~/components/ui/local-date";
import { JobFilter } from "~/features/job-filter/job-filter";
import { countSummary, Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { APPLICATION_STATUSES, ApplicationsQuerySchema, applicationStatusTone } from "~/schemas/application-review";
import { cursorParam, type PageCursor, parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { getApplicationFilterChoices, listApplications } from "~/server/applications/queries.server";

export const meta: Route.MetaFunction = () => pageMeta("Applications", "Every application to your company's jobs.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const query = parseQuery(ApplicationsQuerySchema, request.url);
  const filters = {
    jobId: query.job,
    stageId: query.job ? query.stage : undefined,
    status: query.status,
    q: query.q,
    after: query.before ? undefined : query.after,
    before: query.before,
  };
  const db = appDatabase();
  try {
    const [list, options] = await Promise.all([
      listApplications(db, staff, filters),
      getApplicationFilterChoices(db, staff, filters.jobId),
    ]);
    return { filters, list, options, error: null };
  } catch (error) {
    console.error("Error loading applications:", error);
    return { filters, list: null, options: { job: null, stages: [] }, error: "Failed to load applications" };
  }
}

const APPLICATION_COLUMNS = [
  { label: "Candidate", primary: true },
  { label: "Job" },
  { label: "Stage" },
  { label: "Status" },
  { label: "Applied", className: "md:whitespace-nowrap" },
  { label: "Actions", hidden: true, className: "md:text-right" },
];

export default function ApplicationsList({ loaderData }: Route.ComponentProps) {
  const { filters, list, options, error } = loaderData;
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();

  /** The list with the same filters, after or before a row (null: no such page). */
  const pageHref = (key: "after" | "before", cursor: PageCursor | null) => {
    if (!cursor) return null;
    const params = new URLSearchParams();
    if (filters.jobId) params.set("job", filters.jobId);
    if (filters.stageId) params.set("stage", filters.stageId);
    if (filters.status) params.set("status", filters.status);
    if (filters.q) params.set("q", filters.q);
    params.set(key, cursorParam(cursor));
    return `/applications?${params}`;
  };

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Applications</h1>

      <Form
        method="get"
        role="search"
        className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        ref={form}
        onChange={(event) => {
          // The job box has no name: typing in it looks for jobs, and choosing one submits (JobFilter).
          if (!(event.target as HTMLElement).getAttribute("name")) return;
          void submit(event.currentTarget, { replace: true, preventScrollReset: true });
        }}
      >
        <div className="lg:col-span-1">
          <label htmlFor="application-search" className="sr-only">
            Search by name or email
          </label>
          <input
            id="application-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Search by name or email"
            className={inputStyles}
          />
        </div>
        <JobFilter
          selected={options.job}
          onChoose={(job) => {
            // A new job clears the stage: stages belong to one job.
            const data = new FormData(form.current!);
            data.set("job", job?.id ?? "");
            data.set("stage", "");
            void submit(data, { method: "get", replace: true, preventScrollReset: true });
          }}
        />
        <div>
          <label htmlFor="application-stage" className="sr-only">
            Stage
          </label>
          <select
            id="application-stage"
            name="stage"
            key={filters.jobId ?? "none"}
            defaultValue={filters.stageId ?? ""}
            disabled={!filters.jobId}
            className={inputStyles}
            title={filters.jobId ? undefined : "Choose a job to filter by stage"}
          >
            <option value="">{filters.jobId ? "All stages" : "All stages (choose a job)"}</option>
            {options.stages.map((stage) => (
              <option key={stage.id} value={stage.id}>
                {stage.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-3">
          <label htmlFor="application-status" className="sr-only">
            Status
          </label>
          <select id="application-status" name="status" defaultValue={filters.status ?? ""} className={inputStyles}>
            <option value="">All statuses</option>
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status[0]!.toUpperCase() + status.slice(1)}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
              Filter
            </button>
          </noscript>
        </div>
      </Form>

      <div className={`mt-6 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {error ? (
          <Alert title="Error loading applications">{error}</Alert>
        ) : !list || list.rows.length === 0 ? (
          <EmptyState title="No applications found." />
        ) : (
          <>
            <DataTable
              columns={APPLICATION_COLUMNS}
              rows={list.rows.map((row) => ({
                key: row.id,
                cells: [
                  <>
                    <p className="font-semibold text-slate-900">{row.candidateName}</p>
                    <p className="break-all text-xs text-slate-500">{row.candidateEmail}</p>
                  </>,
                  row.jobTitle,
                  row.stageName ?? "—",
                  <Badge tone={applicationStatusTone(row.status)}>{row.status}</Badge>,
                  <LocalDate value={row.createdAt} />,
                  <RowLink
                    to={`/applications/${row.id}`}
                    className="font-semibold text-brand-600 hover:text-brand-700"
                    aria-label={`View ${row.candidateName}'s application`}
                  >
                    View
                  </RowLink>,
                ],
              }))}
            />
            <Pagination
              summary={countSummary(list, "application", "applications")}
              previousHref={pageHref("before", list.previous)}
              nextHref={pageHref("after", list.next)}
            />
          </>
        )}
      </div>
    </div>
  );
}
