import { and, asc, count, eq, gt } from "drizzle-orm";
import { blockedTimes, profiles } from "../../../db/schema";
import { type AvailabilityInput, type BlockedTimeInput, DEFAULT_WORKING_HOURS, type WorkingPeriod } from "~/schemas/availability";
import { isUuid } from "~/schemas/id";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned } from "../platform/tenancy.server";

/*
 * A member's availability (issue 14, decision 103): their time zone, their weekly working hours in
 * it, and the times they have blocked. Every member keeps their own: each statement is the actor's
 * company's (`owned`) and the actor's own row or rows.
 */

/** How many blocked times ahead a member keeps: Settings › Profile lists them all. */
export const MAX_BLOCKED_TIMES = 50;

export const BLOCKED_TIME_GONE = "That blocked time is not there any more.";
export const BLOCKED_TIME_PAST = "That time has already passed: a blocked time ends in the future.";
export const TOO_MANY_BLOCKED_TIMES = `You have ${MAX_BLOCKED_TIMES} blocked times ahead: remove one before adding another.`;

export interface Availability {
  /** Their IANA zone, or null until they save one. */
  timeZone: string | null;
  /** Their working hours in weekday order; DEFAULT_WORKING_HOURS until they save their own. */
  workingHours: WorkingPeriod[];
}

/** The actor's own profile row, in their company. */
const ownProfile = (actor: Actor) => and(eq(profiles.id, actor.userId), owned(profiles, actor));

/** The actor's own blocked times, in their company. */
const ownBlockedTimes = (actor: Actor) => and(eq(blockedTimes.userId, actor.userId), owned(blockedTimes, actor));

export async function getAvailability(db: Queryable, actor: Actor): Promise<Availability> {
  const [row] = await db.select({ timeZone: profiles.timeZone, workingHours: profiles.workingHours }).from(profiles).where(ownProfile(actor));
  if (!row) throw new DomainError("NOT_FOUND", "Profile not found");
  return { timeZone: row.timeZone, workingHours: (row.workingHours ?? DEFAULT_WORKING_HOURS).map(({ day, start, end }) => ({ day, start, end })) };
}

/** Saves the zone and the week's hours (every day left out is a day off). */
export async function updateAvailability(db: Database, actor: Actor, input: AvailabilityInput): Promise<void> {
  const workingHours = [...input.workingHours].sort((a, b) => a.day - b.day).map(({ day, start, end }) => ({ day, start, end }));
  const rows = await db.update(profiles).set({ timeZone: input.timeZone, workingHours }).where(ownProfile(actor)).returning({ id: profiles.id });
  if (rows.length === 0) throw new DomainError("NOT_FOUND", "Profile not found");
}

export interface BlockedTime {
  id: string;
  startsAt: Date;
  endsAt: Date;
  reason: string;
}

/** The actor's blocked times that have not ended by `now`, earliest first (at most MAX_BLOCKED_TIMES). */
export async function listBlockedTimes(db: Queryable, actor: Actor, now: Date = new Date()): Promise<BlockedTime[]> {
  return db
    .select({ id: blockedTimes.id, startsAt: blockedTimes.startsAt, endsAt: blockedTimes.endsAt, reason: blockedTimes.reason })
    .from(blockedTimes)
    .where(and(ownBlockedTimes(actor), gt(blockedTimes.endsAt, now)))
    .orderBy(asc(blockedTimes.startsAt), asc(blockedTimes.endsAt), asc(blockedTimes.id))
    .limit(MAX_BLOCKED_TIMES);
}

/**
 * Blocks a span of the actor's time. One that has already ended is refused (it would block nothing
 * and never be listed), and so is one more than MAX_BLOCKED_TIMES ahead: the list shows them all.
 */
export async function addBlockedTime(db: Database, actor: Actor, input: BlockedTimeInput, now: Date = new Date()): Promise<{ id: string }> {
  if (input.endsAt <= now) throw new DomainError("INVALID", BLOCKED_TIME_PAST, { field: "endDate" });
  return db.transaction(async (tx) => {
    // The member's profile row, locked: two adds at once count one after the other.
    const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(ownProfile(actor)).for("update");
    if (!profile) throw new DomainError("NOT_FOUND", "Profile not found");
    const [ahead] = await tx
      .select({ n: count() })
      .from(blockedTimes)
      .where(and(ownBlockedTimes(actor), gt(blockedTimes.endsAt, now)));
    if ((ahead?.n ?? 0) >= MAX_BLOCKED_TIMES) throw new DomainError("CONFLICT", TOO_MANY_BLOCKED_TIMES);
    const [row] = await tx
      .insert(blockedTimes)
      .values({ companyId: actor.companyId, userId: actor.userId, startsAt: input.startsAt, endsAt: input.endsAt, reason: input.reason })
      .returning({ id: blockedTimes.id });
    return { id: row!.id };
  });
}

/** Removes one of the actor's own blocked times; another member's, another company's or an unknown id is NOT_FOUND. */
export async function removeBlockedTime(db: Database, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw new DomainError("NOT_FOUND", BLOCKED_TIME_GONE);
  const rows = await db
    .delete(blockedTimes)
    .where(and(eq(blockedTimes.id, id), ownBlockedTimes(actor)))
    .returning({ id: blockedTimes.id });
  if (rows.length === 0) throw new DomainError("NOT_FOUND", BLOCKED_TIME_GONE);
}
