import { useRef, useState } from "react";
import { RowLink } from "~/components/ui/row-link";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/candidates-list";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { ButtonLink, buttonStyles } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { inputStyles } from "~/components/ui/field";
import { LocalDate } from "~/components/ui/local-date";
import { countSummary, Pagination } from "~/components/ui/pagination";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BulkTagBar, TagChip, TagSuggestions } from "~/features/candidate-tags/candidate-tags";
import { JobFilter } from "~/features/job-filter/job-filter";
import { pageMeta } from "~/lib/meta";
import { sourceLabel } from "~/lib/source-label";
import { APPLICATION_STATUSES, applicationStatusTone } from "~/schemas/application-review";
import { APPLICATION_SOURCES } from "~/schemas/application-source";
import { BulkTagSchema, type CandidatesQuery, CandidatesQuerySchema } from "~/schemas/candidate";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";
import { cursorParam, type PageCursor, parseQuery, textCursorParam } from "~/schemas/query";
import { authorize, requireStaff } from "~/server/accounts/session.server";
import { getApplicationFilterChoices } from "~/server/applications/queries.server";
import { applicationsOfCandidates, candidateFiltersOf, listCandidates } from "~/server/candidates/queries.server";
import { answerBulkApplications, BULK_INTENTS } from "./bulk-action.server";
import { listBulkChoicesAndTags } from "~/server/applications/choices.server";
import { BULK_MESSAGES, BulkCandidatesSchema } from "~/schemas/bulk";
import { addTagToCandidates, removeTagFromCandidates } from "~/server/candidates/tags.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import { type ShownCandidateFilters, shownCandidateFilters } from "~/lib/candidate-filters";
import { SearchMatchNote } from "~/features/candidate-search/search-match-note";
import { BulkApplicationActions } from "~/features/bulk-applications/bulk-bar";
import { useRowSelection } from "~/components/ui/use-row-selection";
import { useCan } from "~/lib/use-can";
import type { RouteAccess } from "~/lib/permissions";
import { NoValue } from "~/components/ui/no-value";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "candidates.manage", action: "candidates.manage" } as const satisfies RouteAccess;

/** What the actions on the candidates' applications need as well: the applications list's own permissions. */
const BULK_PERMISSIONS = { "bulk-move": "applications.decide", "bulk-reject": "applications.decide", "bulk-email": "candidates.email", "bulk-tag": "candidates.manage" } as const;

export const meta: Route.MetaFunction = () => pageMeta("Candidates", "Everyone who applied to your company's jobs.");

/** Where in the list the page starts: a cursor of the other order names no place in this one (the first page). */
function placeOf(query: CandidatesQuery) {
  const position = (cursor: CandidatesQuery["after"]) => (cursor && cursor.sort === query.sort ? { at: cursor.at, id: cursor.id } : undefined);
  return { after: query.before ? undefined : position(query.after), before: position(query.before) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const query = parseQuery(CandidatesQuerySchema, request.url);
  const filters = shownCandidateFilters(query);
  const db = appDatabase();
  try {
    const [list, options, choices] = await Promise.all([
      // The dates are days where the reader is (the dashboard tells the server the browser's zone).
      listCandidates(db, staff, { ...candidateFiltersOf(filters, staffTimeZone(request, staff)), ...placeOf(query) }),
      getApplicationFilterChoices(db, staff, filters.job),
      // The tags to suggest, the bulk bar's templates and its reasons (rejecting needs the job filter).
      listBulkChoicesAndTags(db, staff),
    ]);
    return { filters, list, options, tagSuggestions: choices.tags, reasons: filters.job ? choices.reasons : [], templates: choices.templates, error: null };
  } catch (error) {
    console.error("Error loading candidates:", error);
    return { filters, list: null, options: { job: null, stages: [] }, tagSuggestions: [], reasons: [], templates: [], error: "Failed to load candidates" };
  }
}

/**
 * The bulk actions on the candidates ticked on the page (issue 13): "Add tag" and "Remove tag", back
 * to the same page with a notice; and on their applications, as the applications list does them:
 * move or reject their applications to the job the list is filtered by, or email each of them a
 * template (about that job's application, or else their newest).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const form = await request.formData();
  const values = formValues(form);
  const ids = form.getAll("candidateIds").filter((value) => typeof value === "string");
  const db = appDatabase();
  // The page it was posted from, with its filters and place (always this list: only the query is kept).
  const query = new URL(request.url).search;
  const back = `/candidates${query}`;
  if ((BULK_INTENTS as readonly string[]).includes(values.intent ?? "")) {
    authorize(staff, BULK_PERMISSIONS[values.intent as keyof typeof BULK_PERMISSIONS]);
    const picked = parseForm(BulkCandidatesSchema, { candidateIds: ids });
    if (!picked.success) return data({ errors: picked.errors, done: null }, { status: 400 });
    const job = parseQuery(CandidatesQuerySchema, request.url).job;
    if (!job && values.intent !== "bulk-email") return data({ errors: { form: BULK_MESSAGES.candidatesNeedJob }, done: null }, { status: 400 });
    const applicationIds = await applicationsOfCandidates(db, staff, picked.data.candidateIds, job);
    return answerBulkApplications(db, staff, values, applicationIds);
  }
  const parsed = parseForm(BulkTagSchema, { ...values, candidateIds: ids });
  if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
  const input = { candidateIds: parsed.data.candidateIds, name: parsed.data.tag };
  try {
    if (parsed.data.intent === "add-tag") {
      const { added } = await addTagToCandidates(db, staff, input);
      return redirectWithNotice(back, added > 0 ? "tags-added" : "tags-existing", { replace: true });
    }
    const { removed } = await removeTagFromCandidates(db, staff, input);
    return redirectWithNotice(back, removed > 0 ? "tags-removed" : "tags-not-there", { replace: true });
  } catch (error) {
    // Another company's candidate among the ids refuses the whole request; said in the bar.
    const answer = answerDomainError(error, { answerNotFound: true });
    return data({ errors: answer.errors as FieldErrors, done: null }, answer.init);
  }
}

const CANDIDATE_COLUMNS = [
  { label: "Candidate", primary: true, className: "md:min-w-48" },
  // The newest application's job, and under it its stage (and status when not active) and how many applications there are.
  { label: "Latest job" },
  { label: "Tags", className: "md:min-w-44" },
  { label: "Source", wideOnly: true, className: "md:min-w-40" },
  { label: "Last activity", className: "md:whitespace-nowrap" },
  { label: "Actions", hidden: true, className: "md:text-right" },
];

const STATUS_LABELS = { active: "Active", withdrawn: "Withdrawn", rejected: "Rejected" } as const;

type ShownFilters = ShownCandidateFilters;

/** The list's address with these filters (and sort), optionally at a place. */
function listHref(filters: ShownFilters, place?: { key: "after" | "before"; cursor: PageCursor }) {
  const params = new URLSearchParams();
  const set = (key: string, value: string | undefined) => (value ? params.set(key, value) : undefined);
  set("q", filters.q);
  set("job", filters.job);
  set("stage", filters.stage);
  set("status", filters.status);
  set("tag", filters.tag);
  set("source", filters.source);
  set("applied_from", filters.appliedFrom);
  set("applied_to", filters.appliedTo);
  if (filters.sort !== "activity") params.set("sort", filters.sort);
  if (place) params.set(place.key, filters.sort === "name" ? textCursorParam(place.cursor) : cursorParam(place.cursor));
  const query = params.toString();
  return query ? `/candidates?${query}` : "/candidates";
}

/** The same list without its filters: the search and the order stay. */
const unfiltered = (filters: ShownFilters): ShownFilters => ({
  ...filters,
  job: undefined,
  stage: undefined,
  status: undefined,
  tag: undefined,
  source: undefined,
  appliedFrom: undefined,
  appliedTo: undefined,
});

/**
 * A filter control's value: what the user typed or chose, until the address gives another (a link
 * such as Clear filters or a tag, Back, a page loaded anew), which then shows. Reset during render,
 * as JobFilter does, so typing on after a tag picked from the suggestions keeps the box and its focus.
 */
function useFilterValue(fromAddress: string) {
  const [value, setValue] = useState(fromAddress);
  const [shown, setShown] = useState(fromAddress);
  if (shown !== fromAddress) {
    setShown(fromAddress);
    setValue(fromAddress);
  }
  return { value, onChange: (event: { target: { value: string } }) => setValue(event.target.value) };
}

const FILTER_LABEL = "block text-xs font-medium text-slate-600";

export default function CandidatesList({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, options, tagSuggestions, reasons, templates, error } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  // The candidates ticked for the bulk actions (Shift ticks a range); only those on this page count.
  const rows = list?.rows ?? [];
  const selection = useRowSelection(rows.map((row) => row.id));
  // Moving and rejecting their applications is for the roles that decide (decision 096).
  const canActOnApplications = useCan()("applications.decide");
  const { ticked, selected } = selection;
  // An action done on their applications starts the selection again.
  const [doneFor, setDoneFor] = useState(actionData);
  if (doneFor !== actionData) {
    setDoneFor(actionData);
    if (actionData?.done) selection.clear();
  }
  const search = useFilterValue(filters.q);
  const stage = useFilterValue(filters.stage ?? "");
  const status = useFilterValue(filters.status ?? "");
  const tag = useFilterValue(filters.tag ?? "");
  const source = useFilterValue(filters.source ?? "");
  const sort = useFilterValue(filters.sort);
  const appliedFrom = useFilterValue(filters.appliedFrom ?? "");
  const appliedTo = useFilterValue(filters.appliedTo ?? "");
  const filtered = Boolean(filters.job || filters.status || filters.tag || filters.source || filters.appliedFrom || filters.appliedTo);
  const searched = Boolean(filters.q);

  const pageHref = (key: "after" | "before", cursor: PageCursor | null) => (cursor ? listHref(filters, { key, cursor }) : null);
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Candidates</h1>
          <p className="mt-1 text-sm text-slate-600">One profile per person: everyone who applied or was added, with every application.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/candidates/import" variant="secondary">
            Import CSV
          </ButtonLink>
          {/* A file to download, not a page: a plain link, carrying the list's filters. */}
          <a href={listHref(filters).replace(/^\/candidates/, "/candidates/export.csv")} className={buttonStyles.secondary} download>
            Export CSV
          </a>
          <ButtonLink to="/candidates/new">Add candidate</ButtonLink>
        </div>
      </div>

      <Form
        method="get"
        role="search"
        ref={form}
        className="mt-6 space-y-3"
        onChange={(event) => {
          // A choice shows its candidates at once; typed text (the search, a tag, a date) waits for
          // Search or Enter, except a tag picked from the suggestions. The job box has no name:
          // choosing a job submits (JobFilter).
          const target = event.target as HTMLElement & { value?: string };
          const name = target.getAttribute("name");
          const picked = name === "tag" && tagSuggestions.some((tag) => tag.toLowerCase() === (target.value ?? "").trim().toLowerCase());
          if (picked || (target.tagName === "SELECT" && name)) void submit(event.currentTarget, { replace: true, preventScrollReset: true });
        }}
      >
        <div className="flex max-w-3xl flex-wrap gap-3">
          <label htmlFor="candidate-search" className="sr-only">
            Search candidates
          </label>
          <input
            id="candidate-search"
            type="search"
            name="q"
            {...search}
            placeholder="Search candidates"
            className={`${inputStyles} min-w-0 flex-1 basis-56`}
          />
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Search
          </button>
          {filtered ? (
            <Link to={listHref(unfiltered(filters))} className="self-center text-sm font-semibold text-brand-600 hover:text-brand-700">
              Clear filters
            </Link>
          ) : null}
          {filters.job ? (
            // The chosen job's applicants ranked by how well they cover its requirements (decision 087).
            <Link to={`/manage/jobs/${filters.job}/match`} className="self-center text-sm font-semibold text-brand-600 hover:text-brand-700">
              Sort by match
            </Link>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <div className="col-span-2 sm:col-span-1">
            <JobFilter
              selected={options.job}
              labelClassName={FILTER_LABEL}
              onChoose={(job) => {
                // A new job clears the stage: stages belong to one job.
                const values = new FormData(form.current!);
                values.set("job", job?.id ?? "");
                values.set("stage", "");
                void submit(values, { method: "get", replace: true, preventScrollReset: true });
              }}
            />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor="candidate-stage" className={FILTER_LABEL}>
              Stage
            </label>
            <select
              id="candidate-stage"
              name="stage"
              {...stage}
              disabled={!filters.job}
              className={`${inputStyles} mt-1`}
              title={filters.job ? undefined : "Choose a job to filter by stage"}
            >
              <option value="">{filters.job ? "All stages" : "All stages (choose a job)"}</option>
              {options.stages.map((stage) => (
                <option key={stage.id} value={stage.id}>
                  {stage.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="candidate-status" className={FILTER_LABEL}>
              Status
            </label>
            <select
              id="candidate-status"
              name="status"
              {...status}
              className={`${inputStyles} mt-1`}
              title={filters.job ? "Of their application to the job" : "Of any of their applications"}
            >
              <option value="">All statuses</option>
              {APPLICATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="candidate-tag" className={FILTER_LABEL}>
              Tag
            </label>
            <input
              id="candidate-tag"
              type="text"
              name="tag"
              list="candidate-tag-choices"
              autoComplete="off"
              {...tag}
              placeholder="Any tag"
              className={`${inputStyles} mt-1`}
            />
            <TagSuggestions id="candidate-tag-choices" names={tagSuggestions} />
          </div>
          <div>
            <label htmlFor="candidate-source" className={FILTER_LABEL}>
              Source
            </label>
            <select id="candidate-source" name="source" {...source} className={`${inputStyles} mt-1`}>
              <option value="">All sources</option>
              {APPLICATION_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {sourceLabel(source, null)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="candidate-sort" className={FILTER_LABEL}>
              Sort by
            </label>
            <select id="candidate-sort" name="sort" {...sort} className={`${inputStyles} mt-1`}>
              <option value="activity">Last activity</option>
              <option value="name">Name</option>
            </select>
          </div>
          <fieldset className="col-span-2 grid grid-cols-2 gap-3">
            <legend className="sr-only">Applied between</legend>
            <div>
              <label htmlFor="candidate-applied-from" className={FILTER_LABEL}>
                Applied from
              </label>
              <input id="candidate-applied-from" type="date" name="applied_from" {...appliedFrom} className={`${inputStyles} mt-1`} />
            </div>
            <div>
              <label htmlFor="candidate-applied-to" className={FILTER_LABEL}>
                Applied to
              </label>
              <input id="candidate-applied-to" type="date" name="applied_to" {...appliedTo} className={`${inputStyles} mt-1`} />
            </div>
          </fieldset>
        </div>
      </Form>

      <div className={`mt-6 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {error ? (
          <Alert title="Error loading candidates">{error}</Alert>
        ) : !list || list.rows.length === 0 ? (
          <EmptyState title={searched || filtered ? "No candidates match your search." : "No candidates yet."}>
            {searched || filtered
              ? "Search finds names, email addresses, phone numbers, tags, answers and the text of CVs. Try fewer words or fewer filters."
              : "Everyone who applies to one of your jobs shows up here."}
          </EmptyState>
        ) : (
          <Form method="post" preventScrollReset>
            {actionData?.done ? (
              <div className="mb-3">
                <Alert tone="success">{actionData.done}</Alert>
              </div>
            ) : null}
            <BulkTagBar
              selected={selected.length}
              onPage={rows.length}
              hydrated={hydrated}
              onSelectAll={selection.selectAll}
              suggestions={tagSuggestions}
              errors={navigation.state === "idle" ? (actionData?.errors ?? null) : null}
            >
              {canActOnApplications ? (
                <BulkApplicationActions
                  of="candidates"
                  stages={filters.job ? options.stages : []}
                  reasons={reasons}
                  templates={templates}
                  errors={navigation.state === "idle" ? (actionData?.errors ?? null) : null}
                  busy={navigation.state === "submitting"}
                  none={hydrated && selected.length === 0}
                  hydrated={hydrated}
                  rejectLabel={hydrated ? `Reject their applications (${selected.length})` : "Reject the ticked candidates' applications"}
                />
              ) : null}
            </BulkTagBar>
            <DataTable
              columns={CANDIDATE_COLUMNS}
              rows={list.rows.map((row, index) => ({
                key: row.id,
                cells: [
                  <div className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      name="candidateIds"
                      value={row.id}
                      checked={ticked.has(row.id)}
                      onChange={() => {}}
                      onClick={(event) => selection.tick(row.id, event.currentTarget.checked, event.shiftKey)}
                      aria-label={`Select ${row.name}`}
                      className="row-checkbox"
                    />
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{row.name}</p>
                      <p className="break-all text-xs text-slate-500">{row.email}</p>
                      {row.match ? <SearchMatchNote match={row.match} snippet={row.snippet} /> : null}
                    </div>
                  </div>,
                  row.latestJobTitle ? (
                    <>
                      <p>{row.latestJobTitle}</p>
                      <p className="text-xs text-slate-500">
                        {row.latestStageName ?? "No stage"}
                        {row.latestStatus && row.latestStatus !== "active" ? (
                          <>
                            {" "}
                            <Badge tone={applicationStatusTone(row.latestStatus)}>{row.latestStatus}</Badge>
                          </>
                        ) : null}
                        {row.applications > 1 ? ` · ${row.applications} applications` : null}
                      </p>
                    </>
                  ) : (
                    <NoValue />
                  ),
                  row.tagCount === 0 ? (
                    <NoValue />
                  ) : (
                    <span className="flex flex-wrap gap-1">
                      {row.tags.map((tag) => (
                        <TagChip key={tag} name={tag} href={listHref({ ...filters, tag })} />
                      ))}
                      {row.tagCount > row.tags.length ? <span className="text-xs text-slate-500">+{row.tagCount - row.tags.length} more</span> : null}
                    </span>
                  ),
                  sourceLabel(row.source, row.sourceDetail),
                  <LocalDate value={row.lastAppliedAt} />,
                  <RowLink
                    to={`/candidates/${row.id}`}
                    discover={index === 0}
                    className="font-semibold text-brand-600 hover:text-brand-700"
                    aria-label={`View ${row.name}'s profile`}
                  >
                    View
                  </RowLink>,
                ],
              }))}
            />
            <Pagination
              summary={countSummary(list, "candidate", "candidates")}
              previousHref={pageHref("before", list.previous)}
              nextHref={pageHref("after", list.next)}
            />
          </Form>
        )}
      </div>
    </div>
  );
}
