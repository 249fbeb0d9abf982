/**
 * The volume report (issue 15, decision 105): applications per week where the reader is, and hires
 * per month, of the applications a report's filters match.
 */
import { sql } from "drizzle-orm";
import { applications } from "../../../db/schema";
import { applicationsMatching, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import type { Actor } from "../platform/tenancy.server";
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

export interface VolumeReport {
  weeks: WeekCount[];
  months: MonthCount[];
}

const addDays = (date: string, days: number) => daysBefore(date, -days);
/** Monday = 0 … Sunday = 6 of a calendar date. */
const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The volume report (decision 105): the applications the filters match per week where the reader is
 * (`weeklyApplications`), and their hires per month of their hire day (`monthlyHires`).
 */
export async function volumeReport(db: Queryable, actor: Actor, shown: ShownReportFilters, filters: ReportedApplications, timeZone: string): Promise<VolumeReport> {
  const [weeks, months] = await Promise.all([weeklyApplications(db, actor, shown, filters, timeZone), monthlyHires(db, actor, shown, filters)]);
  return { weeks, months };
}

/**
 * The applications the filters match per week (Monday to Sunday) where the reader is, the first and
 * last cut by the report's days.
 *
 * The weeks read the counts by UTC week (`report_counts`, span week) where the report reads counts
 * (`readsCounts`): a reader's week [t, t') is the UTC week [T, T') of the same dates, plus the
 * applications in [t, T) and less those in [t', T') (each a few hours, signed: a zone ahead of UTC
 * starts its weeks before T). A week cut by the report's days, and every week where the counts do not
 * count the filters, is read from the applications.
 */
export async function weeklyApplications(
  db: Queryable,
  actor: Actor,
  shown: ShownReportFilters,
  filters: ReportedApplications,
  timeZone: string,
): Promise<WeekCount[]> {
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
  const [byWeek, byPiece] = await Promise.all([
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
  ]);
  const weekly = new Map(byWeek.map((row) => [row.starts_on, row.n]));
  for (const week of counted) week.applications = weekly.get(week.from) ?? 0;
  for (const row of byPiece) {
    const piece = pieces[row.k]!;
    weeks[piece.week]!.applications += piece.sign * row.n;
  }
  return weeks.map(({ counted: _, ...week }) => week);
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
