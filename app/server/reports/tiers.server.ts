/**
 * How a report reads a company's counts (decisions 104, 105): the spans of whole UTC months, blocks of a
 * month (and weeks) inside a report's days from a counts table the database keeps, the instants left over
 * from the rows themselves. Shared by the funnel and sources, the stays and the weeks.
 */
import { type SQL, sql } from "drizzle-orm";
import { jobFilters, type ReportedApplications } from "../applications/queries.server";
import { type Actor, ownedSql, seesTeamJobs, seesWholeCompany } from "../platform/tenancy.server";

/**
 * A report's statement over the applications `filters` match, read in tiers (decision 104) where the
 * reader sees the whole company: the whole UTC months inside the days and the whole blocks of a month
 * at either end from a counts table (`counts`: its rows where a condition on alias `r` holds, and their sum), the
 * days left over with `raw`. Else everything with `raw`. The counts count whole jobs and only the job,
 * source and member filters: what an admin or a recruiter sees, and what a hiring manager sees of their
 * own team's jobs (their report's default, `member` themselves).
 */
export function countsInTiers(
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
export function readsCounts(actor: Actor, filters: ReportedApplications): boolean {
  const wholeJobs = seesWholeCompany(actor) || (seesTeamJobs(actor) && filters.memberId === actor.userId);
  return wholeJobs && !filters.reached && !filters.hired && !filters.interviewed && !filters.waitingSince && !filters.hiredFrom;
}

/** The job, source and member filters as conditions on a counts table's alias `r`. */
export function countsNarrowing(actor: Actor, filters: ReportedApplications): SQL[] {
  return [ownedSql("r", actor), ...jobFilters(sql`r.job_id`, actor, filters), ...(filters.source ? [sql`r.source = ${filters.source}`] : [])];
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export const day = (instant: Date) => instant.toISOString().slice(0, 10);

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

/** The first instant of the UTC month of `instant`, and of the month after one that starts at `start`. */
export const monthStart = (instant: Date) => new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1));
export const nextMonth = (start: Date) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));

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

/** A span of a count kept per UTC day and month, and an end read from the rows themselves (`sign` -1: taken away). */
export interface DayTiers {
  counted: { span: "month" | "day"; from: Date; before: Date }[];
  ends: { from: Date; before: Date; sign: 1 | -1 }[];
}

const DAY = 86_400_000;

/**
 * How a count kept per UTC day and month (`team_counts`, `stage_name_stays`) reads [from, before)
 * (decisions 105, 106): `counted`, the whole UTC months inside its whole days and the whole days around
 * them; `ends`, the hours at either end (a reader's midnight is not UTC's), each at most half a day:
 * the hours themselves, or where they are most of a UTC day (as New York's evening is), that whole day
 * counted and the hours outside [from, before) taken away. Undefined when [from, before) holds no whole
 * UTC day: read it all from the rows.
 */
export function dayTiers(from: Date, before: Date): DayTiers | undefined {
  const dayStart = (instant: Date) => new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  let firstDay = dayStart(from).getTime() === from.getTime() ? from : new Date(dayStart(from).getTime() + DAY);
  let endDay = dayStart(before);
  if (endDay <= firstDay) return undefined;
  const ends: DayTiers["ends"] = [];
  if (from < firstDay) {
    if (firstDay.getTime() - from.getTime() > DAY / 2) {
      firstDay = new Date(firstDay.getTime() - DAY);
      ends.push({ from: firstDay, before: from, sign: -1 });
    } else ends.push({ from, before: firstDay, sign: 1 });
  }
  if (endDay < before) {
    if (before.getTime() - endDay.getTime() > DAY / 2) {
      endDay = new Date(endDay.getTime() + DAY);
      ends.push({ from: before, before: endDay, sign: -1 });
    } else ends.push({ from: endDay, before, sign: 1 });
  }
  return { counted: monthsAndDays(firstDay, endDay), ends };
}

/** A span of the counts kept per UTC month, block and day, and an end read from the rows themselves (`sign` -1: taken away). */
export interface DayBlockTiers {
  counted: { span: "month" | "block" | "day"; from: Date; before: Date }[];
  ends: DayTiers["ends"];
}

/**
 * How the counts kept per UTC month, block and day (`report_counts`' families of every source and of
 * every stage, decision 148) read [from, before): the hours at either end as `dayTiers` takes them
 * (a reader's midnight is not UTC's), and the whole UTC days between as `reportTiers` would read
 * them, the whole months and blocks inside, with the days left over read as days, not rows.
 * Undefined when [from, before) holds no whole UTC day: read it all from the rows.
 */
export function dayBlockTiers(from: Date, before: Date): DayBlockTiers | undefined {
  const days = dayTiers(from, before);
  if (!days) return undefined;
  const firstDay = days.counted[0]!.from;
  const endDay = days.counted.at(-1)!.before;
  const blocks = reportTiers(firstDay, endDay);
  const counted: DayBlockTiers["counted"] = blocks
    ? [...blocks.counted, ...blocks.raw.map(({ from, before }) => ({ span: "day" as const, from, before }))]
    : [{ span: "day", from: firstDay, before: endDay }];
  return { counted, ends: days.ends };
}

/** Whole UTC days [firstDay, endDay) as the whole months inside them and the whole days around those. */
function monthsAndDays(firstDay: Date, endDay: Date): { span: "month" | "day"; from: Date; before: Date }[] {
  const firstMonth = monthStart(firstDay).getTime() === firstDay.getTime() ? firstDay : nextMonth(monthStart(firstDay));
  const endMonth = monthStart(endDay);
  return firstMonth < endMonth
    ? [
        ...(firstDay < firstMonth ? [{ span: "day" as const, from: firstDay, before: firstMonth }] : []),
        { span: "month", from: firstMonth, before: endMonth },
        ...(endMonth < endDay ? [{ span: "day" as const, from: endMonth, before: endDay }] : []),
      ]
    : [{ span: "day", from: firstDay, before: endDay }];
}

const HOUR = 3_600_000;

/** A span of a count kept per UTC month, day and hour, and an end read from the rows themselves. */
export interface HourTiers {
  counted: { span: "month" | "day" | "hour"; from: Date; before: Date }[];
  /** Less than an hour at either end (a reader whose offset is not whole hours), read from the rows. */
  ends: { from: Date; before: Date }[];
}

/**
 * How a count kept per UTC month, day and hour (`team_totals`, decision 120) reads [from, before):
 * the whole UTC months inside it, the whole days around them, the whole hours around those, and what
 * is left at either end (under an hour, none where the reader's offset is whole hours). Undefined
 * when [from, before) holds no whole hour: read it all from the rows.
 */
export function hourTiers(from: Date, before: Date): HourTiers | undefined {
  const firstHour = new Date(Math.ceil(from.getTime() / HOUR) * HOUR);
  const endHour = new Date(Math.floor(before.getTime() / HOUR) * HOUR);
  if (endHour <= firstHour) return undefined;
  const ends = [...(from < firstHour ? [{ from, before: firstHour }] : []), ...(endHour < before ? [{ from: endHour, before }] : [])];
  const firstDay = new Date(Math.ceil(firstHour.getTime() / DAY) * DAY);
  const endDay = new Date(Math.floor(endHour.getTime() / DAY) * DAY);
  if (endDay <= firstDay) return { counted: [{ span: "hour", from: firstHour, before: endHour }], ends };
  return {
    counted: [
      ...(firstHour < firstDay ? [{ span: "hour" as const, from: firstHour, before: firstDay }] : []),
      ...monthsAndDays(firstDay, endDay),
      ...(endDay < endHour ? [{ span: "hour" as const, from: endDay, before: endHour }] : []),
    ],
    ends,
  };
}
