import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { applications, companies, interviews, jobs, profiles, schedulingLinks } from "../../../db/schema";
import { DEFAULT_WORKING_HOURS, type WorkingPeriod } from "~/schemas/availability";
import { isUuid } from "~/schemas/id";
import { type SchedulingLinkInput, SLOT_STEP_MINUTES } from "~/schemas/scheduling-link";
import { formatInterviewTime, formatLongDate } from "~/schemas/zoned-time";
import { recordActivity } from "../activity/activity.server";
import { EMAIL_SIGNATURE, type Mailer } from "../mail/mailer.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.server";
import { acrossCompanies, type Actor, isOwnedBy, companyOfRow, owned, ownedSql, preparedRead, preparedTokenRead } from "../platform/tenancy.server";
import { insertInterview, lockApplication, memberName, pickInterviewers } from "./interviews.server";
import { availableSlots, type InterviewerTime, slotIsFree } from "./slots";
import { absoluteUrl } from "~/lib/absolute-url";

/*
 * Self-scheduling links (issue 14, decision 103). A member sends an application's candidate a link
 * instead of a time; the link's page offers the slots where every interviewer is working and free
 * (`slots.ts`), and the candidate books one without an account. The booking is one transaction that
 * locks the link (so it books once) and the interviewers' profiles (so two links offering the same
 * people cannot both take one time), checks the slot again under those locks, and writes the
 * interview through the same `insertInterview` a member's scheduling uses.
 */

export const SCHEDULING_LINK_NOT_FOUND = "Scheduling link not found";
export const SLOT_TAKEN = "Sorry, that time has just been taken. Please pick another.";
export const LINK_BOOKED = "You have already booked a time with this link.";
export const LINK_EXPIRED = "This scheduling link has expired.";
export const LINK_WITHDRAWN = "This scheduling link was withdrawn.";
export const LINK_UNUSABLE = "This scheduling link no longer works.";

/** At most this many slots on a page: a fortnight of working days on the quarter hour. */
export const SLOT_LIMIT = 400;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The longest interview, in hours: how far before a window an interviewer's earlier interview can still reach into it. */
const LONGEST_INTERVIEW_HOURS = 12;

/** The link's address: `<base>/schedule/<token>`. */
export function schedulingLinkUrl(baseUrl: string, token: string): string {
  return absoluteUrl(baseUrl, `/schedule/${token}`);
}

/** Sends the application's candidate a link to book a slot; answers the link's id (the token is only in the email). */
export async function sendSchedulingLink(
  db: Database,
  actor: Actor,
  applicationId: string,
  input: SchedulingLinkInput,
  mailer: Mailer,
  options: { baseUrl: string; senderZone: string; now?: Date },
): Promise<{ id: string }> {
  const now = options.now ?? new Date();
  const { id, messageIds } = await db.transaction(async (tx) => {
    const application = await lockApplication(tx, actor, applicationId);
    const people = await pickInterviewers(tx, actor, application.jobId, input.interviewerIds);
    const token = newSecretToken();
    const expiresAt = new Date(now.getTime() + input.windowDays * DAY);
    const [row] = await tx
      .insert(schedulingLinks)
      .values({
        companyId: actor.companyId,
        applicationId,
        tokenHash: hashSecretToken(token),
        title: input.title,
        durationMinutes: input.durationMinutes,
        interviewerIds: people.map((person) => person.id),
        location: input.location,
        notesForInterviewers: input.notesForInterviewers,
        minNoticeHours: input.minNoticeHours,
        bufferMinutes: input.bufferMinutes,
        timeZone: options.senderZone,
        expiresAt,
        createdBy: actor.userId,
      })
      .returning({ id: schedulingLinks.id });
    const until = formatLongDate(expiresAt, options.senderZone);
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "application_scheduling_link_sent",
      subjectType: "application",
      subjectId: applicationId,
      data: { candidateName: application.candidateName, jobId: application.jobId, title: input.title, until },
    });
    const body = [
      `Hi ${application.candidateName},`,
      "",
      `${application.companyName} would like to meet you for "${input.title}" (${input.durationMinutes} minutes) about the ${application.jobTitle} role.`,
      "",
      "Pick a time that suits you:",
      schedulingLinkUrl(options.baseUrl, token),
      "",
      `The page shows the times when everyone is free, in your time zone, until ${until}. Once you pick one, a calendar invitation follows.`,
    ].join("\n");
    const messageIds = await mailer.record(
      [
        {
          to: application.candidateEmail,
          subject: `Pick a time for your interview: ${input.title} for ${application.jobTitle} at ${application.companyName}`,
          body: body + EMAIL_SIGNATURE,
          kind: "scheduling-link",
          companyId: actor.companyId,
          applicationId,
        },
      ],
      tx,
    );
    return { id: row!.id, messageIds };
  });
  mailer.deliver(messageIds);
  return { id };
}

export type SchedulingLinkState = "open" | "booked" | "expired" | "withdrawn";

export interface SchedulingLinkView {
  id: string;
  title: string;
  state: SchedulingLinkState;
  sentAt: string;
  expiresAt: string;
  bookedAt: string | null;
}

function stateOf(link: { bookedAt: Date | null; cancelledAt: Date | null; expiresAt: Date }, now: Date): SchedulingLinkState {
  if (link.bookedAt) return "booked";
  if (link.cancelledAt) return "withdrawn";
  return link.expiresAt <= now ? "expired" : "open";
}

/** The links sent for an application the actor sees, newest first. */
export async function listSchedulingLinks(db: Queryable, actor: Actor, applicationId: string, now: Date = new Date()): Promise<SchedulingLinkView[]> {
  if (!isUuid(applicationId)) return [];
  // On every visit of an application's Overview: prepared (decisions 100 and 145).
  const rows = await preparedRead(
    db,
    actor,
    "scheduling_links",
    (actor) =>
      db
        .select({
          id: schedulingLinks.id,
          title: schedulingLinks.title,
          createdAt: schedulingLinks.createdAt,
          expiresAt: schedulingLinks.expiresAt,
          bookedAt: schedulingLinks.bookedAt,
          cancelledAt: schedulingLinks.cancelledAt,
        })
        .from(schedulingLinks)
        .where(and(eq(schedulingLinks.applicationId, sql.placeholder("applicationId")), owned(schedulingLinks, actor)))
        .orderBy(desc(schedulingLinks.createdAt))
        .limit(20),
    { applicationId },
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    state: stateOf(row, now),
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    bookedAt: row.bookedAt?.toISOString() ?? null,
  }));
}

/** Withdraws a link not yet booked (of an application the actor sees): its page then says so. */
export async function withdrawSchedulingLink(db: Database, actor: Actor, applicationId: string, linkId: string): Promise<void> {
  if (!isUuid(linkId)) throw new DomainError("NOT_FOUND", SCHEDULING_LINK_NOT_FOUND);
  await db.transaction(async (tx) => {
    await lockApplication(tx, actor, applicationId);
    const [row] = await tx
      .select({ bookedAt: schedulingLinks.bookedAt, cancelledAt: schedulingLinks.cancelledAt })
      .from(schedulingLinks)
      .where(and(eq(schedulingLinks.id, linkId), eq(schedulingLinks.applicationId, applicationId), owned(schedulingLinks, actor)))
      .for("update");
    if (!row) throw new DomainError("NOT_FOUND", SCHEDULING_LINK_NOT_FOUND);
    if (row.bookedAt) throw new DomainError("CONFLICT", "The candidate has already booked a time with this link. Cancel the interview instead.");
    if (row.cancelledAt) return;
    await tx
      .update(schedulingLinks)
      .set({ cancelledAt: new Date() })
      .where(and(eq(schedulingLinks.id, linkId), owned(schedulingLinks, actor)));
  });
}

/** An interviewer's row as the reads below gather it: their interviews and blocked times as [start, end] in epoch ms. */
interface TimesRow {
  id: string;
  name: string;
  timeZone: string | null;
  workingHours: WorkingPeriod[] | null;
  interviews: [number, number][];
  blocked: [number, number][];
}

/**
 * The interviewers `ids` of the actor's company, each with their zone, hours, and their interviews and
 * blocked times from `from` to `until`, as one json array: a subquery, so that a link's page reads its
 * link and its interviewers in one statement (bench:slots, decision 103), and a booking reads them
 * again under its locks with the same SQL. Each interviewer's interviews are one range of
 * interview_interviewers (user_id, starts_at), their blocked times one of blocked_times.
 */
function interviewerTimesSql(actor: Actor, ids: SQL, from: SQL, until: SQL): SQL<TimesRow[] | null> {
  const epochMs = (at: SQL) => sql`(extract(epoch from ${at}) * 1000)::float8`;
  // An interview that starts up to the longest interview before the window may still reach into it.
  const interviewsSql = sql`(
    select coalesce(json_agg(json_build_array(${epochMs(sql`ii.starts_at`)}, ${epochMs(sql`ii.starts_at`)} + i.duration_minutes * 60000)), '[]')
    from interview_interviewers ii
    join interviews i on i.id = ii.interview_id and ${ownedSql("i", actor)}
    where ii.user_id = "profiles"."id" and ${ownedSql("ii", actor)}
      and ii.starts_at > ${from} - make_interval(hours => ${LONGEST_INTERVIEW_HOURS}) and ii.starts_at < ${until}
      and i.cancelled_at is null)`;
  const blockedSql = sql`(
    select coalesce(json_agg(json_build_array(${epochMs(sql`b.starts_at`)}, ${epochMs(sql`b.ends_at`)})), '[]')
    from blocked_times b
    where b.user_id = "profiles"."id" and ${ownedSql("b", actor)} and b.ends_at > ${from} and b.starts_at < ${until})`;
  // Column names written out: drizzle leaves a column's table off in a statement without joins.
  return sql<TimesRow[] | null>`(
    select json_agg(json_build_object('id', "profiles"."id", 'name', ${memberName}, 'timeZone', "profiles"."time_zone", 'workingHours', "profiles"."working_hours", 'interviews', ${interviewsSql}, 'blocked', ${blockedSql}))
    from "profiles" join "user" on "user"."id" = "profiles"."id"
    where "profiles"."id" = any(${ids}) and ${ownedSql("profiles", actor)})`;
}

/** The rows of `interviewerTimesSql` as the slot arithmetic takes them, in the order of `ids`; a member who left is missing. */
function timesOf(rows: TimesRow[] | null, ids: readonly string[]): (InterviewerTime & { id: string; name: string })[] {
  const spans = (pairs: [number, number][]) => pairs.map(([start, end]) => ({ start, end }));
  return ids.flatMap((id) => {
    const member = rows?.find((row) => row.id === id);
    if (!member) return [];
    return [
      {
        id,
        name: member.name,
        timeZone: member.timeZone ?? "UTC",
        workingHours: member.workingHours ?? DEFAULT_WORKING_HOURS,
        interviews: spans(member.interviews),
        blocked: spans(member.blocked),
      },
    ];
  });
}

/** Each interviewer's zone, hours, interviews and blocked times from `from` to `until`, in the order of `ids` (prepared, decision 100). */
export async function interviewerTimes(db: Queryable, actor: Actor, ids: readonly string[], from: Date, until: Date): Promise<(InterviewerTime & { id: string; name: string })[]> {
  const [row] = await preparedRead(
    db,
    actor,
    "interviewer_times",
    (actor) =>
      db
        .select({
          members: interviewerTimesSql(actor, sql`${sql.placeholder("ids")}::text[]`, sql`${sql.placeholder("from")}::timestamptz`, sql`${sql.placeholder("until")}::timestamptz`),
        })
        // One row: the subquery is the answer.
        .from(sql`(values (1)) as one`),
    { ids: [...ids], from: from.toISOString(), until: until.toISOString() },
  );
  return timesOf(row?.members ?? null, ids);
}

/** Who sent a link: their profile, to see that they are still one of the company's. */
const sender = alias(profiles, "sender");

/**
 * The link a token names, with what its page says, read across companies (the token names the
 * company). The page's read (prepared: one on every visit) brings the interviewers' times of an open
 * link with it, for the window from `now` plus the notice to the expiry; a booking's read locks the
 * link's row and reads the times later, under its locks.
 */
async function findLink(db: Queryable, token: string, read: { lock: true } | { lock: false; now: Date }) {
  const query = (tokenHash: string | ReturnType<typeof sql.placeholder>, members: SQL<TimesRow[] | null>) =>
    db
      .select({
        id: schedulingLinks.id,
        companyId: schedulingLinks.companyId,
        applicationId: schedulingLinks.applicationId,
        title: schedulingLinks.title,
        durationMinutes: schedulingLinks.durationMinutes,
        interviewerIds: schedulingLinks.interviewerIds,
        location: schedulingLinks.location,
        notesForInterviewers: schedulingLinks.notesForInterviewers,
        minNoticeHours: schedulingLinks.minNoticeHours,
        bufferMinutes: schedulingLinks.bufferMinutes,
        timeZone: schedulingLinks.timeZone,
        expiresAt: schedulingLinks.expiresAt,
        bookedInterviewId: schedulingLinks.bookedInterviewId,
        bookedAt: schedulingLinks.bookedAt,
        cancelledAt: schedulingLinks.cancelledAt,
        createdBy: schedulingLinks.createdBy,
        companyName: companies.name,
        jobTitle: jobs.title,
        candidateName: applications.candidateName,
        applicationStatus: applications.status,
        senderRole: sender.role,
        senderCompanyId: sender.companyId,
        members,
      })
      .from(schedulingLinks)
      .innerJoin(companies, eq(companies.id, schedulingLinks.companyId))
      .innerJoin(applications, eq(applications.id, schedulingLinks.applicationId))
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .leftJoin(sender, eq(sender.id, schedulingLinks.createdBy))
      .where(and(eq(schedulingLinks.tokenHash, tokenHash), acrossCompanies(schedulingLinks)));
  const tokenHash = hashSecretToken(token);
  if (read.lock) {
    const [link] = await query(tokenHash, sql<null>`null`).for("update", { of: schedulingLinks });
    return link;
  }
  const [link] = await preparedTokenRead(
    db,
    "scheduling_link_page",
    () => {
      const now = sql`${sql.placeholder("now")}::timestamptz`;
      const open = sql`${schedulingLinks.bookedAt} is null and ${schedulingLinks.cancelledAt} is null and ${schedulingLinks.expiresAt} > ${now}`;
      const times = interviewerTimesSql(
        companyOfRow(schedulingLinks.companyId),
        schedulingLinks.interviewerIds.getSQL(),
        sql`${now} + make_interval(hours => ${schedulingLinks.minNoticeHours})`,
        schedulingLinks.expiresAt.getSQL(),
      );
      return query(sql.placeholder("tokenHash"), sql<TimesRow[] | null>`case when ${open} then ${times} end`);
    },
    { tokenHash, now: read.now.toISOString() },
  );
  return link;
}

type FoundLink = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** Who the booking acts as: the member who sent the link, while they are still one of the company's; else null. */
function senderOf(link: FoundLink): Actor | null {
  if (!link.createdBy || !link.senderRole || !link.senderCompanyId) return null;
  const actor: Actor = { userId: link.createdBy, companyId: link.companyId, role: link.senderRole };
  return isOwnedBy({ companyId: link.senderCompanyId }, actor) ? actor : null;
}

/** Why a link cannot book, or null when it can. */
function refusal(link: FoundLink, now: Date): string | null {
  if (link.bookedAt) return LINK_BOOKED;
  if (link.cancelledAt) return LINK_WITHDRAWN;
  if (link.expiresAt <= now) return LINK_EXPIRED;
  if (link.applicationStatus !== "active" || !senderOf(link)) return LINK_UNUSABLE;
  return null;
}

/** The window a link offers: from now plus its notice to its expiry. */
function windowOf(link: FoundLink, now: Date) {
  return { from: now.getTime() + link.minNoticeHours * HOUR, until: link.expiresAt.getTime() };
}

interface AboutLink {
  companyName: string;
  jobTitle: string;
  title: string;
  /** The zone the page states times in. */
  zone: string;
}

export type SchedulingPage =
  | (AboutLink & { state: "open"; durationMinutes: number; location: string; interviewers: string[]; slots: string[]; expiresAt: string })
  | (AboutLink & { state: "booked"; when: string | null })
  | (AboutLink & { state: "closed"; message: string });

/**
 * What a link's page shows: the slots on offer, or that it was used, expired, withdrawn or no longer
 * works; null for a token that names no link (404). `readerZone` is the candidate's (the link's sender's
 * when they have not said theirs): the zone the page states times in.
 */
export async function readSchedulingPage(db: Queryable, token: string, readerZone: string | null, now: Date = new Date()): Promise<SchedulingPage | null> {
  const link = await findLink(db, token, { lock: false, now });
  if (!link) return null;
  const zone = readerZone ?? link.timeZone;
  const about = { companyName: link.companyName, jobTitle: link.jobTitle, title: link.title, zone };
  if (link.bookedAt) {
    const actor: Actor = { userId: "", companyId: link.companyId };
    const [booked] = link.bookedInterviewId
      ? await db
          .select({ startsAt: interviews.startsAt, durationMinutes: interviews.durationMinutes, cancelledAt: interviews.cancelledAt })
          .from(interviews)
          .where(and(eq(interviews.id, link.bookedInterviewId), owned(interviews, actor)))
      : [];
    return { state: "booked", ...about, when: booked && !booked.cancelledAt ? formatInterviewTime(booked.startsAt, booked.durationMinutes, zone) : null };
  }
  const refused = refusal(link, now);
  if (refused) return { state: "closed", ...about, message: refused };
  const { from, until } = windowOf(link, now);
  // Read with the link, for the same window.
  const people = timesOf(link.members, link.interviewerIds);
  if (people.length !== link.interviewerIds.length) return { state: "closed", ...about, message: LINK_UNUSABLE };
  const slots = availableSlots({ from, until, durationMinutes: link.durationMinutes, bufferMinutes: link.bufferMinutes, stepMinutes: SLOT_STEP_MINUTES, interviewers: people, limit: SLOT_LIMIT });
  return {
    state: "open",
    ...about,
    durationMinutes: link.durationMinutes,
    location: link.location,
    interviewers: people.map((person) => person.name),
    slots: slots.map((slot) => new Date(slot).toISOString()),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * Books the slot starting at `startsAt` for the link's candidate, who reads times in `timeZone` (the
 * interview is stated in it). Refused, with the reason, when the link was used, expired, withdrawn or
 * no longer works (CLOSED / CONFLICT), and when the slot is not free any more (CONFLICT, SLOT_TAKEN).
 */
export async function bookSlot(db: Database, token: string, pick: { startsAt: Date; timeZone: string }, mailer: Mailer, now: Date = new Date()): Promise<{ interviewId: string }> {
  const { interviewId, messageIds } = await db.transaction(async (tx) => {
    const link = await findLink(tx, token, { lock: true });
    if (!link) throw new DomainError("NOT_FOUND", SCHEDULING_LINK_NOT_FOUND);
    const refused = refusal(link, now);
    if (refused) throw new DomainError(link.bookedAt ? "CONFLICT" : "CLOSED", refused);
    const sender = senderOf(link)!;
    const application = await lockApplication(tx, sender, link.applicationId);
    let people;
    try {
      // Locks the interviewers' profiles: a booking through another link that offers one of them waits here.
      people = await pickInterviewers(tx, sender, application.jobId, link.interviewerIds);
    } catch (error) {
      if (error instanceof DomainError && error.code === "INVALID") throw new DomainError("CLOSED", LINK_UNUSABLE);
      throw error;
    }
    // Read again under the locks: what any booking that went first wrote is here now.
    const { from, until } = windowOf(link, now);
    const times = await interviewerTimes(tx, sender, link.interviewerIds, new Date(from), new Date(until));
    const startsAt = pick.startsAt.getTime();
    const onGrid = startsAt % (SLOT_STEP_MINUTES * 60_000) === 0;
    if (!onGrid || !slotIsFree({ from, until, durationMinutes: link.durationMinutes, bufferMinutes: link.bufferMinutes, interviewers: times }, startsAt)) {
      throw new DomainError("CONFLICT", SLOT_TAKEN);
    }
    const { id, emails } = await insertInterview(
      tx,
      sender,
      application,
      people,
      {
        title: link.title,
        startsAt: pick.startsAt,
        durationMinutes: link.durationMinutes,
        timeZone: pick.timeZone,
        location: link.location,
        notesForInterviewers: link.notesForInterviewers,
        interviewerIds: link.interviewerIds,
      },
      "application_interview_booked",
    );
    await tx
      .update(schedulingLinks)
      .set({ bookedInterviewId: id, bookedAt: now })
      .where(and(eq(schedulingLinks.id, link.id), owned(schedulingLinks, sender), isNull(schedulingLinks.bookedAt)));
    return { interviewId: id, messageIds: await mailer.record(emails, tx) };
  });
  mailer.deliver(messageIds);
  return { interviewId };
}

