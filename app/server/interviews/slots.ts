import { type WorkingPeriod, minutesOf } from "~/schemas/availability";
import { instantToZonedTime, zonedTimeToInstant } from "~/schemas/zoned-time";

/*
 * The slots a self-scheduling link offers (issue 14, decision 103): the start times, on a grid of
 * `stepMinutes` from the epoch, where every interviewer is inside their working hours (in their own
 * zone, so two interviewers in two zones meet where their days overlap) and outside their blocked
 * times and other interviews (those widened by the buffer), from `from` (now plus the notice) until
 * `until` (the link's expiry). Pure: the caller reads the rows; this is plain arithmetic on
 * milliseconds, so a daylight-saving change is whatever the zone's clocks say that day.
 */

/** A span of time, [start, end) in milliseconds since the epoch. */
export interface Span {
  start: number;
  end: number;
}

export interface InterviewerTime {
  timeZone: string;
  workingHours: readonly WorkingPeriod[];
  /** Their interviews: widened by the buffer. */
  interviews: readonly Span[];
  /** Their blocked times: taken as they are. */
  blocked: readonly Span[];
}

export interface SlotQuery {
  from: number;
  until: number;
  durationMinutes: number;
  bufferMinutes: number;
  stepMinutes: number;
  interviewers: readonly InterviewerTime[];
  /** At most this many slots, earliest first. */
  limit?: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A date (YYYY-MM-DD) as days since 1970-01-01, and back. */
function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY;
}
function dateOf(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/** ISO weekday of a day number: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
function weekday(day: number): number {
  return ((day + 3) % 7) + 1;
}

/**
 * The instant a wall time names in the zone; a time its clocks skip (the spring change) is read as
 * the first minute after the gap, so a day that starts inside the gap starts when the clocks resume.
 * Remembered (bench:slots: reading the zone's clock through Intl for every working day's start and
 * end was a fifth of a scheduling page's CPU): the same days and hours come back on every visit.
 */
function wallTime(day: number, hhmm: string, timeZone: string): number {
  const key = `${timeZone} ${day} ${hhmm}`;
  const known = wallTimes.get(key);
  if (known !== undefined) return known;
  const instant = wallTimeUncached(dateOf(day), hhmm, timeZone);
  // Bounded: a client cannot make it grow without end (zones and hours come from profiles, dates from the clock).
  if (wallTimes.size >= 50_000) wallTimes.clear();
  wallTimes.set(key, instant);
  return instant;
}

const wallTimes = new Map<string, number>();

function wallTimeUncached(date: string, hhmm: string, timeZone: string): number {
  const exact = zonedTimeToInstant(date, hhmm, timeZone);
  if (exact) return exact.getTime();
  for (let later = minutesOf(hhmm) + 1; later < 24 * 60; later++) {
    const time = `${String(Math.floor(later / 60)).padStart(2, "0")}:${String(later % 60).padStart(2, "0")}`;
    const instant = zonedTimeToInstant(date, time, timeZone);
    if (instant) return instant.getTime();
  }
  return Number.NaN;
}

/** When the interviewer works between `from` and `until`: their weekly hours laid on each of their local days. */
export function workingSpans(timeZone: string, workingHours: readonly WorkingPeriod[], from: number, until: number): Span[] {
  const spans: Span[] = [];
  // From the local day before `from` to the one after `until`: a day's hours may straddle either end.
  const last = dayNumber(instantToZonedTime(new Date(until + DAY), timeZone).date);
  for (let day = dayNumber(instantToZonedTime(new Date(from - DAY), timeZone).date); day <= last; day++) {
    const isoDay = weekday(day);
    for (const period of workingHours) {
      if (period.day !== isoDay) continue;
      const start = wallTime(day, period.start, timeZone);
      const end = wallTime(day, period.end, timeZone);
      if (!(end > start)) continue;
      const clipped = { start: Math.max(start, from), end: Math.min(end, until) };
      if (clipped.end > clipped.start) spans.push(clipped);
    }
  }
  return merge(spans);
}

/** Sorted, overlapping or touching spans joined. */
export function merge(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

/** `spans` (merged) minus `taken` (merged). */
export function subtract(spans: readonly Span[], taken: readonly Span[]): Span[] {
  const out: Span[] = [];
  let j = 0;
  for (const span of spans) {
    let start = span.start;
    while (j < taken.length && taken[j]!.end <= start) j++;
    let k = j;
    while (k < taken.length && taken[k]!.start < span.end) {
      const cut = taken[k]!;
      if (cut.start > start) out.push({ start, end: cut.start });
      start = Math.max(start, cut.end);
      k++;
    }
    if (start < span.end) out.push({ start, end: span.end });
  }
  return out;
}

/** Where two merged lists of spans overlap. */
export function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (end > start) out.push({ start, end });
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return out;
}

/** When one interviewer is free: working, not blocked, and clear of their interviews by the buffer. */
export function freeSpans(interviewer: InterviewerTime, from: number, until: number, bufferMinutes: number): Span[] {
  const buffer = bufferMinutes * MINUTE;
  const taken = merge([
    ...interviewer.interviews.map((span) => ({ start: span.start - buffer, end: span.end + buffer })),
    ...interviewer.blocked,
  ]);
  return subtract(workingSpans(interviewer.timeZone, interviewer.workingHours, from, until), taken);
}

/** The start times (ms) where the interview fits every interviewer's free time, earliest first. */
export function availableSlots(query: SlotQuery): number[] {
  const { from, until, durationMinutes, stepMinutes, interviewers } = query;
  if (interviewers.length === 0 || until <= from) return [];
  let common: Span[] | null = null;
  for (const interviewer of interviewers) {
    const free = freeSpans(interviewer, from, until, query.bufferMinutes);
    common = common === null ? free : intersect(common, free);
    if (common.length === 0) return [];
  }
  const step = stepMinutes * MINUTE;
  const length = durationMinutes * MINUTE;
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const slots: number[] = [];
  for (const span of common ?? []) {
    for (let start = Math.ceil(span.start / step) * step; start + length <= span.end && start < until; start += step) {
      slots.push(start);
      if (slots.length >= limit) return slots;
    }
  }
  return slots;
}

/** Whether one start time is still free for everyone: what a booking checks again, under lock, before it writes. */
export function slotIsFree(query: Omit<SlotQuery, "stepMinutes" | "limit">, startsAt: number): boolean {
  const end = startsAt + query.durationMinutes * MINUTE;
  if (startsAt < query.from || startsAt >= query.until) return false;
  return query.interviewers.every((interviewer) =>
    freeSpans(interviewer, query.from, query.until, query.bufferMinutes).some((span) => span.start <= startsAt && end <= span.end),
  );
}
