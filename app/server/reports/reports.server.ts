/**
 * Reports (issue 15, decision 104): what a company's applications did, counted from the stage history
 * the database keeps (migration 0028), never from the stages' current contents. Every report counts
 * the applications the list shows with the same filters (`applicationsMatching`), so each number
 * links to exactly the applications behind it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { applications, interviews } from "../../../db/schema";
import { isUuid } from "~/schemas/id";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import type { ReportedApplicationsQuery } from "~/schemas/reports";
import { APPLICATION_SOURCES } from "~/schemas/application-source";
import { applicationsMatching, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, owned, ownedSql } from "../platform/tenancy.server";
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

/**
 * The pipeline funnel: per stage, how many of the applications made in the range reached it (their
 * furthest stage is it or a later one in the job's order), the conversion from the stage before and
 * the drop-off. For one job, its stages in order (a stage named Rejected is not a step). For all
 * jobs, the stages by name (any case), in the jobs' order: each name at its average place along its
 * jobs' pipelines (first 0, last 1), so Offer comes before Hired however many stages each job has.
 *
 * One statement: the matching applications counted by job and furthest stage from the reports' index
 * (an index-only scan), then each job's stages with how many got at least that far.
 */
export async function funnelReport(db: Queryable, actor: Actor, filters: ReportedApplications): Promise<FunnelReport> {
  const jobs = filters.jobId && isUuid(filters.jobId) ? sql`s.job_id = ${filters.jobId}` : sql`s.job_id in (select c.job_id from counted c)`;
  const rows = await queryRows<{
    job_id: string | null;
    name: string | null;
    order: number | null;
    stages: number | null;
    reached: number;
  }>(
    db,
    sql`with counted as (
          select ${applications.jobId} as job_id, ${applications.furthestStageId} as furthest_stage_id, count(*)::int as n
          from ${applications} where ${applicationsMatching(actor, filters)}
          group by 1, 2
        )
        select s.job_id, s.name, s."order", count(*) over (partition by s.job_id)::int as stages,
               (select coalesce(sum(c.n), 0) from counted c join pipeline_stages f on f.id = c.furthest_stage_id
                where c.job_id = s.job_id and f."order" >= s."order")::int as reached
        from pipeline_stages s
        where ${jobs} and lower(s.name) <> 'rejected' and ${ownedSql("s", actor)}
        union all
        select null, null, null, null, (select coalesce(sum(c.n), 0) from counted c)::int`,
  );
  const total = rows.find((row) => row.job_id === null)?.reached ?? 0;
  const byName = new Map<string, { stage: string; reached: number; places: number[] }>();
  for (const row of rows) {
    if (row.job_id === null || row.name === null || row.order === null || row.stages === null) continue;
    const key = row.name.toLowerCase();
    const step = byName.get(key) ?? { stage: row.name, reached: 0, places: [] };
    step.reached += row.reached;
    step.places.push(row.stages > 1 ? rankOf(rows, row) / (row.stages - 1) : 0);
    byName.set(key, step);
  }
  const ordered = [...byName.values()]
    .map((step) => ({
      ...step,
      place: step.places.reduce((sum, place) => sum + place, 0) / step.places.length,
    }))
    .sort((a, b) => a.place - b.place || a.stage.localeCompare(b.stage));
  return {
    applications: total,
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

/** The stage's place among its job's stages (0 first), the ones named Rejected left out. */
function rankOf(rows: readonly { job_id: string | null; order: number | null }[], row: { job_id: string | null; order: number | null }): number {
  return rows.filter((other) => other.job_id === row.job_id && other.order !== null && other.order < row.order!).length;
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

/**
 * Sources: per kind of source (decision 079), the matching applications, how many were given an
 * interview that was not cancelled, how many were hired, and the share hired. Two statements run
 * together: the applications by source from the reports' index, and the interviews (far fewer than
 * applications) with their applications' sources.
 */
export async function sourcesReport(db: Queryable, actor: Actor, filters: ReportedApplications): Promise<SourceRow[]> {
  const where = applicationsMatching(actor, filters);
  const [bySource, interviewed] = await Promise.all([
    db
      .select({
        source: applications.source,
        applications: sql<number>`count(*)::int`,
        hired: sql<number>`(count(*) filter (where ${applications.hiredOn} is not null))::int`,
      })
      .from(applications)
      .where(where)
      .groupBy(applications.source),
    db
      .select({
        source: applications.source,
        interviewed: sql<number>`count(distinct ${interviews.applicationId})::int`,
      })
      .from(interviews)
      .innerJoin(applications, eq(applications.id, interviews.applicationId))
      .where(and(owned(interviews, actor), isNull(interviews.cancelledAt), where))
      .groupBy(applications.source),
  ]);
  const interviewedBySource = new Map(interviewed.map((row) => [row.source, row.interviewed]));
  return bySource
    .map((row) => ({
      source: row.source,
      applications: row.applications,
      interviewed: interviewedBySource.get(row.source) ?? 0,
      hired: row.hired,
      conversion: row.applications ? Math.round((row.hired / row.applications) * 1000) / 10 : null,
    }))
    .sort((a, b) => b.applications - a.applications || APPLICATION_SOURCES.indexOf(a.source) - APPLICATION_SOURCES.indexOf(b.source));
}
