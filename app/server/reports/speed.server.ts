/**
 * The speed report (issue 15, decision 105): time to hire and to fill, time in each stage, and the
 * candidates stuck in a stage, of the applications a report's filters match.
 */
import { type SQL, sql } from "drizzle-orm";
import { applications } from "../../../db/schema";
import { applicationsMatching, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, ownedSql, seesApplication } from "../platform/tenancy.server";
import { isUuid } from "~/schemas/id";
import { STUCK_DAYS } from "~/lib/report-filters";
import { stuckSince } from "./reports.server";
import { countsInTiers } from "./tiers.server";

/** A length of time in whole days: its median and 75th percentile, and how many it was measured over. */
export interface DaysMeasure {
  count: number;
  /** Days, one decimal (halfway between two in the middle); null with nothing measured. */
  median: number | null;
  p75: number | null;
}

/** Time in one stage (by name across jobs): how many stays there have ended, and the median stay in whole days. */
export interface StageTime {
  stage: string;
  stays: number;
  /** Whole days (a stay of 3 days and 20 hours is 3); 365 is a year or more. Null with no stay. */
  median: number | null;
}

/** The candidates waiting in one stage (by name across jobs) longer than the report's days. */
export interface StuckRow {
  stage: string;
  waiting: number;
}

export interface SpeedReport {
  /** Days from the day a hired candidate applied to their hire day, where the reader is. */
  timeToHire: DaysMeasure;
  /** Days from the day each job with a hire opened to its first hire day, over those jobs. */
  timeToFill: DaysMeasure;
  timeInStage: StageTime[];
  stuck: StuckRow[];
  /** The days `stuck` counts the candidates waiting longer than. */
  stuckDays: number;
}

/**
 * The speed report of the applications the filters match (decision 105), in three statements run side
 * by side:
 *
 * - **Time to hire** and **time to fill** from the hires (`applications_hired_idx`): days between
 *   calendar days where the reader is, so a daylight-saving change neither adds nor takes a day.
 * - **Time in stage**: the median stay in each stage that has ended, in whole days, counted from
 *   `stage_stays` by month and block and from the history for the days left over (`countsInTiers`);
 *   the stages in their jobs' order, by name across jobs; Rejected is not one.
 * - **Stuck**: the active applications not hired that entered their stage more than `stuckDays` ago,
 *   per stage (`applications_waiting_idx`).
 */
export async function speedReport(
  db: Queryable,
  actor: Actor,
  filters: ReportedApplications,
  timeZone: string,
  stuckDays: number = STUCK_DAYS,
  now = new Date(),
): Promise<SpeedReport> {
  const [hires, stays, stuck] = await Promise.all([
    queryRows<{ kind: "hire" | "fill"; n: number; median: number | null; p75: number | null }>(
      db,
      sql`with hires as (
            select ${applications.jobId} as job_id, ${applications.hiredOn} as hired_on, (${applications.createdAt} at time zone ${timeZone})::date as applied_on
            from ${applications} where ${applicationsMatching(actor, { ...filters, hired: true })}
          ), fills as (
            select greatest(min(h.hired_on) - (coalesce(j.published_at, j.created_at) at time zone ${timeZone})::date, 0) as days
            from hires h join jobs j on j.id = h.job_id and ${ownedSql("j", actor)} group by j.id
          )
          select 'hire' as kind, count(*)::int as n, percentile_cont(0.5) within group (order by hired_on - applied_on) as median,
                 percentile_cont(0.75) within group (order by hired_on - applied_on) as p75 from hires
          union all
          select 'fill', count(*)::int, percentile_cont(0.5) within group (order by days), percentile_cont(0.75) within group (order by days) from fills`,
    ),
    queryRows<{ stage: string; place: number; days: number; stays: number }>(
      db,
      sql`select min(s.name) as stage, avg(s."order")::float8 as place, x.days, sum(x.stays)::int as stays
          from (${stayedDays(actor, filters)}) as x join pipeline_stages s on s.id = x.stage_id and ${ownedSql("s", actor)}
          where lower(s.name) <> 'rejected'
          group by lower(s.name), x.days`,
    ),
    queryRows<{ stage: string; place: number; waiting: number }>(
      db,
      sql`select min(s.name) as stage, avg(s."order")::float8 as place, sum(w.n)::int as waiting
          from (select ${applications.currentPipelineStageId} as stage_id, count(*)::int as n from ${applications}
                where ${applicationsMatching(actor, { ...filters, waitingSince: stuckSince(stuckDays, now) })} group by 1) as w
          join pipeline_stages s on s.id = w.stage_id and ${ownedSql("s", actor)}
          group by lower(s.name) order by 2, 1`,
    ),
  ]);
  const measure = (kind: "hire" | "fill"): DaysMeasure => {
    const row = hires.find((candidate) => candidate.kind === kind);
    const tenth = (value: number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
    return { count: row?.n ?? 0, median: tenth(row?.median ?? null), p75: tenth(row?.p75 ?? null) };
  };
  return {
    timeToHire: measure("hire"),
    timeToFill: measure("fill"),
    timeInStage: medianStays(stays),
    stuck: stuck.map(({ stage, waiting }) => ({ stage, waiting })),
    stuckDays,
  };
}

/** Each stage's median stay from its stays counted by whole days (the middle stay's days). */
function medianStays(rows: readonly { stage: string; place: number; days: number; stays: number }[]): StageTime[] {
  const stages = new Map<string, { stage: string; place: number; days: { days: number; stays: number }[] }>();
  for (const row of rows) {
    const key = row.stage.toLowerCase();
    const stage = stages.get(key) ?? stages.set(key, { stage: row.stage, place: row.place, days: [] }).get(key)!;
    stage.days.push({ days: row.days, stays: row.stays });
  }
  return [...stages.values()]
    .sort((a, b) => a.place - b.place || a.stage.localeCompare(b.stage))
    .map(({ stage, days }) => {
      days.sort((a, b) => a.days - b.days);
      const total = days.reduce((sum, row) => sum + row.stays, 0);
      // The ⌈total / 2⌉-th stay in order of length.
      let seen = 0;
      const median = total === 0 ? null : days.find((row) => (seen += row.stays) >= Math.ceil(total / 2))!.days;
      return { stage, stays: total, median };
    })
    .filter((stage) => stage.stays > 0);
}

/**
 * The ended stays in a stage of the applications the filters match, by job, stage and whole days: a
 * statement to use as a subquery, from `stage_stays` in tiers (the rows of every source, `*`, unless
 * the report is of one) and for the rest from the history alone, which carries each application's time
 * and source (`stage_entries_stays_idx`). The history answers the report's own filters (job, source,
 * member, days, and what the reader sees); the list's others (reached, hired…) are no report's here.
 */
function stayedDays(actor: Actor, filters: ReportedApplications): SQL {
  const raw = (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">) => {
    // A range of the tiers' ends, else the report's days (as `applicationsMatching` takes them).
    const { appliedFrom, appliedBefore } = { ...filters, ...range };
    const conditions = [
      ownedSql("e", actor),
      sql`e.left_at is not null and e.stage_id is not null`,
      appliedFrom ? sql`e.applied_at >= ${appliedFrom.toISOString()}::timestamptz` : undefined,
      appliedBefore ? sql`e.applied_at < ${appliedBefore.toISOString()}::timestamptz` : undefined,
      filters.jobId && isUuid(filters.jobId) ? sql`e.job_id = ${filters.jobId}` : undefined,
      filters.source ? sql`e.source = ${filters.source}` : undefined,
      filters.memberId ? sql`e.job_id in (select m.job_id from job_team_members m where m.user_id = ${filters.memberId} and ${ownedSql("m", actor)})` : undefined,
      seesApplication({ id: sql`e.application_id`, jobId: sql`e.job_id` }, actor),
    ].filter((condition): condition is SQL => condition !== undefined);
    return sql`select e.job_id, e.stage_id, stage_stay_days(e.entered_at, e.left_at) as days, count(*)::int as stays
        from stage_entries e where ${sql.join(conditions, sql` and `)} group by 1, 2, 3`;
  };
  const everySource = filters.source ? sql`` : sql` and r.source = '*'`;
  return countsInTiers(actor, filters, raw, {
    rows: (where) => sql`select r.job_id, r.stage_id, r.days, r.stays from stage_stays r where ${where}${everySource}`,
    summed: (spans) => sql`select job_id, stage_id, days, sum(stays)::int as stays from (${spans}) as spans group by 1, 2, 3`,
  });
}
