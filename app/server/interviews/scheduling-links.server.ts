import { and, desc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { applications, blockedTimes, companies, interviewInterviewers, interviews, jobs, profiles, schedulingLinks, user } from "../../../db/schema";
import { DEFAULT_WORKING_HOURS } from "~/schemas/availability";
import { isUuid } from "~/schemas/id";
import { type SchedulingLinkInput, SLOT_STEP_MINUTES } from "~/schemas/scheduling-link";
import { formatInterviewTime, formatLongDate } from "~/schemas/zoned-time";
import { recordActivity } from "../activity/activity.server";
import { EMAIL_SIGNATURE, type Mailer } from "../mail/mailer.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.server";
import { acrossCompanies, type Actor, isOwnedBy, owned } from "../platform/tenancy.server";
import { insertInterview, lockApplication, memberName, pickInterviewers } from "./interviews.server";
import { availableSlots, type InterviewerTime, slotIsFree } from "./slots";

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
/** The longest interview: how far before a window an interviewer's earlier interview can still reach into it. */
const LONGEST_INTERVIEW = 12 * HOUR;

/** The link's address: `<base>/schedule/<token>`. */
export function schedulingLinkUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/$/, "")}/schedule/${token}`;
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
  const rows = await db
    .select({
      id: schedulingLinks.id,
      title: schedulingLinks.title,
      createdAt: schedulingLinks.createdAt,
      expiresAt: schedulingLinks.expiresAt,
      bookedAt: schedulingLinks.bookedAt,
      cancelledAt: schedulingLinks.cancelledAt,
    })
    .from(schedulingLinks)
    .where(and(eq(schedulingLinks.applicationId, applicationId), owned(schedulingLinks, actor)))
    .orderBy(desc(schedulingLinks.createdAt))
    .limit(20);
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

/** Each interviewer's zone, hours, interviews and blocked times from `from` to `until`, in the order of `ids`. */
export async function interviewerTimes(db: Queryable, actor: Actor, ids: readonly string[], from: Date, until: Date): Promise<(InterviewerTime & { id: string; name: string })[]> {
  const earliest = new Date(from.getTime() - LONGEST_INTERVIEW);
  const [members, taken, blocked] = await Promise.all([
    db
      .select({ id: profiles.id, name: memberName, timeZone: profiles.timeZone, workingHours: profiles.workingHours })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(inArray(profiles.id, [...ids]), owned(profiles, actor))),
    // Each interviewer's interviews by time: one range of interview_interviewers (user_id, starts_at) each.
    db
      .select({ userId: interviewInterviewers.userId, startsAt: interviews.startsAt, durationMinutes: interviews.durationMinutes })
      .from(interviewInterviewers)
      .innerJoin(interviews, and(eq(interviews.id, interviewInterviewers.interviewId), owned(interviews, actor)))
      .where(
        and(
          inArray(interviewInterviewers.userId, [...ids]),
          owned(interviewInterviewers, actor),
          gt(interviewInterviewers.startsAt, earliest),
          lt(interviewInterviewers.startsAt, until),
          isNull(interviews.cancelledAt),
        ),
      ),
    db
      .select({ userId: blockedTimes.userId, startsAt: blockedTimes.startsAt, endsAt: blockedTimes.endsAt })
      .from(blockedTimes)
      .where(and(inArray(blockedTimes.userId, [...ids]), owned(blockedTimes, actor), gt(blockedTimes.endsAt, from), lt(blockedTimes.startsAt, until))),
  ]);
  return ids.flatMap((id) => {
    const member = members.find((row) => row.id === id);
    if (!member) return [];
    return [
      {
        id,
        name: member.name,
        timeZone: member.timeZone ?? "UTC",
        workingHours: member.workingHours ?? DEFAULT_WORKING_HOURS,
        interviews: taken.filter((row) => row.userId === id).map((row) => ({ start: row.startsAt.getTime(), end: row.startsAt.getTime() + row.durationMinutes * 60_000 })),
        blocked: blocked.filter((row) => row.userId === id).map((row) => ({ start: row.startsAt.getTime(), end: row.endsAt.getTime() })),
      },
    ];
  });
}

/** The link a token names, with what its page says, read across companies (the token names the company). */
async function findLink(db: Queryable, token: string, lock: boolean) {
  const query = db
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
      senderRole: profiles.role,
      senderCompanyId: profiles.companyId,
    })
    .from(schedulingLinks)
    .innerJoin(companies, eq(companies.id, schedulingLinks.companyId))
    .innerJoin(applications, eq(applications.id, schedulingLinks.applicationId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .leftJoin(profiles, eq(profiles.id, schedulingLinks.createdBy))
    .where(and(eq(schedulingLinks.tokenHash, hashSecretToken(token)), acrossCompanies(schedulingLinks)));
  const [link] = lock ? await query.for("update", { of: schedulingLinks }) : await query;
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
  const link = await findLink(db, token, false);
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
  const sender = senderOf(link)!;
  const { from, until } = windowOf(link, now);
  const people = await interviewerTimes(db, sender, link.interviewerIds, new Date(from), new Date(until));
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
    const link = await findLink(tx, token, true);
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

