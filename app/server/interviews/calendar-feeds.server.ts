import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { applications, calendarFeeds, companies, interviewInterviewers, interviews, jobs, profiles, user } from "../../../db/schema";
import { can } from "~/lib/permissions";
import type { CalendarFeedScope } from "~/schemas/calendar-feed";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError, isUniqueViolation } from "../platform/errors.server";
import { acrossCompanies, type Actor, isOwnedBy, owned, ownedSql, seesApplication } from "../platform/tenancy.server";
import { hashSecretToken, isSecretToken, newSecretToken } from "../platform/secret-token.server";
import { buildFeedCalendar, type FeedEvent } from "./feed-calendar.server";
import { absoluteUrl } from "~/lib/absolute-url";
import { applicationHref } from "~/lib/application-href";

/*
 * Calendar feeds (issue 14, decision 102 "Calendar feeds"): each member's private subscription URL
 * for the interviews they are on, and an admin's for the company's. The URL carries a random token;
 * the database keeps only its SHA-256, so a leaked database reveals no URL, and the URL can be shown
 * only when it is made. Resetting replaces the hash: the old URL answers 404 at once.
 */

export const COMPANY_FEED_ADMINS_ONLY = "Only an admin of the company has the company's calendar feed.";
export const CALENDAR_LINK_EXISTS = "You already have a calendar link. Reset it to get a new one.";

/** What a feed holds: the interviews of the last FEED_PAST_DAYS days and every later one, at most FEED_LIMIT, earliest first. */
export const FEED_PAST_DAYS = 30;
export const FEED_LIMIT = 500;

export const hashCalendarToken = hashSecretToken;

/** The feed's address: `<base>/calendar/<token>.ics`. */
export function calendarFeedUrl(baseUrl: string, token: string): string {
  return absoluteUrl(baseUrl, `/calendar/${token}.ics`);
}

/** The token of a feed address's last segment (`<token>.ics`), or null when it cannot be one. */
export function calendarTokenOf(segment: string | undefined): string | null {
  const token = segment?.endsWith(".ics") ? segment.slice(0, -".ics".length) : null;
  return isSecretToken(token) ? token : null;
}

export interface CalendarFeedLinks {
  mine: { createdAt: string } | null;
  /** Admins only: undefined for anyone else. */
  company?: { createdAt: string } | null;
}

/** Which of the actor's feeds exist (the URLs themselves are not kept). */
export async function listCalendarFeeds(db: Queryable, actor: Actor): Promise<CalendarFeedLinks> {
  const rows = await db
    .select({ scope: calendarFeeds.scope, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, actor.userId), owned(calendarFeeds, actor)));
  const of = (scope: CalendarFeedScope) => {
    const row = rows.find((r) => r.scope === scope);
    return row ? { createdAt: row.createdAt.toISOString() } : null;
  };
  return actor.role && can(actor.role, "interviews.companyFeed") ? { mine: of("mine"), company: of("company") } : { mine: of("mine") };
}

/** A company feed is for members whose role has `interviews.companyFeed` now (read from the profile, not the session). */
async function requireScope(db: Queryable, actor: Actor, scope: CalendarFeedScope) {
  if (scope === "mine") return;
  const [row] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.id, actor.userId), owned(profiles, actor)));
  if (!row || !can(row.role, "interviews.companyFeed")) throw new DomainError("FORBIDDEN", COMPANY_FEED_ADMINS_ONLY);
}

/** Makes the actor's feed of `scope` and answers its token (shown once); CONFLICT when they have one (resetting replaces it). */
export async function createCalendarFeed(db: Database, actor: Actor, scope: CalendarFeedScope): Promise<{ token: string }> {
  await requireScope(db, actor, scope);
  const token = newSecretToken();
  try {
    await db.insert(calendarFeeds).values({ companyId: actor.companyId, userId: actor.userId, scope, tokenHash: hashCalendarToken(token) });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", CALENDAR_LINK_EXISTS);
    throw error;
  }
  return { token };
}

/** Replaces the actor's feed of `scope` with a new token (made if they had none): the old URL stops working at once. */
export async function resetCalendarFeed(db: Database, actor: Actor, scope: CalendarFeedScope): Promise<{ token: string }> {
  await requireScope(db, actor, scope);
  const token = newSecretToken();
  await db
    .insert(calendarFeeds)
    .values({ companyId: actor.companyId, userId: actor.userId, scope, tokenHash: hashCalendarToken(token) })
    .onConflictDoUpdate({
      target: [calendarFeeds.companyId, calendarFeeds.userId, calendarFeeds.scope],
      set: { tokenHash: hashCalendarToken(token), createdAt: sql`now()` },
      setWhere: owned(calendarFeeds, actor),
    });
  return { token };
}

/**
 * The feed a token names, as iCalendar text, or null (unknown or reset token, a member no longer of
 * the company, a company feed of someone no longer an admin): the route answers 404 either way.
 * The token, not a session, names the company: the lookup is the one read across companies here;
 * everything after it is the member's, through `owned`.
 */
export async function readCalendarFeed(db: Queryable, token: string, baseUrl: string, now: Date = new Date()): Promise<string | null> {
  const [feed] = await db
    .select({
      companyId: calendarFeeds.companyId,
      userId: calendarFeeds.userId,
      scope: calendarFeeds.scope,
      role: profiles.role,
      memberCompanyId: profiles.companyId,
      memberName: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`,
      companyName: companies.name,
    })
    .from(calendarFeeds)
    .innerJoin(profiles, eq(profiles.id, calendarFeeds.userId))
    .innerJoin(user, eq(user.id, calendarFeeds.userId))
    .innerJoin(companies, eq(companies.id, calendarFeeds.companyId))
    .where(and(eq(calendarFeeds.tokenHash, hashCalendarToken(token)), acrossCompanies(calendarFeeds)));
  if (!feed) return null;
  const actor: Actor = { userId: feed.userId, companyId: feed.companyId, role: feed.role };
  // Still a member of the feed's company (a removed member's profile is gone, or of another company).
  if (!isOwnedBy({ companyId: feed.memberCompanyId }, actor)) return null;
  if (feed.scope === "company" && !can(feed.role, "interviews.companyFeed")) return null;
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const rows = await db
    .select({
      id: interviews.id,
      applicationId: interviews.applicationId,
      uid: interviews.uid,
      sequence: interviews.sequence,
      title: interviews.title,
      startsAt: interviews.startsAt,
      durationMinutes: interviews.durationMinutes,
      timeZone: interviews.timeZone,
      location: interviews.location,
      notesForInterviewers: interviews.notesForInterviewers,
      cancelledAt: interviews.cancelledAt,
      candidateName: applications.candidateName,
      jobTitle: jobs.title,
    })
    .from(interviews)
    .innerJoin(applications, and(eq(applications.id, interviews.applicationId), owned(applications, actor)))
    .innerJoin(jobs, and(eq(jobs.id, applications.jobId), owned(jobs, actor)))
    .where(
      and(
        owned(interviews, actor),
        gte(interviews.startsAt, since),
        feed.scope === "mine"
          ? sql`${interviews.id} in (select i.interview_id from interview_interviewers i where i.user_id = ${actor.userId} and i.starts_at >= ${since} and ${ownedSql("i", actor)})`
          : undefined,
        seesApplication(applications, actor),
      ),
    )
    .orderBy(asc(interviews.startsAt), asc(interviews.id))
    .limit(FEED_LIMIT);
  const people =
    rows.length === 0
      ? []
      : await db
          .select({ interviewId: interviewInterviewers.interviewId, name: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email}, 'Former staff member')` })
          .from(interviewInterviewers)
          .leftJoin(profiles, eq(profiles.id, interviewInterviewers.userId))
          .leftJoin(user, eq(user.id, interviewInterviewers.userId))
          .where(and(inArray(interviewInterviewers.interviewId, rows.map((row) => row.id)), owned(interviewInterviewers, actor)))
          .orderBy(asc(sql`2`));
  const events: FeedEvent[] = rows.map((row) => ({
    interview: {
      uid: row.uid,
      sequence: row.sequence,
      title: row.title,
      startsAt: row.startsAt,
      durationMinutes: row.durationMinutes,
      timeZone: row.timeZone,
      location: row.location,
      notesForInterviewers: row.notesForInterviewers,
    },
    parties: {
      candidate: { name: row.candidateName },
      interviewers: people.filter((person) => person.interviewId === row.id).map((person) => ({ name: person.name })),
      companyName: feed.companyName,
      jobTitle: row.jobTitle,
    },
    cancelled: row.cancelledAt !== null,
    url: absoluteUrl(baseUrl, applicationHref(row.applicationId)),
  }));
  const name = feed.scope === "company" ? `${feed.companyName} interviews` : `Interviews: ${feed.memberName} (${feed.companyName})`;
  return buildFeedCalendar(name, events, now);
}
