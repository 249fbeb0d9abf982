/**
 * Reports (issue 15, decision 104): what a company's applications did, counted from the stage history
 * the database keeps (migration 0028), never from the stages' current contents. Every report counts
 * the applications the list shows with the same filters (`applicationsMatching`), so each number
 * links to exactly the applications behind it.
 */
import { type SQL, sql } from "drizzle-orm";
import { applications, type TEAM_ACTIVITY_KINDS } from "../../../db/schema";
import type { Recommendation } from "~/schemas/scorecard";
import { isUuid } from "~/schemas/id";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import type { ReportedApplicationsQuery, ReportsQuery } from "~/schemas/reports";
import { APPLICATION_SOURCES } from "~/schemas/application-source";
import { applicationsMatching, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, ownedSql, seesJob, seesTeamJobs, seesWholeCompany } from "../platform/tenancy.server";
import { startOfDateInTimeZone } from "../platform/time-zone.server";
import { dayAfter, daysBefore, QUIET_DAYS, type ShownReportFilters, shownReportFilters, STUCK_DAYS } from "~/lib/report-filters";
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

/** The first day of the month after a month (YYYY-MM): YYYY-MM-DD. */
function monthAfter(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 10);
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
export interface JobVolume {
  jobId: string;
  title: string;
  applications: number;
  hired: number;
}

export interface ApplicationsReport {
  funnel: FunnelReport;
  sources: SourceRow[];
  /** The jobs with applications, the most first. */
  jobs: JobVolume[];
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
 * - **Jobs** (the volume report, decision 105): per job, the applications and how many were hired.
 */
export async function applicationsReport(db: Queryable, actor: Actor, filters: ReportedApplications): Promise<ApplicationsReport> {
  const stagesOf = filters.jobId && isUuid(filters.jobId) ? sql`s.job_id = ${filters.jobId}` : sql`s.job_id in (select c.job_id from counted c)`;
  const rows = await queryRows<ReportRow>(
    db,
    sql`with counted as (${countedApplications(actor, filters)})
        select 'furthest' as kind, c.job_id, null as name, f."order" as place, sum(c.n)::int as n, 0 as hired, 0 as interviewed
        from counted c join pipeline_stages f on f.id = c.furthest_stage_id group by c.job_id, f."order"
        union all
        select 'stage', s.job_id, s.name, s."order", 0, 0, 0
        from pipeline_stages s where ${stagesOf} and lower(s.name) <> 'rejected' and ${ownedSql("s", actor)}
        union all
        select 'source', null, c.source, 0, sum(c.n)::int, sum(c.hired)::int, sum(c.interviewed)::int
        from counted c group by c.source
        union all
        select 'job', c.job_id, j.title, 0, sum(c.n)::int, sum(c.hired)::int, 0
        from counted c join jobs j on j.id = c.job_id and ${ownedSql("j", actor)} group by c.job_id, j.title`,
  );
  const jobs = rows
    .filter((row) => row.kind === "job" && row.n > 0)
    .map((row) => ({ jobId: row.job_id!, title: row.name!, applications: row.n, hired: row.hired }))
    .sort((a, b) => b.applications - a.applications || a.title.localeCompare(b.title));
  return { funnel: funnelOf(rows), sources: sourcesOf(rows), jobs };
}

/** The funnel alone (its CSV file). */
export const funnelReport = async (db: Queryable, actor: Actor, filters: ReportedApplications) => (await applicationsReport(db, actor, filters)).funnel;

/** The sources alone (their CSV file). */
export const sourcesReport = async (db: Queryable, actor: Actor, filters: ReportedApplications) => (await applicationsReport(db, actor, filters)).sources;

type ReportRow = { kind: "furthest" | "stage" | "source" | "job"; job_id: string | null; name: string | null; place: number; n: number; hired: number; interviewed: number };

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
 * the report is of one) and from the history for the rest, each application's entries looked up by
 * its index (a join let PostgreSQL read the whole history).
 */
function stayedDays(actor: Actor, filters: ReportedApplications): SQL {
  const raw = (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">) =>
    sql`select e.job_id, e.stage_id, stage_stay_days(e.entered_at, e.left_at) as days, count(*)::int as stays
        from ${applications} cross join lateral (
          select x.job_id, x.stage_id, x.entered_at, x.left_at from stage_entries x
          where x.application_id = ${applications.id} and x.left_at is not null and x.stage_id is not null) as e
        where ${applicationsMatching(actor, { ...filters, ...range })} group by 1, 2, 3`;
  const everySource = filters.source ? sql`` : sql` and r.source = '*'`;
  return countsInTiers(actor, filters, raw, {
    rows: (where) => sql`select r.job_id, r.stage_id, r.days, r.stays from stage_stays r where ${where}${everySource}`,
    summed: (spans) => sql`select job_id, stage_id, days, sum(stays)::int as stays from (${spans}) as spans group by 1, 2, 3`,
  });
}

/** Applications made in one week (Monday to Sunday where the reader is; the first and last may be shorter, cut by the report's days). */
export interface WeekCount {
  /** Its first day in the report's days, and its last (YYYY-MM-DD). */
  from: string;
  to: string;
  applications: number;
}

/** Hires in one month (YYYY-MM) by their hire day. */
export interface MonthCount {
  month: string;
  hires: number;
}

export interface VolumeReport {
  weeks: WeekCount[];
  months: MonthCount[];
}

const addDays = (date: string, days: number) => daysBefore(date, -days);
/** Monday = 0 … Sunday = 6 of a calendar date. */
const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The volume report (decision 105): the applications the filters match per week where the reader is,
 * and their hires per month of their hire day, from the first month of the days to the last month with
 * a hire (or of the days).
 *
 * The weeks read the counts by UTC week (`report_counts`, span week) where the report reads counts
 * (`readsCounts`): a reader's week [t, t') is the UTC week [T, T') of the same dates, plus the
 * applications in [t, T) and less those in [t', T') (each a few hours, signed: a zone ahead of UTC
 * starts its weeks before T). A week cut by the report's days, and every week where the counts do not
 * count the filters, is read from the applications. The hires read the hires' index.
 */
export async function volumeReport(db: Queryable, actor: Actor, shown: ShownReportFilters, filters: ReportedApplications, timeZone: string): Promise<VolumeReport> {
  const at = (date: string) => startOfDateInTimeZone(date, timeZone);
  const utc = (date: string) => new Date(`${date}T00:00:00Z`);
  const counts = readsCounts(actor, filters);
  // The weeks, and the ranges of applications to count for them: [from, before) times sign.
  const weeks: (WeekCount & { counted: boolean })[] = [];
  const pieces: { week: number; sign: 1 | -1; from: Date; before: Date }[] = [];
  for (let start = shown.from; start <= shown.to; ) {
    const next = addDays(start, 7 - weekday(start));
    const to = next > shown.to ? shown.to : addDays(next, -1);
    const whole = counts && weekday(start) === 0 && to === addDays(start, 6);
    const week = weeks.push({ from: start, to, applications: 0, counted: whole }) - 1;
    const piece = (sign: 1 | -1, a: Date, b: Date) => {
      if (a < b) pieces.push({ week, sign, from: a, before: b });
      else if (b < a) pieces.push({ week, sign: sign === 1 ? -1 : 1, from: b, before: a });
    };
    if (whole) {
      piece(1, at(start), utc(start));
      piece(-1, at(next), utc(next));
    } else {
      piece(1, at(start), at(addDays(to, 1)));
    }
    start = next;
  }
  const counted = weeks.filter((week) => week.counted);
  const unmatched = { ...filters, appliedFrom: undefined, appliedBefore: undefined };
  const [byWeek, byPiece, hires] = await Promise.all([
    counted.length === 0
      ? []
      : queryRows<{ starts_on: string; n: number }>(
          db,
          sql`select r.starts_on::text as starts_on, sum(r.applications)::int as n from report_counts r
              where ${sql.join([sql`r.span = 'week' and r.starts_on >= ${counted[0]!.from} and r.starts_on <= ${counted.at(-1)!.from}`, ...countsNarrowing(actor, filters)], sql` and `)}
              group by 1`,
        ),
    pieces.length === 0
      ? []
      : queryRows<{ k: number; n: number }>(
          db,
          sql`select r.k, (select count(*) from ${applications} where ${applicationsMatching(actor, unmatched)}
                             and ${applications.createdAt} >= r.lo and ${applications.createdAt} < r.hi)::int as n
              from (values ${sql.join(
                pieces.map((piece, k) => sql`(${k}::int, ${piece.from.toISOString()}::timestamptz, ${piece.before.toISOString()}::timestamptz)`),
                sql`, `,
              )}) as r(k, lo, hi)`,
        ),
    queryRows<{ month: string; n: number }>(
      db,
      sql`select to_char(${applications.hiredOn}, 'YYYY-MM') as month, count(*)::int as n from ${applications}
          where ${applicationsMatching(actor, { ...filters, hired: true })} group by 1`,
    ),
  ]);
  const weekly = new Map(byWeek.map((row) => [row.starts_on, row.n]));
  for (const week of counted) week.applications = weekly.get(week.from) ?? 0;
  for (const row of byPiece) {
    const piece = pieces[row.k]!;
    weeks[piece.week]!.applications += piece.sign * row.n;
  }
  const hired = new Map(hires.map((row) => [row.month, row.n]));
  const last = [shown.to.slice(0, 7), ...hired.keys()].sort().at(-1)!;
  const months: MonthCount[] = [];
  for (let month = shown.from.slice(0, 7); month <= last; month = monthAfter(month).slice(0, 7)) months.push({ month, hires: hired.get(month) ?? 0 });
  return { weeks: weeks.map(({ counted: _, ...week }) => week), months };
}

/** What one member did in the report's days: moves, feedback submitted (by recommendation) and emails sent. */
export interface MemberActivity {
  memberId: string;
  name: string;
  moved: number;
  feedback: number;
  emailed: number;
  /** Their feedback submitted, by its overall recommendation. */
  recommendations: Record<Recommendation, number>;
}

/**
 * Team activity (decision 105): what each member did in the report's days (not of the applications
 * made in them: the actions themselves), on the applications of the report's job and member's jobs
 * that the reader sees; not by source. Counted from `team_counts` by UTC day for the whole days inside
 * and from the history events and the emails themselves for the hours at either end (the reader's
 * midnight is not UTC's). The most active first.
 */
export async function teamReport(db: Queryable, actor: Actor, filters: ReportedApplications): Promise<MemberActivity[]> {
  if (!filters.appliedFrom || !filters.appliedBefore) return [];
  const dayStart = (instant: Date) => new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  const from = filters.appliedFrom;
  const before = filters.appliedBefore;
  const firstDay = dayStart(from).getTime() === from.getTime() ? from : new Date(dayStart(from).getTime() + 86_400_000);
  const endDay = dayStart(before);
  const whole = firstDay < endDay;
  const raw = (from: Date, before: Date) => {
    const [lo, hi] = [sql`${from.toISOString()}::timestamptz`, sql`${before.toISOString()}::timestamptz`];
    return sql`select e.actor_id as member_id, j.id as job_id, k.kind, count(*)::int as n
        from activity_events e cross join lateral team_activity_kinds(e.type, e.data) k
        join jobs j on j.id = (e.data->>'jobId')::uuid and ${ownedSql("j", actor)}
        where ${ownedSql("e", actor)} and e.created_at >= ${lo} and e.created_at < ${hi} and e.actor_id is not null and e.subject_type = 'application'
          and e.type in ('application_stage_moved', 'application_feedback_submitted')
        group by 1, 2, 3
        union all
        select m.sent_by, a.job_id, 'emailed', count(*)::int from email_messages m join applications a on a.id = m.application_id and ${ownedSql("a", actor)}
        where ${ownedSql("m", actor)} and m.sent_by is not null and m.direction = 'outbound' and m.status <> 'cancelled' and m.created_at >= ${lo} and m.created_at < ${hi}
        group by 1, 2`;
  };
  const parts = whole
    ? [
        sql`select r.member_id, r.job_id, r.kind, r.n from team_counts r where ${ownedSql("r", actor)} and r.day >= ${day(firstDay)} and r.day < ${day(endDay)}`,
        ...(from < firstDay ? [raw(from, firstDay)] : []),
        ...(endDay < before ? [raw(endDay, before)] : []),
      ]
    : [raw(from, before)];
  const narrowing = [
    seesJob(sql`x.job_id`, actor),
    filters.jobId && isUuid(filters.jobId) ? sql`x.job_id = ${filters.jobId}` : undefined,
    filters.memberId ? sql`x.job_id in (select m.job_id from job_team_members m where m.user_id = ${filters.memberId} and ${ownedSql("m", actor)})` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const rows = await queryRows<{ member_id: string; name: string; kind: (typeof TEAM_ACTIVITY_KINDS)[number]; n: number }>(
    db,
    sql`select x.member_id, coalesce(nullif(trim(p.full_name), ''), u.email) as name, x.kind, sum(x.n)::int as n
        from (${sql.join(parts, sql` union all `)}) as x
        join "user" u on u.id = x.member_id
        left join profiles p on p.id = x.member_id and ${ownedSql("p", actor)}
        ${narrowing.length > 0 ? sql`where ${sql.join(narrowing, sql` and `)}` : sql``}
        group by 1, 2, 3`,
  );
  const members = new Map<string, MemberActivity>();
  for (const row of rows) {
    const member =
      members.get(row.member_id) ??
      members
        .set(row.member_id, { memberId: row.member_id, name: row.name, moved: 0, feedback: 0, emailed: 0, recommendations: { strong_no: 0, no: 0, yes: 0, strong_yes: 0 } })
        .get(row.member_id)!;
    if (row.kind === "moved" || row.kind === "feedback" || row.kind === "emailed") member[row.kind] += row.n;
    else member.recommendations[row.kind] += row.n;
  }
  const total = (member: MemberActivity) => member.moved + member.feedback + member.emailed;
  return [...members.values()].filter((member) => total(member) > 0).sort((a, b) => total(b) - total(a) || a.name.localeCompare(b.name));
}

/**
 * The matching applications counted by job, furthest stage and source, with how many of each were
 * hired and interviewed: a statement to use as a CTE, read in tiers where it can (`countsInTiers`):
 * the months and blocks from `report_counts`, the days left over from the applications' report index.
 * The list's own condition (`applicationsMatching`) says which applications count either way.
 */
function countedApplications(actor: Actor, filters: ReportedApplications): SQL {
  const raw = (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">) =>
    sql`select ${applications.jobId} as job_id, ${applications.furthestStageId} as furthest_stage_id, ${applications.source} as source, count(*)::int as n,
               (count(*) filter (where ${applications.hiredOn} is not null))::int as hired, (count(*) filter (where ${applications.interviews} > 0))::int as interviewed
        from ${applications} where ${applicationsMatching(actor, { ...filters, ...range })} group by 1, 2, 3`;
  return countsInTiers(actor, filters, raw, {
    rows: (where) => sql`select r.job_id, r.furthest_stage_id, r.source, r.applications, r.hired, r.interviewed from report_counts r where ${where}`,
    summed: (spans) =>
      sql`select job_id, furthest_stage_id, source, sum(applications)::int as n, sum(hired)::int as hired, sum(interviewed)::int as interviewed
          from (${spans}) as spans group by 1, 2, 3`,
  });
}

/**
 * A report's statement over the applications `filters` match, read in tiers (decision 104) where the
 * reader sees the whole company: the whole UTC months inside the days and the whole blocks of a month
 * at either end from a counts table (`counts`: its rows where a condition on alias `r` holds, and their sum), the
 * days left over with `raw`. Else everything with `raw`. The counts count whole jobs and only the job,
 * source and member filters: what an admin or a recruiter sees, and what a hiring manager sees of their
 * own team's jobs (their report's default, `member` themselves).
 */
function countsInTiers(
  actor: Actor,
  filters: ReportedApplications,
  raw: (range: Pick<ReportedApplications, "appliedFrom" | "appliedBefore">) => SQL,
  counts: { rows: (where: SQL) => SQL; summed: (spans: SQL) => SQL },
): SQL {
  const tiers = filters.appliedFrom && filters.appliedBefore ? reportTiers(filters.appliedFrom, filters.appliedBefore) : undefined;
  if (!tiers || !readsCounts(actor, filters)) return raw({});
  const narrowing = countsNarrowing(actor, filters);
  // One select per span, each an index-only scan of the counts' read index (an OR of the spans made
  // PostgreSQL read the table's rows).
  const spans = tiers.counted.map(
    ({ span, from, before }) =>
      counts.rows(sql.join([sql`r.span = ${span} and r.starts_on >= ${day(from)} and r.starts_on < ${day(before)}`, ...narrowing], sql` and `)),
  );
  return sql.join(
    [counts.summed(sql.join(spans, sql` union all `)), ...tiers.raw.map(({ from, before }) => raw({ appliedFrom: from, appliedBefore: before }))],
    sql` union all `,
  );
}

/**
 * Whether the counts count what `filters` ask: whole jobs, narrowed by job, source and member only
 * (not by how far the applications got). What an admin or a recruiter sees, and what a hiring manager
 * sees of their own team's jobs (their report's default, `member` themselves).
 */
function readsCounts(actor: Actor, filters: ReportedApplications): boolean {
  const wholeJobs = seesWholeCompany(actor) || (seesTeamJobs(actor) && filters.memberId === actor.userId);
  return wholeJobs && !filters.reached && !filters.hired && !filters.interviewed && !filters.waitingSince && !filters.hiredFrom;
}

/** The job, source and member filters as conditions on a counts table's alias `r`. */
function countsNarrowing(actor: Actor, filters: ReportedApplications): SQL[] {
  return [
    ownedSql("r", actor),
    filters.jobId && isUuid(filters.jobId) ? sql`r.job_id = ${filters.jobId}` : undefined,
    filters.source ? sql`r.source = ${filters.source}` : undefined,
    filters.memberId ? sql`r.job_id in (select m.job_id from job_team_members m where m.user_id = ${filters.memberId} and ${ownedSql("m", actor)})` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

const day = (instant: Date) => instant.toISOString().slice(0, 10);

/** The first day (UTC) of the block of a month that holds `instant`: days 1–7, 8–14, 15–21, 22–28, 29 to the end. */
function blockStart(instant: Date): Date {
  const date = instant.getUTCDate();
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1 + Math.min(Math.floor((date - 1) / 7), 4) * 7));
}

/** The block after the one that starts at `start`. */
function nextBlock(start: Date): Date {
  const date = start.getUTCDate();
  return date === 29 ? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)) : new Date(start.getTime() + 7 * 86_400_000);
}

const monthStart = (instant: Date) => new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1));
const nextMonth = (start: Date) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));

/**
 * How a report reads [from, before) (decision 104): `counted`, the spans of whole months and whole
 * blocks inside it, read from `report_counts`; `raw`, the instants left at either end, read from the
 * applications. Undefined when the days hold no whole block.
 */
export function reportTiers(from: Date, before: Date) {
  // The first whole block and the end of the last.
  const firstBlock = blockStart(from).getTime() === from.getTime() ? from : nextBlock(blockStart(from));
  const endBlock = blockStart(before);
  if (endBlock <= firstBlock) return undefined;
  const counted: { span: "month" | "block"; from: Date; before: Date }[] = [];
  const firstMonth = monthStart(firstBlock).getTime() === firstBlock.getTime() ? firstBlock : nextMonth(firstBlock);
  const endMonth = monthStart(endBlock);
  if (firstMonth < endMonth) {
    if (firstBlock < firstMonth) counted.push({ span: "block", from: firstBlock, before: firstMonth });
    counted.push({ span: "month", from: firstMonth, before: endMonth });
    if (endMonth < endBlock) counted.push({ span: "block", from: endMonth, before: endBlock });
  } else {
    counted.push({ span: "block", from: firstBlock, before: endBlock });
  }
  const raw = [
    ...(from < firstBlock ? [{ from, before: firstBlock }] : []),
    ...(endBlock < before ? [{ from: endBlock, before }] : []),
  ];
  return { counted, raw };
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
    filters.jobId && isUuid(filters.jobId) ? sql`j.id = ${filters.jobId}` : undefined,
    filters.memberId ? sql`j.id in (select m.job_id from job_team_members m where m.user_id = ${filters.memberId} and ${ownedSql("m", actor)})` : undefined,
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
