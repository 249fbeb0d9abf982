/**
 * Wall-clock times in IANA time zones (decision 102), for the browser and the server alike: a date and
 * a start time given in a zone become one instant (none inside a daylight-saving gap; the earlier of
 * two in an overlap), and an instant is written in a reader's zone with that zone named. Intl only.
 */

/** Whether the runtime knows the zone by that exact IANA name (as the form sends it). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** One formatter per zone: building an Intl.DateTimeFormat costs more than a page's queries. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clock(timeZone: string): Intl.DateTimeFormat {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    if (clocks.size < 500) clocks.set(timeZone, format);
  }
  return format;
}

/**
 * Milliseconds the zone's wall clock is ahead of UTC at this instant: the one reading of a zone's
 * clock, for the staff pages' "today" (server/platform/time-zone.server.ts) and interview times.
 */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = clock(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The zone's wall clock at an instant, to the minute, as milliseconds of a UTC date with the same fields. */
function wallClockAt(instant: number, timeZone: string): number {
  return Math.floor((instant + zoneOffset(instant, timeZone)) / 60_000) * 60_000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant a date (YYYY-MM-DD) and a time (HH:MM) name in the zone; null when the zone's clocks
 * skip that time (a daylight-saving gap) or the date does not exist. In an overlap (clocks going back)
 * the earlier instant, as calendars read it.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const check = new Date(wall);
  if (check.getUTCFullYear() !== Number(d[1]) || check.getUTCMonth() !== Number(d[2]) - 1 || check.getUTCDate() !== Number(d[3])) return null;
  // The offsets in force a day either side: a wall time maps to `wall - offset` for one of them.
  const offsets = new Set([wallClockAt(wall - 86_400_000, timeZone) - (wall - 86_400_000), wallClockAt(wall + 86_400_000, timeZone) - (wall + 86_400_000)]);
  const instants = [...offsets].map((offset) => wall - offset).filter((instant) => wallClockAt(instant, timeZone) === wall);
  return instants.length > 0 ? new Date(Math.min(...instants)) : null;
}

/** The date (YYYY-MM-DD) and time (HH:MM) an instant is in the zone: what a form shows again. */
export function instantToZonedTime(instant: Date, timeZone: string): { date: string; time: string } {
  const iso = new Date(wallClockAt(instant.getTime(), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** e.g. "Monday 30 March 2026, 10:00–11:00 (Europe/Berlin)": a time as emails and pages state it, its zone named. */
export function formatInterviewTime(startsAt: Date, durationMinutes: number, timeZone: string): string {
  return `${formatLongDate(startsAt, timeZone)}, ${formatTimeRange(startsAt, durationMinutes, timeZone)} (${timeZone})`;
}

/** e.g. "Friday 26 March 2027": the day an instant falls on in the zone. */
export function formatLongDate(instant: Date, timeZone: string): string {
  // From parts, so the browser and the server write it alike whatever their locale data's punctuation.
  const parts = formatterFor(days, timeZone, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/**
 * `formatLongDate` and `formatClock` of one instant from one reading of the zone's clock: what a
 * scheduling page writes for each of its slots (decision 103).
 */
export function formatDayAndClock(instant: Date, timeZone: string): Readonly<{ day: string; time: string }> {
  // Remembered, bounded (bench:slots: this reading was a tenth of the data request's CPU): a page's
  // slots lie on a quarter-hour grid, and every link of a zone offers many of the same instants.
  const key = `${timeZone} ${instant.getTime()}`;
  const known = dayAndClocks.get(key);
  if (known) return known;
  const parts = formatterFor(dayClocks, timeZone, { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const written = { day: `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`, time: `${part("hour")}:${part("minute")}` };
  if (dayAndClocks.size >= 20_000) dayAndClocks.clear();
  dayAndClocks.set(key, written);
  return written;
}

const dayAndClocks = new Map<string, Readonly<{ day: string; time: string }>>();

/** e.g. "10:00–10:45": the start and end of an interview on the zone's 24-hour clock. */
export function formatTimeRange(startsAt: Date, durationMinutes: number, timeZone: string): string {
  return `${formatClock(startsAt, timeZone)}–${formatClock(new Date(startsAt.getTime() + durationMinutes * 60_000), timeZone)}`;
}

/** e.g. "10:00": an instant on the zone's 24-hour clock. */
export function formatClock(instant: Date, timeZone: string): string {
  return formatterFor(clockTimes, timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
}

const SHORT_WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** e.g. "Mon 28 Dec 2026 09:00": an instant on the zone's wall clock, the same words in every runtime. */
function shortZonedTime(instant: Date, timeZone: string): { day: string; time: string } {
  const wall = new Date(wallClockAt(instant.getTime(), timeZone));
  const day = `${SHORT_WEEKDAYS[wall.getUTCDay()]} ${wall.getUTCDate()} ${SHORT_MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
  return { day, time: wall.toISOString().slice(11, 16) };
}

/**
 * e.g. "Mon 28 Dec 2026 09:00 – Fri 1 Jan 2027 17:00", or "Mon 28 Dec 2026 09:00 – 17:00" within a
 * day: a span of time (a blocked time, decision 103) on the zone's wall clock.
 */
export function formatZonedSpan(startsAt: Date, endsAt: Date, timeZone: string): string {
  const start = shortZonedTime(startsAt, timeZone);
  const end = shortZonedTime(endsAt, timeZone);
  return end.day === start.day ? `${start.day} ${start.time} – ${end.time}` : `${start.day} ${start.time} – ${end.day} ${end.time}`;
}

/* One formatter per zone and kind, as for the clock above: a page or a day of emails names many times. */
const days = new Map<string, Intl.DateTimeFormat>();
const clockTimes = new Map<string, Intl.DateTimeFormat>();
const dayClocks = new Map<string, Intl.DateTimeFormat>();
function formatterFor(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, ...options });
    if (cache.size < 500) cache.set(timeZone, format);
  }
  return format;
}
