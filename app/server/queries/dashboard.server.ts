import { and, count, eq, gte } from "drizzle-orm";
import { applications, jobs } from "../../../db/schema";
import type { Queryable } from "../db.server";
import { type Actor, owned } from "../tenancy.server";

export interface DashboardStats {
  activeJobs: number;
  applicationsToday: number;
  pendingReviews: number;
}

/** The name of a time zone the runtime knows (validated with Intl), else UTC. */
export function resolveTimeZone(value: string | null | undefined): string {
  if (!value || value.length > 64) return "UTC";
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

/** Milliseconds the zone's wall clock is ahead of UTC at this instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the current day began in the time zone (local midnight). */
export function startOfDayInTimeZone(now: Date, timeZone: string): Date {
  const local = new Date(now.getTime() + zoneOffset(now.getTime(), timeZone));
  const midnightWall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight may differ from now's (a daylight-saving change today): settle it.
  let instant = midnightWall - zoneOffset(midnightWall, timeZone);
  instant = midnightWall - zoneOffset(instant, timeZone);
  return new Date(instant);
}

/** The three stat cards of the dashboard, for one company. */
export async function getDashboardStats(db: Queryable, actor: Actor, todayStart: Date): Promise<DashboardStats> {
  const [[active], [today], [pending]] = await Promise.all([
    db.select({ n: count() }).from(jobs).where(and(owned(jobs, actor), eq(jobs.status, "published"))),
    db
      .select({ n: count() })
      .from(applications)
      .where(and(owned(applications, actor), gte(applications.createdAt, todayStart))),
    db
      .select({ n: count() })
      .from(applications)
      .where(and(owned(applications, actor), eq(applications.status, "active"))),
  ]);
  return {
    activeJobs: Number(active?.n ?? 0),
    applicationsToday: Number(today?.n ?? 0),
    pendingReviews: Number(pending?.n ?? 0),
  };
}
