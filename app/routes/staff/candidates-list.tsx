import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/candidates-list";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { ButtonLink, buttonStyles } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { inputStyles } from "~/components/ui/field";
import { LocalDate } from "~/components/ui/local-date";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { SearchMatchNote } from "~/features/candidate-search/search-match-note";
import { sourceLabel } from "~/lib/source-label";
import { APPLICATION_SOURCES } from "~/schemas/application-source";
import { applicationStatusTone, CandidatesQuerySchema } from "~/schemas/application-review";
import { cursorParam, type PageCursor, parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { listCandidates } from "~/server/candidates/queries.server";
import { appDatabase } from "~/server/platform/db.server";

export const meta: Route.MetaFunction = () => pageMeta("Candidates", "Everyone who applied to your company's jobs.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const query = parseQuery(CandidatesQuerySchema, request.url);
  const filters = { q: query.q, source: query.source, after: query.before ? undefined : query.after, before: query.before };
  try {
    return { filters, list: await listCandidates(appDatabase(), staff, filters), error: null };
  } catch (error) {
    console.error("Error loading candidates:", error);
    return { filters, list: null, error: "Failed to load candidates" };
  }
}

const CANDIDATE_COLUMNS = [
  { label: "Candidate", primary: true },
  { label: "Latest job" },
  { label: "Latest stage" },
  { label: "Source" },
  { label: "Applications", className: "md:text-right" },
  { label: "Last activity", className: "md:whitespace-nowrap" },
  { label: "Actions", hidden: true, className: "md:text-right" },
];

export default function CandidatesList({ loaderData }: Route.ComponentProps) {
  const { filters, list, error } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();

  /** The list with the same search, after or before a row (null: no such page). */
  const pageHref = (key: "after" | "before", cursor: PageCursor | null) => {
    if (!cursor) return null;
    const params = new URLSearchParams();
    if (filters.q) params.set("q", filters.q);
    if (filters.source) params.set("source", filters.source);
    params.set(key, cursorParam(cursor));
    return `/candidates?${params}`;
  };

  const filterQuery = new URLSearchParams();
  if (filters.q) filterQuery.set("q", filters.q);
  if (filters.source) filterQuery.set("source", filters.source);
  const exportHref = `/candidates/export.csv${filterQuery.size > 0 ? `?${filterQuery}` : ""}`;

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
          <a href={exportHref} className={buttonStyles.secondary} download>
            Export CSV
          </a>
          <ButtonLink to="/candidates/new">Add candidate</ButtonLink>
        </div>
      </div>

      <Form
        method="get"
        role="search"
        className="mt-6 flex max-w-3xl flex-wrap gap-3"
        onChange={(event) => {
          // A new source shows its candidates at once; the search box waits for Search (or Enter).
          if ((event.target as HTMLElement).getAttribute("name") === "source") void submit(event.currentTarget, { replace: true });
        }}
      >
        <label htmlFor="candidate-search" className="sr-only">
          Search candidates
        </label>
        <input
          id="candidate-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          placeholder="Search candidates"
          className={`${inputStyles} min-w-0 flex-1 basis-56`}
        />
        <label htmlFor="candidate-source" className="sr-only">
          Source
        </label>
        <select id="candidate-source" name="source" defaultValue={filters.source ?? ""} className={`${inputStyles} w-auto`}>
          <option value="">All sources</option>
          {APPLICATION_SOURCES.map((source) => (
            <option key={source} value={source}>
              {sourceLabel(source, null)}
            </option>
          ))}
        </select>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Search
        </button>
      </Form>

      <div className={`mt-6 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {error ? (
          <Alert title="Error loading candidates">{error}</Alert>
        ) : !list || list.rows.length === 0 ? (
          <EmptyState title={filters.q || filters.source ? "No candidates match your search." : "No candidates yet."}>
            {filters.q || filters.source
              ? "Search finds names, email addresses, phone numbers, tags, answers and the text of CVs. Try fewer words, or another source."
              : "Everyone who applies to one of your jobs shows up here."}
          </EmptyState>
        ) : (
          <>
            <DataTable
              columns={CANDIDATE_COLUMNS}
              rows={list.rows.map((row) => ({
                key: row.id,
                cells: [
                  <>
                    <p className="font-semibold text-slate-900">{row.name}</p>
                    <p className="break-all text-xs text-slate-500">{row.email}</p>
                    {row.match ? <SearchMatchNote match={row.match} snippet={row.snippet} /> : null}
                  </>,
                  row.latestJobTitle ?? "—",
                  row.latestStageName ? (
                    <>
                      {row.latestStageName}
                      {row.latestStatus && row.latestStatus !== "active" ? (
                        <>
                          {" "}
                          <Badge tone={applicationStatusTone(row.latestStatus)}>{row.latestStatus}</Badge>
                        </>
                      ) : null}
                    </>
                  ) : (
                    "—"
                  ),
                  sourceLabel(row.source, row.sourceDetail),
                  row.applications,
                  <LocalDate value={row.lastAppliedAt} />,
                  <Link
                    to={`/candidates/${row.id}`}
                    className="font-semibold text-brand-600 hover:text-brand-700"
                    aria-label={`View ${row.name}'s profile`}
                  >
                    View
                  </Link>,
                ],
              }))}
            />
            <Pagination
              summary={
                list.totalCapped
                  ? `${list.total.toLocaleString("en-US")}+ candidates`
                  : `${list.total.toLocaleString("en-US")} ${list.total === 1 ? "candidate" : "candidates"}`
              }
              previousHref={pageHref("before", list.previous)}
              nextHref={pageHref("after", list.next)}
            />
          </>
        )}
      </div>
    </div>
  );
}
