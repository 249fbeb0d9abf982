import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { applications, interviewInterviewers, interviews, jobs } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned, preparedRead } from "../platform/tenancy.server";

/** The most interviews the dashboard lists for one day. */
export const AGENDA_MAX = 20;

export interface AgendaInterview {
  id: string;
  applicationId: string;
  title: string;
  candidateName: string;
  jobTitle: string;
  startsAt: Date;
  durationMinutes: number;
  location: string;
}

/**
 * The interviews the actor is an interviewer on that start in [from, to), in time order, cancelled
 * ones left out (issue 14: the dashboard's "Today's interviews", the day being the member's own).
 * One range of the index of a member's interviews by time.
 */
export async function listInterviewerAgenda(db: Queryable, actor: Actor, from: Date, to: Date): Promise<AgendaInterview[]> {
  // On every dashboard visit: prepared (decision 101), its plan one index range whoever asks.
  return preparedRead(
    db,
    actor,
    "interviewer_agenda",
    (actor) =>
      db
        .select({
          id: interviews.id,
          applicationId: interviews.applicationId,
          title: interviews.title,
          candidateName: applications.candidateName,
          jobTitle: jobs.title,
          startsAt: interviews.startsAt,
          durationMinutes: interviews.durationMinutes,
          location: interviews.location,
        })
        .from(interviewInterviewers)
        .innerJoin(interviews, and(eq(interviews.id, interviewInterviewers.interviewId), owned(interviews, actor), isNull(interviews.cancelledAt)))
        .innerJoin(applications, and(eq(applications.id, interviews.applicationId), owned(applications, actor)))
        .innerJoin(jobs, and(eq(jobs.id, applications.jobId), owned(jobs, actor)))
        .where(
          and(
            eq(interviewInterviewers.userId, actor.userId),
            owned(interviewInterviewers, actor),
            gte(interviewInterviewers.startsAt, sql.placeholder("from")),
            lt(interviewInterviewers.startsAt, sql.placeholder("to")),
          ),
        )
        .orderBy(asc(interviewInterviewers.startsAt), asc(interviews.id))
        .limit(AGENDA_MAX),
    { from, to },
  );
}
