import { type MouseEvent, useRef, useState } from "react";
import { RowLink } from "~/components/ui/row-link";
import { data, Form, useNavigation, useSubmit } from "react-router";
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
import { authorize, requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { getApplicationFilterChoices, listApplications, matchingApplicationIds } from "~/server/applications/queries.server";
import { BULK_LIMIT } from "~/server/applications/bulk.server";
import { listBulkChoices } from "~/server/applications/choices.server";
import { answerBulkApplications } from "./bulk-action.server";
import { BulkApplicationsBar } from "~/features/bulk-applications/bulk-bar";
import { BulkEmailSchema, BulkMoveSchema, BulkRejectSchema, BulkSelectionSchema, BulkTagSchema } from "~/schemas/bulk";
import { isUuid } from "~/schemas/id";
import { reportedEntries } from "~/schemas/reports";
import { reportedApplicationsFrom } from "~/server/reports/reports.server";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import { sourceLabel } from "~/lib/source-label";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";
import { useHydrated } from "~/components/ui/use-hydrated";
import { actionPermission, can, type RouteAccess } from "~/lib/permissions";
import { useCan } from "~/lib/use-can";
import { useRowSelection } from "~/components/ui/use-row-selection";
import { NoValue } from "~/components/ui/no-value";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "applications.view", action: { "*": "applications.decide", "bulk-email": "candidates.email", "bulk-tag": "candidates.manage" } } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Applications", "Every application to your company's jobs.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const query = parseQuery(ApplicationsQuerySchema, request.url);
  const filters = {
    jobId: query.job,
    stageId: query.job ? query.stage : undefined,
    status: query.status,
    q: query.q,
    after: query.before ? undefined : query.after,
    before: query.before,
  };
  // A report's filters (decision 104): the list shows the applications a report's number counted.
  const reported = reportedEntries(query);
  const reportedFilters = reportedApplicationsFrom(query, staffTimeZone(request, staff));
  const db = appDatabase();
  // The bulk bar's reasons and templates, for the roles that have it.
  const bulk = can(staff.role, "applications.decide");
  try {
    const [list, options, { reasons, templates }] = await Promise.all([
      listApplications(db, staff, { ...filters, ...reportedFilters }),
      getApplicationFilterChoices(db, staff, filters.jobId),
      bulk ? listBulkChoices(db, staff) : { reasons: [], templates: [] },
    ]);
    return { filters, reported, list, options, reasons, templates, error: null };
  } catch (error) {
    console.error("Error loading applications:", error);
    return { filters, reported, list: null, options: { job: null, stages: [] }, reasons: [], templates: [], error: "Failed to load applications" };
  }
}

/**
 * The bulk actions (issue 13): move the selected applications to a stage of their job, or reject
 * them with a reason and an optional email. The selection is the ticked ids, or with `all=1` what
 * the list's filters match (up to BULK_LIMIT). Each action is one transaction.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, "applications.view");
  const formData = await request.formData();
  const values = formValues(formData);
  authorize(staff, actionPermission(access, values.intent));
  const applicationIds = formData.getAll("applicationIds").filter((value): value is string => typeof value === "string");
  const selection = parseForm(BulkSelectionSchema, { ...values, applicationIds });
  if (!selection.success) return data({ errors: selection.errors as FieldErrors, done: null }, { status: 400 });
  const { all, job, stage, status, q } = selection.data;
  const db = appDatabase();
  const reported = reportedApplicationsFrom(selection.data, staffTimeZone(request, staff));
  const ids = all
    ? await matchingApplicationIds(db, staff, { jobId: job, stageId: job ? stage : undefined, status, q, ...reported }, BULK_LIMIT)
    : [...new Set(selection.data.applicationIds.filter(isUuid))];
  return answerBulkApplications(db, staff, values, ids);
}

const APPLICATION_COLUMNS = [
  { label: "Candidate", primary: true },
  { label: "Job" },
  { label: "Stage" },
  { label: "Status" },
  { label: "Applied", className: "md:whitespace-nowrap" },
  { label: "Actions", hidden: true, className: "md:text-right" },
];

export default function ApplicationsList({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, reported, list, options, reasons, templates, error } = loaderData;
  // The bulk actions are for the roles that decide (decision 096).
  const bulk = useCan()("applications.decide");
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // The ticked applications (only those on this page count), and "Select all matching".
  const rows = list?.rows ?? [];
  const selection = useRowSelection(rows.map((row) => row.id));
  const { ticked } = selection;
  const [allMatching, setAllMatching] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  // A new answer (an action done) or another page starts the selection again. The page is its rows'
  // ids: the list reloaded after an action (the same rows, new statuses) keeps what was ticked since.
  const pageKey = rows.map((row) => row.id).join(",");
  const [selectionOf, setSelectionOf] = useState<unknown[]>([actionData, pageKey]);
  if (selectionOf[0] !== actionData || selectionOf[1] !== pageKey) {
    setSelectionOf([actionData, pageKey]);
    if ((selectionOf[0] !== actionData && actionData?.done) || selectionOf[1] !== pageKey) {
      selection.clear();
      setAllMatching(false);
    }
  }
  const selected = selection.selected.length;

  /** A tick; with Shift, every row from the last ticked one to this one takes its state. */
  function tick(id: string, on: boolean, event: MouseEvent<HTMLInputElement>) {
    setAllMatching(false);
    selection.tick(id, on, event.shiftKey);
  }

  /** The list with the same filters, after or before a row (null: no such page). */
  const pageHref = (key: "after" | "before", cursor: PageCursor | null) => {
    if (!cursor) return null;
    const params = new URLSearchParams();
    if (filters.jobId) params.set("job", filters.jobId);
    if (filters.stageId) params.set("stage", filters.stageId);
    if (filters.status) params.set("status", filters.status);
    if (filters.q) params.set("q", filters.q);
    for (const [name, value] of reported) params.set(name, value);
    params.set(key, cursorParam(cursor));
    return `/applications?${params}`;
  };

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Applications</h1>
      {reported.length > 0 ? <ReportedFilters reported={reported} /> : null}

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
        {reported.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
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
          <Form
            method="post"
            preventScrollReset
            onSubmit={(event) => {
              // The same schemas as the action, so a missing reason or stage is said at once.
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              const values = { ...formValues(new FormData(event.currentTarget)), intent: submitter?.value ?? "" };
              const schema = { "bulk-move": BulkMoveSchema, "bulk-email": BulkEmailSchema, "bulk-tag": BulkTagSchema }[values.intent] ?? BulkRejectSchema;
              const parsed = parseForm(schema, values);
              if (parsed.success) return setClientErrors(null);
              event.preventDefault();
              setClientErrors(parsed.errors);
            }}
          >
            {actionData?.done ? (
              <div className="mb-3">
                <Alert tone="success">{actionData.done}</Alert>
              </div>
            ) : null}
            {allMatching ? (
              <>
                <input type="hidden" name="all" value="1" />
                {filters.jobId ? <input type="hidden" name="job" value={filters.jobId} /> : null}
                {filters.stageId ? <input type="hidden" name="stage" value={filters.stageId} /> : null}
                {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
                {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
                {reported.map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
              </>
            ) : null}
            {bulk ? (
              <BulkApplicationsBar
                selected={selected}
                onPage={rows.length}
                total={list.total}
                totalExact={!list.totalCapped}
                allMatching={allMatching}
                hydrated={hydrated}
                onSelectAll={(on) => {
                  setAllMatching(false);
                  selection.selectAll(on);
                }}
                onSelectAllMatching={(on) => {
                  setAllMatching(on);
                  selection.selectAll(true);
                }}
                stages={filters.jobId ? options.stages : []}
                reasons={reasons}
                templates={templates}
                errors={clientErrors ?? (navigation.state === "idle" ? (actionData?.errors ?? null) : null)}
                busy={navigation.state === "submitting"}
              />
            ) : null}
            <DataTable
              columns={APPLICATION_COLUMNS}
              rows={list.rows.map((row, index) => ({
                key: row.id,
                cells: [
                  <div className="flex items-start gap-3">
                    {bulk ? (
                      <input
                        type="checkbox"
                        name="applicationIds"
                        value={row.id}
                        checked={allMatching || ticked.has(row.id)}
                        onChange={() => {}}
                        onClick={(event) => tick(row.id, event.currentTarget.checked, event)}
                        aria-label={`Select ${row.candidateName}'s application`}
                        className="row-checkbox"
                      />
                    ) : null}
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{row.candidateName}</p>
                      <p className="break-all text-xs text-slate-500">{row.candidateEmail}</p>
                    </div>
                  </div>,
                  row.jobTitle,
                  row.stageName ?? <NoValue />,
                  <Badge tone={applicationStatusTone(row.status)}>{row.status}</Badge>,
                  <LocalDate value={row.createdAt} />,
                  <RowLink
                    to={`/applications/${row.id}`}
                    discover={index === 0}
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
          </Form>
        )}
      </div>
    </div>
  );
}

/**
 * What a report's number (or a dashboard counter) filtered the list by (decision 104), said in words,
 * with the way back to every application. The other filters above still narrow it.
 */
function ReportedFilters({ reported }: { reported: [string, string][] }) {
  const value = Object.fromEntries(reported) as Record<string, string | undefined>;
  const parts = [
    value.reached ? `reached ${value.reached}` : null,
    value.interviewed ? "interviewed" : null,
    value.hired ? "hired" : null,
    value.hired_month ? `hired in ${value.hired_month}` : null,
    value.stuck_days ? `waiting ${value.stuck_in ? `in ${value.stuck_in} ` : ""}more than ${value.stuck_days} days` : null,
    value.source ? `from ${sourceLabel(value.source, null)}` : null,
    value.member ? "of one hiring-team member's jobs" : null,
    value.applied_from || value.applied_to ? `applied ${value.applied_from ?? "…"} to ${value.applied_to ?? "…"}` : null,
  ].filter(Boolean);
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="reported-filters">
      Showing applications {parts.join(" · ")}.{" "}
      <a href="/applications" className="font-semibold text-brand-600 hover:text-brand-700">
        Show all applications
      </a>
    </p>
  );
}
