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
import type { ReportedApplicationsQuery, ReportsQuery } from "~/schemas/reports";
import { APPLICATION_SOURCES } from "~/schemas/application-source";
import { applicationsMatching, jobFilters, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, ownedSql, seesJob, seesWholeCompany } from "../platform/tenancy.server";
import { startOfDateInTimeZone } from "../platform/time-zone.server";
import { dayAfter, monthAfter, QUIET_DAYS, type ShownReportFilters, shownReportFilters } from "~/lib/report-filters";
import { countsInTiers, countsNarrowing, day, dayBlockTiers, readsCounts } from "./tiers.server";
import { daysInOrder } from "~/lib/candidate-filters";

/**
 * The report's filters as the page shows them for this reader: a hiring manager's report is of their
 * own team's jobs unless they choose another member (decision 104), so its numbers and the lists they
 * link to (which carry `member`) agree, and it reads the counts.
 */
export function reportFiltersFor(actor: Actor, query: ReportsQuery, today: string): ShownReportFilters {
  const shown = shownReportFilters(query, today);
  return seesWholeCompany(actor) || shown.member ? shown : { ...shown, member: actor.userId };
}

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
  const [from, to] = daysInOrder(query.applied_from, query.applied_to);
  return {
    source: query.source,
    memberId: query.member,
    appliedFrom: from ? startOfDateInTimeZone(from, timeZone) : undefined,
    appliedBefore: to ? startOfDateInTimeZone(dayAfter(to), timeZone) : undefined,
    reached: query.reached,
    hired: query.hired === "1",
    interviewed: query.interviewed === "1",
    hiredFrom: query.hired_month ? `${query.hired_month}-01` : undefined,
    hiredBefore: query.hired_month ? monthAfter(query.hired_month) : undefined,
    waitingSince: query.stuck_days ? stuckSince(query.stuck_days) : undefined,
    waitingIn: query.stuck_days ? query.stuck_in : undefined,
  };
}

/** The instant before which an application entered its stage to be stuck there after `days` days (elapsed). */
export const stuckSince = (days: number, now = new Date()) => new Date(now.getTime() - days * 86_400_000);

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

/** One job's applications in the report's days, and how many of them were hired (the volume report's table). */
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
  const stagesOf = filters.jobId && isUuid(filters.jobId) ? sql`s.job_id = ${filters.jobId}` : sql`s.job_id in (select c.job_id from sources c)`;
  const rows = await queryRows<ReportRow>(
    db,
    sql`with ${countedApplications(actor, filters)}
        select 'furthest' as kind, c.job_id, null as name, f."order" as place, sum(c.n)::int as n, 0 as hired, 0 as interviewed
        from stages c join pipeline_stages f on f.id = c.furthest_stage_id group by c.job_id, f."order"
        union all
        select 'stage', s.job_id, s.name, s."order", 0, 0, 0
        from pipeline_stages s where ${stagesOf} and lower(s.name) <> 'rejected' and ${ownedSql("s", actor)}
        union all
        select 'source', null, c.source, 0, sum(c.n)::int, sum(c.hired)::int, sum(c.interviewed)::int
        from sources c group by c.source`,
  );
  return { funnel: funnelOf(rows), sources: sourcesOf(rows) };
}

/** The funnel alone (its CSV file). */
export const funnelReport = async (db: Queryable, actor: Actor, filters: ReportedApplications) => (await applicationsReport(db, actor, filters)).funnel;

/** The sources alone (their CSV file). */
export const sourcesReport = async (db: Queryable, actor: Actor, filters: ReportedApplications) => (await applicationsReport(db, actor, filters)).sources;

type ReportRow = { kind: "furthest" | "stage" | "source"; job_id: string | null; name: string | null; place: number; n: number; hired: number; interviewed: number };

function funnelOf(rows: readonly ReportRow[]): FunnelReport {
  // Per job: its stages in order, and how many applications got exactly as far as each place.
  const jobs = new Map<string, { stages: ReportRow[]; furthest: Map<number, number> }>();
  const jobOf = (id: string) => jobs.get(id) ?? jobs.set(id, { stages: [], furthest: new Map() }).get(id)!;
  for (const row of rows) {
    if (row.kind === "stage") jobOf(row.job_id!).stages.push(row);
    else if (row.kind === "furthest") jobOf(row.job_id!).furthest.set(row.place, row.n);
  }
  const byName = new Map<string, { stage: string; reached: number; places: number[] }>();
  for (const { stages, furthest } of jobs.values()) {
    stages.sort((a, b) => b.place - a.place);
    // From the last stage back: those whose furthest stage is at or after it, one pass over the places.
    const places = [...furthest.keys()].sort((a, b) => b - a);
    let next = 0;
    let reached = 0;
    for (const [fromLast, stage] of stages.entries()) {
      while (next < places.length && places[next]! >= stage.place) reached += furthest.get(places[next++]!)!;
      const key = stage.name!.toLowerCase();
      const step = byName.get(key) ?? byName.set(key, { stage: stage.name!, reached: 0, places: [] }).get(key)!;
      step.reached += reached;
      step.places.push(stages.length > 1 ? (stages.length - 1 - fromLast) / (stages.length - 1) : 0);
    }
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
 * The matching applications counted, as two CTEs: `stages` (job, furthest stage: the funnel) and
 * `sources` (job, source, with how many of each were hired and interviewed). Where the reader sees the
 * whole company's counts (`readsCounts`) and the days hold a whole UTC day, each is read from its own
 * family of `report_counts` (decision 148) by month, block and day (`dayBlockTiers`), the hours at
 * either end from the applications' report index; a funnel of one source reads the rows by source and
 * stage by month and block (`countsInTiers`). Else both from the applications themselves. The list's
 * own condition (`applicationsMatching`) says which applications count either way.
 */
function countedApplications(actor: Actor, filters: ReportedApplications): SQL {
  // The applications of a range counted by `keys` (columns named as the counts' own), times `sign`.
  const grouped = (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">, keys: SQL[], sign = 1) =>
    sql`select ${sql.join(keys, sql`, `)}, ${sign}::int * count(*)::int as n,
               ${sign}::int * (count(*) filter (where ${applications.hiredOn} is not null))::int as hired,
               ${sign}::int * (count(*) filter (where ${applications.interviews} > 0))::int as interviewed
        from ${applications} where ${applicationsMatching(actor, { ...filters, ...range })}
        group by ${sql.join(keys.map((_, index) => sql.raw(String(index + 1))), sql`, `)}`;
  const job = sql`${applications.jobId} as job_id`;
  const furthest = sql`${applications.furthestStageId} as furthest_stage_id`;
  const source = sql`${applications.source} as source`;
  // A range's applications as the funnel's rows (job, furthest stage, how many).
  const stageRows = (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">, sign = 1) =>
    sql`select job_id, furthest_stage_id, n from (${grouped(range, [job, furthest], sign)}) as part`;
  const tiers =
    filters.appliedFrom && filters.appliedBefore && readsCounts(actor, filters) ? dayBlockTiers(filters.appliedFrom, filters.appliedBefore) : undefined;
  if (!tiers) {
    return sql`counted as (${grouped({}, [job, furthest, source])}),
        stages as (select job_id, furthest_stage_id, sum(n)::int as n from counted group by 1, 2),
        sources as (select job_id, source, sum(n)::int as n, sum(hired)::int as hired, sum(interviewed)::int as interviewed from counted group by 1, 2)`;
  }
  // A family's rows of each span, one select a span (an index-only scan of the family's own index), and
  // the hours at either end from the applications (`ends`), added or taken away.
  const family = (condition: SQL, columns: SQL, ends: (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">, sign: number) => SQL) =>
    sql.join(
      [
        ...tiers.counted.map(
          ({ span, from, before }) =>
            sql`select ${columns} from report_counts r
                where ${sql.join([condition, sql`r.span = ${span} and r.starts_on >= ${day(from)} and r.starts_on < ${day(before)}`, ...countsNarrowing(actor, filters)], sql` and `)}`,
        ),
        ...tiers.ends.map(({ from, before, sign }) => ends({ appliedFrom: from, appliedBefore: before }, sign)),
      ],
      sql` union all `,
    );
  const stages = filters.source
    ? countsInTiers(actor, filters, stageRows, {
        rows: (where) => sql`select r.job_id, r.furthest_stage_id, r.applications as n from report_counts r where ${where} and r.furthest_stage_id is not null`,
        summed: (spans) => sql`select job_id, furthest_stage_id, sum(n)::int as n from (${spans}) as spans group by 1, 2`,
      })
    : sql`select job_id, furthest_stage_id, sum(n)::int as n
          from (${family(sql`r.source = '*'`, sql`r.job_id, r.furthest_stage_id, r.applications as n`, stageRows)}) as spans group by 1, 2`;
  const sources = sql`select job_id, source, sum(n)::int as n, sum(hired)::int as hired, sum(interviewed)::int as interviewed
        from (${family(sql`r.furthest_stage_id is null`, sql`r.job_id, r.source, r.applications as n, r.hired, r.interviewed`, (range, sign) => grouped(range, [job, source], sign))}) as spans
        group by 1, 2`;
  return sql`stages as (${stages}), sources as (${sources})`;
}

/** The reports page shows this many open jobs, the quietest first; its CSV file at most JOB_HEALTH_FILE_LIMIT. */
export const JOB_HEALTH_SHOWN = 10;
export const JOB_HEALTH_FILE_LIMIT = 1_000;

/** One open job's health: how long it has been open, its applicants, and when anything last happened. */
export interface JobHealthRow {
  jobId: string;
  title: string;
  openedAt: string;
  daysOpen: number;
  applicants: number;
  /** Applicants per day open, one decimal. */
  perDay: number;
  /** The newest of its opening, its newest application and its latest move. */
  lastActivityAt: string;
  /** Days since then, when QUIET_DAYS or more; else null. */
  quietDays: number | null;
}

/**
 * Job health (decision 104): the company's open (published) jobs now, of the report's job and team
 * member, the quietest first, at most `limit`, with how many there are. Each job's applicants
 * come from its stage counters (decision 060), its newest application from the job's applications index
 * and its latest move from the stage history's (job, entered_at) index: three index lookups a job, whatever
 * its size. Not bounded by the report's days: it is about the jobs as they are.
 */
export async function jobHealthReport(
  db: Queryable,
  actor: Actor,
  filters: Pick<ReportedApplications, "jobId" | "memberId">,
  limit: number = JOB_HEALTH_SHOWN,
  now = new Date(),
) {
  const conditions = [
    ownedSql("j", actor),
    sql`j.status = 'published'`,
    seesJob(sql`j.id`, actor),
    ...jobFilters(sql`j.id`, actor, filters),
  ].filter((condition): condition is SQL => condition !== undefined);
  const rows = await queryRows<{ id: string; title: string; opened_at: string; applicants: number; last_activity_at: string; total: number }>(
    db,
    sql`select id, title, opened_at, applicants, last_activity_at, count(*) over ()::int as total from (
          select j.id, j.title, coalesce(j.published_at, j.created_at) as opened_at,
                 (select coalesce(sum(c.applications), 0) from stage_counts c where c.job_id = j.id)::int as applicants,
                 greatest(coalesce(j.published_at, j.created_at),
                          (select max(a.created_at) from applications a where a.job_id = j.id),
                          (select max(e.entered_at) from stage_entries e where e.job_id = j.id)) as last_activity_at
          from jobs j where ${sql.join(conditions, sql` and `)}
        ) as open_jobs
        order by last_activity_at, id limit ${limit}`,
  );
  const day = 86_400_000;
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((row): JobHealthRow => {
      const openedAt = new Date(row.opened_at);
      const lastActivityAt = new Date(row.last_activity_at);
      const daysOpen = Math.max(0, Math.floor((now.getTime() - openedAt.getTime()) / day));
      const quiet = Math.floor((now.getTime() - lastActivityAt.getTime()) / day);
      return {
        jobId: row.id,
        title: row.title,
        openedAt: openedAt.toISOString(),
        daysOpen,
        applicants: row.applicants,
        perDay: Math.round((row.applicants / Math.max(1, daysOpen)) * 10) / 10,
        lastActivityAt: lastActivityAt.toISOString(),
        quietDays: quiet >= QUIET_DAYS ? quiet : null,
      };
    }),
  };
}

export type JobHealthReport = Awaited<ReturnType<typeof jobHealthReport>>;
