/**
 * The volume report (issue 15, decision 105): applications per week where the reader is, and hires
 * per month, of the applications a report's filters match.
 */
import { sql } from "drizzle-orm";
import { applications } from "../../../db/schema";
import { applicationsMatching, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, ownedSql } from "../platform/tenancy.server";
import { startOfDateInTimeZone } from "../platform/time-zone.server";
import { daysBefore, monthAfter, type ShownReportFilters } from "~/lib/report-filters";
import { countsNarrowing, readsCounts } from "./tiers.server";

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

/** One job's applications made in the report's days, and how many of them were hired. */
export interface JobVolume {
  jobId: string;
  title: string;
  applications: number;
  hired: number;
}

export interface VolumeReport {
  weeks: WeekCount[];
  months: MonthCount[];
  /** The jobs with applications, the most first. */
  jobs: JobVolume[];
}

const addDays = (date: string, days: number) => daysBefore(date, -days);
/** Monday = 0 … Sunday = 6 of a calendar date. */
const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The volume report (decision 105): the applications the filters match per week where the reader is,
 * and per job with their hires, read together (`weeklyCounts`, decision 106); and their hires per month
 * of their hire day (`monthlyHires`).
 */
export async function volumeReport(db: Queryable, actor: Actor, shown: ShownReportFilters, filters: ReportedApplications, timeZone: string): Promise<VolumeReport> {
  const [{ weeks, jobs }, months] = await Promise.all([weeklyCounts(db, actor, shown, filters, timeZone), monthlyHires(db, actor, shown, filters)]);
  return { weeks, months, jobs: await namedJobs(db, actor, jobs) };
}

/** Each job's applications in the report's days and their hires, the most first (its CSV file). */
export async function jobVolumes(db: Queryable, actor: Actor, shown: ShownReportFilters, filters: ReportedApplications, timeZone: string): Promise<JobVolume[]> {
  return namedJobs(db, actor, (await weeklyCounts(db, actor, shown, filters, timeZone)).jobs);
}

/** The applications the filters match per week (Monday to Sunday) where the reader is (`weeklyCounts`). */
export async function weeklyApplications(
  db: Queryable,
  actor: Actor,
  shown: ShownReportFilters,
  filters: ReportedApplications,
  timeZone: string,
): Promise<WeekCount[]> {
  return (await weeklyCounts(db, actor, shown, filters, timeZone)).weeks;
}

/** The jobs with applications, named, the most first. */
async function namedJobs(db: Queryable, actor: Actor, counts: ReadonlyMap<string, { applications: number; hired: number }>): Promise<JobVolume[]> {
  const ids = [...counts].filter(([, count]) => count.applications > 0).map(([id]) => id);
  if (ids.length === 0) return [];
  const titles = await queryRows<{ id: string; title: string }>(
    db,
    sql`select j.id, j.title from jobs j where ${ownedSql("j", actor)} and j.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return titles
    .map((job) => ({ jobId: job.id, title: job.title, ...counts.get(job.id)! }))
    .sort((a, b) => b.applications - a.applications || a.title.localeCompare(b.title));
}

/**
 * The applications the filters match per week (Monday to Sunday) where the reader is, the first and
 * last cut by the report's days; and per job, with their hires, over all the weeks (the report's days).
 *
 * The weeks read the counts by UTC week (`report_counts`, span week) where the report reads counts
 * (`readsCounts`): a reader's week [t, t') is the UTC week [T, T') of the same dates, plus the
 * applications in [t, T) and less those in [t', T') (each a few hours, signed: a zone ahead of UTC
 * starts its weeks before T). A week cut by the report's days, and every week where the counts do not
 * count the filters, is read from the applications.
 */
async function weeklyCounts(
  db: Queryable,
  actor: Actor,
  shown: ShownReportFilters,
  filters: ReportedApplications,
  timeZone: string,
): Promise<{ weeks: WeekCount[]; jobs: Map<string, { applications: number; hired: number }> }> {
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
  // Each range read once: the hours between a reader's Monday and UTC's end one week and begin the next.
  const ranges: { from: Date; before: Date; pieces: typeof pieces }[] = [];
  const rangeOf = new Map<string, (typeof ranges)[number]>();
  for (const piece of pieces) {
    const key = `${piece.from.getTime()} ${piece.before.getTime()}`;
    const range = rangeOf.get(key) ?? rangeOf.set(key, ranges[ranges.push({ from: piece.from, before: piece.before, pieces: [] }) - 1]!).get(key)!;
    range.pieces.push(piece);
  }
  const counted = weeks.filter((week) => week.counted);
  const unmatched = { ...filters, appliedFrom: undefined, appliedBefore: undefined };
  // A range's share of the jobs' counts: its pieces' signs summed (the hours between two weeks end one
  // and begin the next, so they count for no job).
  const jobSign = (range: (typeof ranges)[number]) => range.pieces.reduce((sum, piece) => sum + piece.sign, 0);
  // Each summed in the database by week (or range) and by job (grouping sets): a hundred rows, not a
  // row per week and job.
  const [byWeek, byPiece] = await Promise.all([
    counted.length === 0
      ? []
      : queryRows<{ starts_on: string | null; job_id: string | null; n: number; hired: number }>(
          db,
          sql`select r.starts_on::text as starts_on, r.job_id, sum(r.applications)::int as n, sum(r.hired)::int as hired from report_counts r
              where ${sql.join([sql`r.span = 'week' and r.starts_on >= ${counted[0]!.from} and r.starts_on <= ${counted.at(-1)!.from}`, ...countsNarrowing(actor, filters)], sql` and `)}
              group by grouping sets ((r.starts_on), (r.job_id))`,
        ),
    ranges.length === 0
      ? []
      : queryRows<{ k: number | null; job_id: string | null; n: number; hired: number }>(
          db,
          sql`select r.k, c.job_id, (case when c.job_id is null then sum(c.n) else sum(r.sign * c.n) end)::int as n, sum(r.sign * c.hired)::int as hired
              from (values ${sql.join(
                ranges.map((range, k) => sql`(${k}::int, ${range.from.toISOString()}::timestamptz, ${range.before.toISOString()}::timestamptz, ${jobSign(range)}::int)`),
                sql`, `,
              )}) as r(k, lo, hi, sign)
              cross join lateral (
                select ${applications.jobId} as job_id, count(*)::int as n, (count(*) filter (where ${applications.hiredOn} is not null))::int as hired
                from ${applications} where ${applicationsMatching(actor, unmatched)} and ${applications.createdAt} >= r.lo and ${applications.createdAt} < r.hi
                group by 1
              ) as c
              group by grouping sets ((r.k), (c.job_id))`,
        ),
  ]);
  const weekOf = new Map(counted.map((week) => [week.from, week]));
  const jobs = new Map<string, { applications: number; hired: number }>();
  const addJob = (jobId: string, n: number, hired: number) => {
    const job = jobs.get(jobId) ?? jobs.set(jobId, { applications: 0, hired: 0 }).get(jobId)!;
    job.applications += n;
    job.hired += hired;
  };
  for (const row of byWeek) {
    if (row.starts_on !== null) weekOf.get(row.starts_on)!.applications += row.n;
    else addJob(row.job_id!, row.n, row.hired);
  }
  for (const row of byPiece) {
    if (row.k !== null) for (const piece of ranges[row.k]!.pieces) weeks[piece.week]!.applications += piece.sign * row.n;
    else addJob(row.job_id!, row.n, row.hired);
  }
  return { weeks: weeks.map(({ counted: _, ...week }) => week), jobs };
}

/**
 * The hires of the applications the filters match per month of their hire day, from the first month of
 * the days to the last month with a hire (or of the days); from the hires' index.
 */
export async function monthlyHires(db: Queryable, actor: Actor, shown: ShownReportFilters, filters: ReportedApplications): Promise<MonthCount[]> {
  // By hire day (a few hundred rows), summed by month here: cheaper than naming each hire's month.
  const hires = await queryRows<{ hired_on: string; n: number }>(
    db,
    sql`select ${applications.hiredOn}::text as hired_on, count(*)::int as n from ${applications}
        where ${applicationsMatching(actor, { ...filters, hired: true })} group by ${applications.hiredOn}`,
  );
  const hired = new Map<string, number>();
  for (const row of hires) hired.set(row.hired_on.slice(0, 7), (hired.get(row.hired_on.slice(0, 7)) ?? 0) + row.n);
  const last = [shown.to.slice(0, 7), ...hired.keys()].sort().at(-1)!;
  const months: MonthCount[] = [];
  for (let month = shown.from.slice(0, 7); month <= last; month = monthAfter(month).slice(0, 7)) months.push({ month, hires: hired.get(month) ?? 0 });
  return months;
}
