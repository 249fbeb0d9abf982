/**
 * Time zones of staff readers (decision 042): the browser tells the server its zone in the `tz`
 * cookie (set by the dashboard), and "today" or a date typed in a filter means that zone's day,
 * UTC until the zone is known. A member who chose a zone in their profile reads in that one
 * (`staffTimeZone`, decision 103).
 */
import { type SQL, sql } from "drizzle-orm";
import { TZ_COOKIE } from "~/lib/time-zone-cookie";
import { zoneOffset } from "~/schemas/zoned-time";

/** The name of a time zone the runtime knows (validated with Intl), else UTC. */
export function resolveTimeZone(value: string | null | undefined): string {
  if (!value || value.length > 64) return "UTC";
  const known = resolvedZones.get(value);
  if (known) return known;
  try {
    const zone = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
    // Remembered (a formatter per request costs more than the dashboard's queries), within a bound:
    // Intl takes any capitalisation of a name, so the values a client can send are many.
    if (resolvedZones.size < 1_000) resolvedZones.set(value, zone);
    return zone;
  } catch {
    return "UTC";
  }
}

const resolvedZones = new Map<string, string>();

/**
 * The instant the current day began in the time zone (local midnight). The zone's offsets come from
 * its year's changes, worked out once (`offsetsInYear`): the dashboard asks for two days on every
 * request, and each reading of the zone's clock through Intl was 2.6 % of its server time (decision 144).
 */
export function startOfDayInTimeZone(now: Date, timeZone: string): Date {
  const local = new Date(now.getTime() + offsetAt(now.getTime(), timeZone));
  const midnightWall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight may differ from now's (a daylight-saving change today): settle it.
  let instant = midnightWall - offsetAt(midnightWall, timeZone);
  instant = midnightWall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The instant a calendar date (YYYY-MM-DD) began in the time zone (its local midnight). */
export function startOfDateInTimeZone(date: string, timeZone: string): Date {
  const key = `${timeZone} ${date}`;
  const known = midnights.get(key);
  if (known !== undefined) return new Date(known);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const midnightWall = Date.UTC(year, month - 1, day);
  let instant = midnightWall - zoneOffset(midnightWall, timeZone);
  instant = midnightWall - zoneOffset(instant, timeZone);
  // Remembered within a bound: a year's volume report asks for every week's Monday (decision 120).
  if (midnights.size >= 20_000) midnights.clear();
  midnights.set(key, instant);
  return new Date(instant);
}

const midnights = new Map<string, number>();

/** The reader's time zone: the request's `tz` cookie if Intl knows it, else UTC. */
export function requestTimeZone(request: Request): string {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== TZ_COOKIE) continue;
    try {
      return resolveTimeZone(decodeURIComponent(rest.join("=")));
    } catch {
      return "UTC";
    }
  }
  return "UTC";
}

/**
 * A staff member's time zone: the one they chose in Settings › Profile (decision 103), else their
 * browser's (`requestTimeZone`). What their pages state times in, what "today" means for them, and
 * the zone their scheduling forms and links start from.
 */
export function staffTimeZone(request: Request, staff: { timeZone: string | null }): string {
  return staff.timeZone ? resolveTimeZone(staff.timeZone) : requestTimeZone(request);
}

let timeZoneNames: readonly string[] | undefined;

/** Every zone name the runtime knows, UTC among them: what a time zone field suggests (and the server accepts). */
export function knownTimeZones(): readonly string[] {
  if (!timeZoneNames) {
    const names = new Set(Intl.supportedValuesOf("timeZone"));
    names.add("UTC");
    timeZoneNames = [...names].sort();
  }
  return timeZoneNames;
}

/** A zone's offset from UTC (ms) from an instant on, until its next change. */
interface OffsetFrom {
  at: number;
  offset: number;
}

const zoneYears = new Map<string, readonly OffsetFrom[]>();

/** The zone's offsets over one UTC year: the one in force as it begins, then each change (found to the second). */
function offsetsInYear(timeZone: string, year: number): readonly OffsetFrom[] {
  const key = `${timeZone} ${year}`;
  const known = zoneYears.get(key);
  if (known) return known;
  const DAY = 86_400_000;
  const end = Date.UTC(year + 1, 0, 1);
  let at = Date.UTC(year, 0, 1);
  const offsets: OffsetFrom[] = [{ at, offset: zoneOffset(at, timeZone) }];
  // Day by day (a zone changes its clocks at most a few times a year, never twice in a day), then the
  // second of each change by halving the day it falls in.
  for (; at < end; at += DAY) {
    const next = Math.min(at + DAY, end);
    const offset = zoneOffset(next, timeZone);
    if (offset === offsets.at(-1)!.offset) continue;
    let [lo, hi] = [at, next];
    while (hi - lo > 1_000) {
      const mid = lo + Math.floor((hi - lo) / 2_000) * 1_000;
      if (zoneOffset(mid, timeZone) === offset) hi = mid;
      else lo = mid;
    }
    if (hi < end) offsets.push({ at: hi, offset });
  }
  // Remembered within a bound (the zones are a few hundred, a report's years a few).
  if (zoneYears.size < 2_000) zoneYears.set(key, offsets);
  return offsets;
}

/** The zone's offset from UTC (ms) at an instant, as `zoneOffset` reads it, from the changes of the instant's year. */
export function offsetAt(instant: number, timeZone: string): number {
  const offsets = offsetsInYear(timeZone, new Date(instant).getUTCFullYear());
  let offset = offsets[0]!.offset;
  for (const change of offsets) {
    if (change.at > instant) break;
    offset = change.offset;
  }
  return offset;
}

/**
 * The calendar date in a time zone of a timestamptz column whose values lie in [from, before), as SQL:
 * the zone's offsets over those instants written out (`column` plus the offset, read as UTC), so that
 * PostgreSQL adds a number to each row instead of looking the zone's rules up for it (a year's hires:
 * 6 ms instead of 17).
 */
export function localDateSql(column: SQL, timeZone: string, from: Date, before: Date): SQL {
  const offsets: OffsetFrom[] = [];
  for (let year = from.getUTCFullYear(); year <= before.getUTCFullYear(); year++) {
    for (const change of offsetsInYear(timeZone, year)) {
      if (change.at >= before.getTime()) break;
      if (change.at <= from.getTime()) offsets.splice(0, offsets.length, change);
      else if (change.offset !== offsets.at(-1)?.offset) offsets.push(change);
    }
  }
  const seconds = (offset: number) => sql`${offset / 1_000}::int * interval '1 second'`;
  const [first, ...changes] = offsets;
  const offset =
    changes.length === 0
      ? seconds(first!.offset)
      : sql`case ${sql.join(
          offsets.slice(0, -1).map((current, k) => sql`when ${column} < ${new Date(offsets[k + 1]!.at).toISOString()}::timestamptz then ${seconds(current.offset)}`),
          sql` `,
        )} else ${seconds(offsets.at(-1)!.offset)} end`;
  return sql`((${column} + ${offset}) at time zone 'UTC')::date`;
}
