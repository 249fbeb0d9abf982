/**
 * The speed report (issue 15, decision 105): time to hire and to fill, time in each stage, and the
 * candidates stuck in a stage, of the applications a report's filters match.
 */
import { type SQL, sql } from "drizzle-orm";
import { applications } from "../../../db/schema";
import { applicationsMatching, jobFilters, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { localDateSql } from "../platform/time-zone.server";
import { type Actor, ownedSql, seesApplication, seesWholeCompany } from "../platform/tenancy.server";
import { STUCK_DAYS } from "~/lib/report-filters";
import { stuckSince } from "./reports.server";
import { countsInTiers, day, dayTiers, readsCounts } from "./tiers.server";

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
 *   calendar days where the reader is, so a daylight-saving change neither adds nor takes a day; counted
 *   by days in the database, the percentiles here (decision 106).
 * - **Time in stage**: the median stay in each stage that has ended, in whole days (`stayedDays`): the
 *   stages in their jobs' order, by name across jobs; Rejected is not one.
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
  // The day each application was made where the reader is (the zone's offsets over the report's days written out).
  const appliedOn =
    filters.appliedFrom && filters.appliedBefore
      ? localDateSql(sql`${applications.createdAt}`, timeZone, filters.appliedFrom, filters.appliedBefore)
      : sql`(${applications.createdAt} at time zone ${timeZone})::date`;
  const [hires, stays, stuck] = await Promise.all([
    // Counted by days in the database, the percentiles here: a year's hires are tens of thousands,
    // their lengths in days a few hundred.
    queryRows<{ kind: "hire" | "fill"; days: number; n: number }>(
      db,
      sql`with hires as (
            select ${applications.jobId} as job_id, ${applications.hiredOn} - ${appliedOn} as days, count(*)::int as n, min(${applications.hiredOn}) as first_on
            from ${applications} where ${applicationsMatching(actor, { ...filters, hired: true })} group by 1, 2
          )
          select 'hire' as kind, days, sum(n)::int as n from hires group by days
          union all
          select 'fill', days, count(*)::int from (
            select greatest(min(h.first_on) - (coalesce(j.published_at, j.created_at) at time zone ${timeZone})::date, 0) as days
            from hires h join jobs j on j.id = h.job_id and ${ownedSql("j", actor)} group by j.id
          ) as fills group by days`,
    ),
    queryRows<{ stage: string; place: number; days: number; stays: number }>(
      db,
      sql`select n.name as stage, n.place, x.days, x.stays
          from (select x.stage, x.days, sum(x.stays)::int as stays from (${stayedDays(actor, filters)}) as x where x.stage <> 'rejected' group by 1, 2) as x
          join (select lower(s.name) as stage, min(s.name) as name, avg(s."order")::float8 as place from pipeline_stages s
                where ${sql.join([ownedSql("s", actor), ...jobFilters(sql`s.job_id`, actor, filters)], sql` and `)} group by 1) as n on n.stage = x.stage`,
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
  const measure = (kind: "hire" | "fill") => daysMeasure(hires.filter((row) => row.kind === kind));
  return {
    timeToHire: measure("hire"),
    timeToFill: measure("fill"),
    timeInStage: medianStays(stays),
    stuck: stuck.map(({ stage, waiting }) => ({ stage, waiting })),
    stuckDays,
  };
}

/**
 * The median and 75th percentile of lengths counted by days, as PostgreSQL's percentile_cont reads
 * them: the value at position p × (count − 1) of the lengths in order, between two where it falls
 * between them; to one decimal.
 */
export function daysMeasure(rows: readonly { days: number; n: number }[]): DaysMeasure {
  const ordered = inOrder(rows);
  const count = ordered.reduce((sum, row) => sum + row.n, 0);
  const percentile = (p: number) => {
    if (count === 0) return null;
    const position = p * (count - 1);
    const [below, above] = [lengthAt(ordered, Math.floor(position)), lengthAt(ordered, Math.ceil(position))];
    return Math.round((below + (above - below) * (position - Math.floor(position))) * 10) / 10;
  };
  return { count, median: percentile(0.5), p75: percentile(0.75) };
}

/** Lengths counted by days, the shortest first (none counted left out). */
const inOrder = (rows: readonly { days: number; n: number }[]) => rows.filter((row) => row.n > 0).sort((a, b) => a.days - b.days);

/** The length at a position (from 0) among lengths counted by days, in order. */
function lengthAt(ordered: readonly { days: number; n: number }[], position: number): number {
  let seen = 0;
  return ordered.find((row) => (seen += row.n) > position)!.days;
}

/** Each stage's median stay from its stays counted by whole days (the middle stay's days). */
function medianStays(rows: readonly { stage: string; place: number; days: number; stays: number }[]): StageTime[] {
  const stages = new Map<string, { stage: string; place: number; days: { days: number; n: number }[] }>();
  for (const row of rows) {
    const key = row.stage.toLowerCase();
    const stage = stages.get(key) ?? stages.set(key, { stage: row.stage, place: row.place, days: [] }).get(key)!;
    stage.days.push({ days: row.days, n: row.stays });
  }
  return [...stages.values()]
    .sort((a, b) => a.place - b.place || a.stage.localeCompare(b.stage))
    .map(({ stage, days }) => {
      const ordered = inOrder(days);
      const total = ordered.reduce((sum, row) => sum + row.n, 0);
      // The ⌈total / 2⌉-th stay in order of length.
      return { stage, stays: total, median: total === 0 ? null : lengthAt(ordered, Math.ceil(total / 2) - 1) };
    })
    .filter((stage) => stage.stays > 0);
}

/**
 * The ended stays in a stage of the applications the filters match, by stage name (lowercased) and
 * whole days: a statement to use as a subquery.
 *
 * - A report of every job, where the reader sees the whole company (decision 106), reads the stays by
 *   name: `stage_name_stays` per UTC month and day (`dayTiers`), the hours at either end from the history.
 * - Else `stage_stays` in tiers (`countsInTiers`: the rows of every source, `*`, unless the report is of
 *   one) and for the rest the history alone, which carries each application's time and source
 *   (`stage_entries_stays_idx`, `stage_entries_job_stays_idx`).
 *
 * The history answers the report's own filters (job, source, member, days, and what the reader sees);
 * the list's others (reached, hired…) are no report's here.
 */
function stayedDays(actor: Actor, filters: ReportedApplications): SQL {
  const source = filters.source ?? "*";
  const ended = (from: Date | undefined, before: Date | undefined) =>
    [
      ownedSql("e", actor),
      sql`e.left_at is not null and e.stage_id is not null`,
      from ? sql`e.applied_at >= ${from.toISOString()}::timestamptz` : undefined,
      before ? sql`e.applied_at < ${before.toISOString()}::timestamptz` : undefined,
      filters.source ? sql`e.source = ${filters.source}` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined);
  const { appliedFrom, appliedBefore } = filters;
  const tiers = appliedFrom && appliedBefore && !filters.jobId && !filters.memberId && seesWholeCompany(actor) && readsCounts(actor, filters)
    ? dayTiers(appliedFrom, appliedBefore)
    : undefined;
  if (tiers) {
    const counted = tiers.counted.map(
      ({ span, from, before }) =>
        sql`select r.stage, r.days, r.stays from stage_name_stays r
            where ${ownedSql("r", actor)} and r.span = ${span} and r.starts_on >= ${day(from)} and r.starts_on < ${day(before)} and r.source = ${source}`,
    );
    const ends = tiers.ends.map(
      ({ from, before, sign }) =>
        sql`select lower(s.name) as stage, stage_stay_days(e.entered_at, e.left_at) as days, ${sign}::int * count(*)::int as stays
            from stage_entries e join pipeline_stages s on s.id = e.stage_id
            where ${sql.join(ended(from, before), sql` and `)} group by 1, 2`,
    );
    return sql.join([...counted, ...ends], sql` union all `);
  }
  const raw = (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">) => {
    // A range of the tiers' ends, else the report's days (as `applicationsMatching` takes them).
    const { appliedFrom, appliedBefore } = { ...filters, ...range };
    const conditions = [
      ...ended(appliedFrom, appliedBefore),
      ...jobFilters(sql`e.job_id`, actor, filters),
      seesApplication({ id: sql`e.application_id`, jobId: sql`e.job_id` }, actor),
    ].filter((condition): condition is SQL => condition !== undefined);
    return sql`select e.job_id, e.stage_id, stage_stay_days(e.entered_at, e.left_at) as days, count(*)::int as stays
        from stage_entries e where ${sql.join(conditions, sql` and `)} group by 1, 2, 3`;
  };
  const everySource = filters.source ? sql`` : sql` and r.source = '*'`;
  const stays = countsInTiers(actor, filters, raw, {
    rows: (where) => sql`select r.job_id, r.stage_id, r.days, r.stays from stage_stays r where ${where}${everySource}`,
    summed: (spans) => sql`select job_id, stage_id, days, sum(stays)::int as stays from (${spans}) as spans group by 1, 2, 3`,
  });
  return sql`select lower(s.name) as stage, x.days, x.stays from (${stays}) as x join pipeline_stages s on s.id = x.stage_id and ${ownedSql("s", actor)}`;
}
