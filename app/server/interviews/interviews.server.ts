import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { applications, companies, feedbackRequests, interviewInterviewers, interviews, jobs, jobTeamMembers, profiles, user } from "../../../db/schema";
import { formatInterviewTime, instantToZonedTime } from "~/schemas/zoned-time";
import { isUuid } from "~/schemas/id";
import type { InterviewInput } from "~/schemas/interview";
import { recordActivity } from "../activity/activity.server";
import type { Mailer, OutgoingEmail } from "../mail/mailer.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, ownedSql, preparedRead, seesApplication } from "../platform/tenancy.server";
import { APPLICATION_NOT_FOUND } from "../applications/pipeline.server";
import {
  buildInvitationCalendar,
  type InvitationChange,
  type InvitationInterview,
  type InvitationParties,
  type InvitationPerson,
  invitationEmail,
} from "./invitation.server";

/*
 * Interviews (issue 14, decision 102): scheduling, moving and cancelling one, each in one transaction
 * with its history entry and the invitation emails it sends (recorded in the outbox in the same
 * transaction, delivered once it commits). Interviewers are members of the company, and of the job's
 * hiring team where the job has one; each is asked for feedback on the application, which is what
 * opens it to an interviewer (decision 096).
 */

export const INTERVIEW_NOT_FOUND = "Interview not found";
export const INTERVIEW_CANCELLED = "This interview is cancelled.";
export const INTERVIEWER_NOT_IN_TEAM = "Interviewers must be members of your company.";
export const INTERVIEWER_NOT_ON_HIRING_TEAM = "Interviewers must be on this job's hiring team.";

/** The name a member goes by: their full name, else their email address. */
export const memberName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`;

export interface LockedApplication {
  id: string;
  jobId: string;
  jobTitle: string;
  candidateName: string;
  candidateEmail: string;
  companyName: string;
}

/** The application, locked, if the actor sees it. */
export async function lockApplication(tx: Queryable, actor: Actor, applicationId: string): Promise<LockedApplication> {
  if (!isUuid(applicationId)) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
  const [application] = await tx
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      candidateName: applications.candidateName,
      candidateEmail: applications.candidateEmail,
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(jobs, and(eq(jobs.id, applications.jobId), owned(jobs, actor)))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(and(eq(applications.id, applicationId), owned(applications, actor), seesApplication(applications, actor)))
    .for("update", { of: applications });
  if (!application) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
  return application;
}

/** An interviewer: a member, with the zone their emails state times in (null until they set one). */
export interface Interviewer extends InvitationPerson {
  id: string;
  timeZone: string | null;
}

/**
 * The chosen interviewers as people, refused unless each is a member (and on the job's hiring team,
 * if it has one). Their profiles are locked, in one order, so that a self-scheduled booking that
 * checks their free time (decision 103) and any other interview being put in their calendars
 * happen one after the other.
 */
export async function pickInterviewers(tx: Queryable, actor: Actor, jobId: string, ids: readonly string[]): Promise<Interviewer[]> {
  const members = await tx
    .select({ id: profiles.id, name: memberName, email: user.email, timeZone: profiles.timeZone })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(inArray(profiles.id, [...ids]), owned(profiles, actor)))
    .orderBy(asc(profiles.id))
    .for("no key update", { of: profiles });
  if (members.length !== ids.length) throw new DomainError("INVALID", INTERVIEWER_NOT_IN_TEAM, { field: "interviewerIds" });
  const team = await tx
    .select({ userId: jobTeamMembers.userId })
    .from(jobTeamMembers)
    .where(and(eq(jobTeamMembers.jobId, jobId), owned(jobTeamMembers, actor)));
  if (team.length > 0) {
    const onTeam = new Set(team.map((row) => row.userId));
    if (members.some((member) => !onTeam.has(member.id))) throw new DomainError("INVALID", INTERVIEWER_NOT_ON_HIRING_TEAM, { field: "interviewerIds" });
  }
  // In the order chosen.
  return ids.map((id) => members.find((member) => member.id === id)!);
}

export async function organizer(tx: Queryable, actor: Actor): Promise<InvitationPerson> {
  const [row] = await tx
    .select({ name: memberName, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(eq(profiles.id, actor.userId), owned(profiles, actor)));
  if (!row) throw new DomainError("FORBIDDEN", "Your membership of this company has ended.");
  return row;
}

/** The invitation emails of one change: each interviewer's and the candidate's, each with its .ics. */
function invitationEmails(
  change: InvitationChange,
  interview: InvitationInterview,
  parties: InvitationParties,
  application: LockedApplication,
  actor: Actor,
  recipients: { interviewers: Interviewer[]; candidate: boolean; method: "REQUEST" | "CANCEL" },
): OutgoingEmail[] {
  const emails: OutgoingEmail[] = [];
  // Each interviewer reads the time in their own zone (Settings › Profile, decision 103), else the interview's, named.
  for (const person of recipients.interviewers) {
    const { subject, body } = invitationEmail(change, interview, parties, { name: person.name, audience: "interviewer", timeZone: person.timeZone });
    emails.push({
      to: person.email,
      subject,
      body,
      kind: `interview-${change}`,
      companyId: actor.companyId,
      replyTo: null,
      calendar: { method: recipients.method, content: buildInvitationCalendar(recipients.method, interview, parties, "interviewer") },
    });
  }
  if (recipients.candidate) {
    const { subject, body } = invitationEmail(change, interview, parties, { name: application.candidateName, audience: "candidate", timeZone: null });
    emails.push({
      to: application.candidateEmail,
      subject,
      body,
      kind: `interview-${change}`,
      companyId: actor.companyId,
      // In the application's thread, so the recruiter sees what the candidate was sent.
      applicationId: application.id,
      calendar: { method: recipients.method, content: buildInvitationCalendar(recipients.method, interview, parties, "candidate") },
    });
  }
  return emails;
}

function partiesOf(application: LockedApplication, organizerPerson: InvitationPerson, interviewers: Interviewer[]): InvitationParties {
  return {
    organizer: organizerPerson,
    candidate: { name: application.candidateName, email: application.candidateEmail },
    interviewers,
    companyName: application.companyName,
    jobTitle: application.jobTitle,
  };
}

/** Asks the interviewers for feedback on the application (what opens it to an interviewer); asking again changes nothing. */
async function askInterviewersForFeedback(tx: Queryable, actor: Actor, applicationId: string, interviewerIds: readonly string[]) {
  await tx
    .insert(feedbackRequests)
    .values(interviewerIds.map((reviewerId) => ({ companyId: actor.companyId, applicationId, reviewerId, requestedBy: actor.userId })))
    .onConflictDoNothing();
}

/**
 * Writes a new interview of a locked application with its interviewers (picked and locked), asks them
 * for feedback, records its history entry and answers the invitations to send: the one way an
 * interview comes to be, whether a member scheduled it or the candidate booked it from a link.
 */
export async function insertInterview(
  tx: Queryable,
  actor: Actor,
  application: LockedApplication,
  people: Interviewer[],
  input: Omit<InterviewInput, "date" | "startTime">,
  history: "application_interview_scheduled" | "application_interview_booked",
): Promise<{ id: string; emails: OutgoingEmail[] }> {
  const parties = partiesOf(application, await organizer(tx, actor), people);
  const uid = `${randomUUID()}@openhire`;
  const [row] = await tx
    .insert(interviews)
    .values({
      companyId: actor.companyId,
      applicationId: application.id,
      title: input.title,
      startsAt: input.startsAt,
      durationMinutes: input.durationMinutes,
      timeZone: input.timeZone,
      location: input.location,
      notesForInterviewers: input.notesForInterviewers,
      uid,
      sequence: 0,
      createdBy: actor.userId,
    })
    .returning({ id: interviews.id });
  const interviewId = row!.id;
  await tx.insert(interviewInterviewers).values(people.map((person) => ({ companyId: actor.companyId, interviewId, userId: person.id, startsAt: input.startsAt })));
  await askInterviewersForFeedback(tx, actor, application.id, people.map((person) => person.id));
  const interview: InvitationInterview = { ...input, uid, sequence: 0 };
  await recordActivity(tx, {
    companyId: actor.companyId,
    // A booking is the candidate's doing: no member acted.
    actorId: history === "application_interview_booked" ? null : actor.userId,
    type: history,
    subjectType: "application",
    subjectId: application.id,
    data: {
      candidateName: application.candidateName,
      jobId: application.jobId,
      title: input.title,
      when: formatInterviewTime(input.startsAt, input.durationMinutes, input.timeZone),
      interviewers: people.map((person) => person.name),
    },
  });
  const emails = invitationEmails("scheduled", interview, parties, application, actor, { interviewers: people, candidate: true, method: "REQUEST" });
  return { id: interviewId, emails };
}

/** Schedules an interview of an application the actor sees, invites everyone, and answers its id. */
export async function scheduleInterview(db: Database, actor: Actor, applicationId: string, input: InterviewInput, mailer: Mailer): Promise<{ id: string }> {
  const { id, messageIds } = await db.transaction(async (tx) => {
    const application = await lockApplication(tx, actor, applicationId);
    const people = await pickInterviewers(tx, actor, application.jobId, input.interviewerIds);
    const { id, emails } = await insertInterview(tx, actor, application, people, input, "application_interview_scheduled");
    return { id, messageIds: await mailer.record(emails, tx) };
  });
  mailer.deliver(messageIds);
  return { id };
}

/** The interview (locked) and its application, if the actor sees the application and it is the company's. */
async function lockInterview(tx: Queryable, actor: Actor, interviewId: string) {
  if (!isUuid(interviewId)) throw new DomainError("NOT_FOUND", INTERVIEW_NOT_FOUND);
  const [row] = await tx
    .select({ id: interviews.id, applicationId: interviews.applicationId, uid: interviews.uid, sequence: interviews.sequence, cancelledAt: interviews.cancelledAt })
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), owned(interviews, actor)))
    .for("update");
  if (!row) throw new DomainError("NOT_FOUND", INTERVIEW_NOT_FOUND);
  let application: LockedApplication;
  try {
    application = await lockApplication(tx, actor, row.applicationId);
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") throw new DomainError("NOT_FOUND", INTERVIEW_NOT_FOUND);
    throw error;
  }
  if (row.cancelledAt) throw new DomainError("CLOSED", INTERVIEW_CANCELLED);
  const current: Interviewer[] = await tx
    .select({ id: profiles.id, name: memberName, email: user.email, timeZone: profiles.timeZone })
    .from(interviewInterviewers)
    .innerJoin(profiles, eq(profiles.id, interviewInterviewers.userId))
    .innerJoin(user, eq(user.id, interviewInterviewers.userId))
    .where(and(eq(interviewInterviewers.interviewId, interviewId), owned(interviewInterviewers, actor)));
  return { row, application, current };
}

/**
 * Moves an interview (its time, length, zone, title, place, notes or interviewers): SEQUENCE is raised,
 * everyone still on it gets the updated REQUEST, and an interviewer taken off it gets a CANCEL.
 * `applicationId`, when given, must be the interview's (the page it was posted from).
 */
export async function rescheduleInterview(db: Database, actor: Actor, interviewId: string, input: InterviewInput, mailer: Mailer, applicationId?: string) {
  const messageIds = await db.transaction(async (tx) => {
    const { row, application, current } = await lockInterview(tx, actor, interviewId);
    if (applicationId !== undefined && row.applicationId !== applicationId) throw new DomainError("NOT_FOUND", INTERVIEW_NOT_FOUND);
    const people = await pickInterviewers(tx, actor, application.jobId, input.interviewerIds);
    const sequence = row.sequence + 1;
    await tx
      .update(interviews)
      .set({
        title: input.title,
        startsAt: input.startsAt,
        durationMinutes: input.durationMinutes,
        timeZone: input.timeZone,
        location: input.location,
        notesForInterviewers: input.notesForInterviewers,
        sequence,
      })
      .where(and(eq(interviews.id, interviewId), owned(interviews, actor)));
    await tx.delete(interviewInterviewers).where(and(eq(interviewInterviewers.interviewId, interviewId), owned(interviewInterviewers, actor)));
    await tx.insert(interviewInterviewers).values(people.map((person) => ({ companyId: actor.companyId, interviewId, userId: person.id, startsAt: input.startsAt })));
    await askInterviewersForFeedback(tx, actor, row.applicationId, input.interviewerIds);
    const parties = partiesOf(application, await organizer(tx, actor), people);
    const interview: InvitationInterview = { ...input, uid: row.uid, sequence };
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "application_interview_rescheduled",
      subjectType: "application",
      subjectId: row.applicationId,
      data: {
        candidateName: application.candidateName,
        jobId: application.jobId,
        title: input.title,
        when: formatInterviewTime(input.startsAt, input.durationMinutes, input.timeZone),
        interviewers: people.map((person) => person.name),
      },
    });
    const kept = new Set(people.map((person) => person.id));
    const removed = current.filter((person) => !kept.has(person.id));
    const emails = [
      ...invitationEmails("rescheduled", interview, parties, application, actor, { interviewers: people, candidate: true, method: "REQUEST" }),
      ...invitationEmails("cancelled", interview, parties, application, actor, { interviewers: removed, candidate: false, method: "CANCEL" }),
    ];
    return mailer.record(emails, tx);
  });
  mailer.deliver(messageIds);
}

/** Cancels an interview: kept, marked cancelled, SEQUENCE raised, and everyone on it sent METHOD:CANCEL. */
export async function cancelInterview(db: Database, actor: Actor, interviewId: string, mailer: Mailer, applicationId?: string) {
  const messageIds = await db.transaction(async (tx) => {
    const { row, application, current } = await lockInterview(tx, actor, interviewId);
    if (applicationId !== undefined && row.applicationId !== applicationId) throw new DomainError("NOT_FOUND", INTERVIEW_NOT_FOUND);
    const sequence = row.sequence + 1;
    const [updated] = await tx
      .update(interviews)
      .set({ cancelledAt: new Date(), sequence })
      .where(and(eq(interviews.id, interviewId), owned(interviews, actor), isNull(interviews.cancelledAt)))
      .returning();
    const stored = updated!;
    const interview: InvitationInterview = {
      uid: stored.uid,
      sequence,
      title: stored.title,
      startsAt: stored.startsAt,
      durationMinutes: stored.durationMinutes,
      timeZone: stored.timeZone,
      location: stored.location,
      notesForInterviewers: stored.notesForInterviewers,
    };
    const parties = partiesOf(application, await organizer(tx, actor), current);
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "application_interview_cancelled",
      subjectType: "application",
      subjectId: row.applicationId,
      data: {
        candidateName: application.candidateName,
        jobId: application.jobId,
        title: stored.title,
        when: formatInterviewTime(stored.startsAt, stored.durationMinutes, stored.timeZone),
        interviewers: current.map((person) => person.name),
      },
    });
    return mailer.record(invitationEmails("cancelled", interview, parties, application, actor, { interviewers: current, candidate: true, method: "CANCEL" }), tx);
  });
  mailer.deliver(messageIds);
}

export interface InterviewView {
  id: string;
  applicationId: string;
  jobTitle: string;
  title: string;
  startsAt: string;
  durationMinutes: number;
  timeZone: string;
  location: string;
  notesForInterviewers: string;
  sequence: number;
  cancelled: boolean;
  interviewers: { id: string; name: string }[];
}

/**
 * The interviews of an application, or of every application of a candidate, that the actor sees, in
 * time order. An interviewer (who sees only what they are asked about) sees the interviews they are on.
 */
export async function listInterviews(db: Queryable, actor: Actor, of: { applicationId: string } | { candidateId: string }): Promise<InterviewView[]> {
  const key = "applicationId" in of ? of.applicationId : of.candidateId;
  if (!isUuid(key)) return [];
  // The interviews the actor sees of the application or candidate `where` picks, in time order.
  const query = (actor: Actor, where: SQL) =>
    db
      .select({
        id: interviews.id,
        applicationId: interviews.applicationId,
        jobTitle: jobs.title,
        title: interviews.title,
        startsAt: interviews.startsAt,
        durationMinutes: interviews.durationMinutes,
        timeZone: interviews.timeZone,
        location: interviews.location,
        notesForInterviewers: interviews.notesForInterviewers,
        sequence: interviews.sequence,
        cancelledAt: interviews.cancelledAt,
      })
      .from(interviews)
      .innerJoin(applications, and(eq(applications.id, interviews.applicationId), owned(applications, actor)))
      .innerJoin(jobs, and(eq(jobs.id, applications.jobId), owned(jobs, actor)))
      .where(
        and(
          owned(interviews, actor),
          where,
          seesApplication(applications, actor),
          actor.role === "interviewer"
            ? sql`${interviews.id} in (select i.interview_id from interview_interviewers i where i.user_id = ${actor.userId} and ${ownedSql("i", actor)})`
            : undefined,
        ),
      )
      .orderBy(asc(interviews.startsAt), asc(interviews.id));
  // An application's on every visit of its Overview, a candidate's on every visit of their page:
  // prepared (decisions 100, 101 and 145).
  const rows =
    "applicationId" in of
      ? await preparedRead(db, actor, "application_interviews", (actor) => query(actor, eq(interviews.applicationId, sql.placeholder("applicationId"))), {
          applicationId: of.applicationId,
        })
      : await preparedRead(db, actor, "candidate_interviews", (actor) => query(actor, eq(applications.candidateId, sql.placeholder("candidateId"))), {
          candidateId: of.candidateId,
        });
  if (rows.length === 0) return [];
  const people = await db
    .select({ interviewId: interviewInterviewers.interviewId, id: interviewInterviewers.userId, name: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email}, 'Former staff member')` })
    .from(interviewInterviewers)
    .leftJoin(profiles, eq(profiles.id, interviewInterviewers.userId))
    .leftJoin(user, eq(user.id, interviewInterviewers.userId))
    .where(and(inArray(interviewInterviewers.interviewId, rows.map((row) => row.id)), owned(interviewInterviewers, actor)))
    // By name (the third column; the second is the member's id, random).
    .orderBy(asc(sql`3`));
  return rows.map(({ cancelledAt, startsAt, ...row }) => ({
    ...row,
    startsAt: startsAt.toISOString(),
    cancelled: cancelledAt !== null,
    interviewers: people.filter((person) => person.interviewId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

/**
 * What the pages show of interviews: the time written in the viewer's zone (named), whether it is
 * past, and the values a reschedule form starts from (the interview's own date, time and zone).
 */
export function interviewItems(list: readonly InterviewView[], viewerZone: string, now: Date = new Date()) {
  return list.map((interview) => {
    const startsAt = new Date(interview.startsAt);
    const own = instantToZonedTime(startsAt, interview.timeZone);
    return {
      id: interview.id,
      title: interview.title,
      when: formatInterviewTime(startsAt, interview.durationMinutes, viewerZone),
      jobTitle: interview.jobTitle,
      location: interview.location,
      notesForInterviewers: interview.notesForInterviewers,
      cancelled: interview.cancelled,
      past: startsAt.getTime() + interview.durationMinutes * 60_000 < now.getTime(),
      interviewers: interview.interviewers,
      form: {
        title: interview.title,
        date: own.date,
        startTime: own.time,
        durationMinutes: String(interview.durationMinutes),
        timeZone: interview.timeZone,
        location: interview.location,
        notesForInterviewers: interview.notesForInterviewers,
        interviewerIds: interview.interviewers.map((person) => person.id),
      },
    };
  });
}
