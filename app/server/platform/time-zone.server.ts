/**
 * Time zones of staff readers (decision 042): the browser tells the server its zone in the `tz`
 * cookie (set by the dashboard), and "today" or a date typed in a filter means that zone's day,
 * UTC until the zone is known. A member who chose a zone in their profile reads in that one
 * (`staffTimeZone`, decision 103).
 */
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

/** The instant the current day began in the time zone (local midnight). */
export function startOfDayInTimeZone(now: Date, timeZone: string): Date {
  const local = new Date(now.getTime() + zoneOffset(now.getTime(), timeZone));
  const midnightWall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight may differ from now's (a daylight-saving change today): settle it.
  let instant = midnightWall - zoneOffset(midnightWall, timeZone);
  instant = midnightWall - zoneOffset(instant, timeZone);
  return new Date(instant);
}

/** The instant a calendar date (YYYY-MM-DD) began in the time zone (its local midnight). */
export function startOfDateInTimeZone(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const midnightWall = Date.UTC(year, month - 1, day);
  let instant = midnightWall - zoneOffset(midnightWall, timeZone);
  instant = midnightWall - zoneOffset(instant, timeZone);
  return new Date(instant);
}

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
