/**
 * Reports (issue 15, decision 104): what a company's applications did, counted from the stage history
 * the database keeps (migration 0028), never from the stages' current contents. Every report counts
 * the applications the list shows with the same filters (`applicationsMatching`), so each number
 * links to exactly the applications behind it.
 */
import { type SQL, sql } from "drizzle-orm";
import { applications } from "../../../db/schema";
import { isUuid } from "~/schemas/id";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import type { ReportedApplicationsQuery } from "~/schemas/reports";
import { APPLICATION_SOURCES } from "~/schemas/application-source";
import { applicationsMatching, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, ownedSql, seesWholeCompany } from "../platform/tenancy.server";
import { startOfDateInTimeZone } from "../platform/time-zone.server";
import { dayAfter, type ShownReportFilters } from "~/lib/report-filters";

/** The report's filters as the list's (`ReportedApplications`): its days as instants where the reader is. */
export function reportedApplicationsOf(shown: ShownReportFilters, timeZone: string): ReportedApplications {
  return {
    jobId: shown.job,
    source: shown.source,
    memberId: shown.member,
    appliedFrom: startOfDateInTimeZone(shown.from, timeZone),
    appliedBefore: startOfDateInTimeZone(dayAfter(shown.to), timeZone),
  };
}

/**
 * The list's report filters (`reportedApplicationsQuery`) as the service's: its days as instants
 * where the reader is. Dates typed the wrong way round are the same range.
 */
export function reportedApplicationsFrom(query: ReportedApplicationsQuery, timeZone: string): Omit<ReportedApplications, "jobId"> {
  const [from, to] =
    query.applied_from && query.applied_to && query.applied_from > query.applied_to
      ? [query.applied_to, query.applied_from]
      : [query.applied_from, query.applied_to];
  return {
    source: query.source,
    memberId: query.member,
    appliedFrom: from ? startOfDateInTimeZone(from, timeZone) : undefined,
    appliedBefore: to ? startOfDateInTimeZone(dayAfter(to), timeZone) : undefined,
    reached: query.reached,
    hired: query.hired === "1",
    interviewed: query.interviewed === "1",
  };
}

/** One step of the funnel: a stage (by name across jobs), how many reached it, and how many of the step before. */
export interface FunnelStep {
  stage: string;
  /** Applications whose furthest stage is this one or a later one. */
  reached: number;
  /** reached / the step before's reached, in percent, rounded; null for the first step or after a step of none. */
  conversion: number | null;
  /** How many of the step before did not reach this one (never negative). */
  dropOff: number;
}

export interface FunnelReport {
  /** Every application the filters match, whatever stage it reached. */
  applications: number;
  steps: FunnelStep[];
}

/** One source's row: its applications, those given an interview, those hired, and the hires' share. */
export interface SourceRow {
  source: ApplicationSourceKind;
  applications: number;
  interviewed: number;
  hired: number;
  /** hired / applications in percent, one decimal; null with no applications. */
  conversion: number | null;
}

export interface ApplicationsReport {
  funnel: FunnelReport;
  sources: SourceRow[];
}

/**
 * The funnel and the sources of the applications the filters match, in one statement (decision 104).
 *
 * - **Pipeline funnel**: per stage, how many applications reached it (their furthest stage is it or a
 *   later one in the job's order), the conversion from the stage before and the drop-off. For one job,
 *   its stages in order (a stage named Rejected is not a step). For all jobs, the stages by name (any
 *   case), in the jobs' order: each name at its average place along its jobs' pipelines (first 0, last
 *   1), so Offer comes before Hired however many stages each job has.
 * - **Sources**: per kind of source (decision 079), the applications, how many were given an interview
 *   that was not cancelled, how many were hired, and the share hired.
 */
export async function applicationsReport(db: Queryable, actor: Actor, filters: ReportedApplications): Promise<ApplicationsReport> {
  const jobs = filters.jobId && isUuid(filters.jobId) ? sql`s.job_id = ${filters.jobId}` : sql`s.job_id in (select c.job_id from counted c)`;
  const rows = await queryRows<{ kind: "furthest" | "stage" | "source"; job_id: string | null; name: string | null; place: number; n: number; hired: number; interviewed: number }>(
    db,
    sql`with counted as (${countedApplications(actor, filters)})
        select 'furthest' as kind, c.job_id, null as name, f."order" as place, sum(c.n)::int as n, 0 as hired, 0 as interviewed
        from counted c join pipeline_stages f on f.id = c.furthest_stage_id group by c.job_id, f."order"
        union all
        select 'stage', s.job_id, s.name, s."order", 0, 0, 0
        from pipeline_stages s where ${jobs} and lower(s.name) <> 'rejected' and ${ownedSql("s", actor)}
        union all
        select 'source', null, c.source, 0, sum(c.n)::int, coalesce(sum(c.n) filter (where c.hired), 0)::int, coalesce(sum(c.n) filter (where c.interviewed), 0)::int
        from counted c group by c.source`,
  );
  return { funnel: funnelOf(rows), sources: sourcesOf(rows) };
}

/** The funnel alone (its CSV file). */
export const funnelReport = async (db: Queryable, actor: Actor, filters: ReportedApplications) => (await applicationsReport(db, actor, filters)).funnel;

/** The sources alone (their CSV file). */
export const sourcesReport = async (db: Queryable, actor: Actor, filters: ReportedApplications) => (await applicationsReport(db, actor, filters)).sources;

type ReportRow = { kind: "furthest" | "stage" | "source"; job_id: string | null; name: string | null; place: number; n: number; hired: number; interviewed: number };

function funnelOf(rows: readonly ReportRow[]): FunnelReport {
  const furthest = rows.filter((row) => row.kind === "furthest");
  const stages = rows.filter((row) => row.kind === "stage");
  const byName = new Map<string, { stage: string; reached: number; places: number[] }>();
  for (const stage of stages) {
    const ofJob = stages.filter((other) => other.job_id === stage.job_id);
    const key = stage.name!.toLowerCase();
    const step = byName.get(key) ?? { stage: stage.name!, reached: 0, places: [] };
    for (const row of furthest) if (row.job_id === stage.job_id && row.place >= stage.place) step.reached += row.n;
    step.places.push(ofJob.length > 1 ? ofJob.filter((other) => other.place < stage.place).length / (ofJob.length - 1) : 0);
    byName.set(key, step);
  }
  const ordered = [...byName.values()]
    .map((step) => ({ ...step, place: step.places.reduce((sum, place) => sum + place, 0) / step.places.length }))
    .sort((a, b) => a.place - b.place || a.stage.localeCompare(b.stage));
  return {
    applications: rows.filter((row) => row.kind === "source").reduce((sum, row) => sum + row.n, 0),
    steps: ordered.map((step, index) => {
      const before = index > 0 ? ordered[index - 1]!.reached : null;
      return {
        stage: step.stage,
        reached: step.reached,
        conversion: before ? Math.round((step.reached / before) * 100) : null,
        dropOff: before === null ? 0 : Math.max(0, before - step.reached),
      };
    }),
  };
}

function sourcesOf(rows: readonly ReportRow[]): SourceRow[] {
  return rows
    .filter((row) => row.kind === "source")
    .map((row) => ({
      source: row.name as ApplicationSourceKind,
      applications: row.n,
      interviewed: row.interviewed,
      hired: row.hired,
      conversion: row.n ? Math.round((row.hired / row.n) * 1000) / 10 : null,
    }))
    .sort((a, b) => b.applications - a.applications || APPLICATION_SOURCES.indexOf(a.source) - APPLICATION_SOURCES.indexOf(b.source));
}

/**
 * The matching applications counted by job, furthest stage, source, hire and interview: a statement
 * to use as a CTE. Where the reader sees the whole company and the report's days hold whole UTC
 * months, those months are read from the monthly counts (`report_counts`, a few thousand rows) and
 * only the days at either end from the applications' report index; else everything from the index.
 * The list's own condition (`applicationsMatching`) says which applications count either way.
 */
function countedApplications(actor: Actor, filters: ReportedApplications): SQL {
  const raw = (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">) =>
    sql`select ${applications.jobId} as job_id, ${applications.furthestStageId} as furthest_stage_id, ${applications.source} as source,
               ${applications.hiredOn} is not null as hired, ${applications.interviews} > 0 as interviewed, count(*)::int as n
        from ${applications} where ${applicationsMatching(actor, { ...filters, ...range })} group by 1, 2, 3, 4, 5`;
  const months = wholeMonths(filters.appliedFrom, filters.appliedBefore);
  // The monthly counts count whole jobs (not what a hiring manager sees) and only these filters.
  if (!months || !seesWholeCompany(actor) || filters.reached || filters.hired || filters.interviewed) return raw({});
  const conditions = [
    ownedSql("r", actor),
    sql`r.month >= ${months.first} and r.month < ${months.end}`,
    filters.jobId && isUuid(filters.jobId) ? sql`r.job_id = ${filters.jobId}` : undefined,
    filters.source ? sql`r.source = ${filters.source}` : undefined,
    filters.memberId ? sql`r.job_id in (select m.job_id from job_team_members m where m.user_id = ${filters.memberId} and ${ownedSql("m", actor)})` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return sql`select r.job_id, r.furthest_stage_id, r.source, r.hired, r.interviewed, sum(r.applications)::int as n
             from report_counts r where ${sql.join(conditions, sql` and `)} group by 1, 2, 3, 4, 5
             union all ${raw({ appliedBefore: months.firstAt })}
             union all ${raw({ appliedFrom: months.endAt })}`;
}

/**
 * The whole UTC months inside [from, before): the first (YYYY-MM-01) and the month after the last, and
 * the instants they start at; undefined when there is none.
 */
export function wholeMonths(from: Date | undefined, before: Date | undefined) {
  if (!from || !before) return undefined;
  const firstAt = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + (from.getTime() === Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1) ? 0 : 1), 1));
  const endAt = new Date(Date.UTC(before.getUTCFullYear(), before.getUTCMonth(), 1));
  if (endAt <= firstAt) return undefined;
  return { first: firstAt.toISOString().slice(0, 10), end: endAt.toISOString().slice(0, 10), firstAt, endAt };
}
