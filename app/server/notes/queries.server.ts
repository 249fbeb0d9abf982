import { and, desc, eq, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { applications, feedbackRequests, jobs, notes, profiles, scorecards, user } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned, preparedRead } from "../platform/tenancy.server";

/** The most notes a page shows (newest first); a longer conversation belongs elsewhere. */
export const NOTES_SHOWN = 200;

export interface NoteRow {
  id: string;
  body: string;
  authorId: string | null;
  authorName: string | null;
  createdAt: Date;
  editedAt: Date | null;
  /** The application it is on, with its job, or null for a note on the candidate. */
  applicationId: string | null;
  jobTitle: string | null;
}

/** An application's notes, or all of a candidate's (theirs and their applications'), newest first. */
export async function listNotes(db: Queryable, actor: Actor, on: { applicationId: string } | { candidateId: string }, limit = NOTES_SHOWN): Promise<NoteRow[]> {
  if ("applicationId" in on) return notesQuery(db, actor, eq(notes.applicationId, on.applicationId)).limit(Math.min(limit, NOTES_SHOWN));
  // A candidate's page asks it on every visit: prepared (decision 101).
  return preparedRead(db, actor, "candidate_notes", (actor) => notesQuery(db, actor, eq(notes.candidateId, sql.placeholder("candidateId"))).limit(sql.placeholder("limit")), {
    candidateId: on.candidateId,
    limit: Math.min(limit, NOTES_SHOWN),
  });
}

/** The notes `where` picks of the actor's company, with their authors and jobs, newest first. */
function notesQuery(db: Queryable, actor: Actor, where: SQL | undefined) {
  return db
    .select({
      id: notes.id,
      body: notes.body,
      authorId: notes.authorId,
      authorName: sql<string | null>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`,
      createdAt: notes.createdAt,
      editedAt: notes.editedAt,
      applicationId: notes.applicationId,
      jobTitle: jobs.title,
    })
    .from(notes)
    .leftJoin(profiles, and(eq(profiles.id, notes.authorId), owned(profiles, actor)))
    .leftJoin(user, eq(user.id, profiles.id))
    .leftJoin(applications, and(eq(applications.id, notes.applicationId), owned(applications, actor)))
    .leftJoin(jobs, and(eq(jobs.id, applications.jobId), owned(jobs, actor)))
    .where(and(where, owned(notes, actor)))
    .orderBy(desc(notes.createdAt), desc(notes.id));
}

/** The actor was asked for feedback on the application and has not submitted theirs (decision 099). */
function owesFeedback(actor: Actor, applicationId: SQLWrapper): SQL {
  return sql`(exists (select 1 from ${feedbackRequests} where ${feedbackRequests.applicationId} = ${applicationId}
      and ${feedbackRequests.reviewerId} = ${actor.userId} and ${feedbackRequests.companyId} = ${actor.companyId})
    and not exists (select 1 from ${scorecards} where ${scorecards.applicationId} = ${applicationId}
      and ${scorecards.authorId} = ${actor.userId} and ${scorecards.companyId} = ${actor.companyId} and ${scorecards.submittedAt} is not null))`;
}

/**
 * An application's notes as the actor may read them, newest first. Whoever owes their feedback on it
 * reads only their own notes until they submit it: teammates' notes are feedback too, and would
 * anchor theirs (decision 099). `withheld`: teammates' notes are being kept from the actor. Both
 * statements are prepared: the Notes tab asks them on every visit (decision 100).
 */
export async function listApplicationNotes(db: Queryable, actor: Actor, applicationId: string, limit = NOTES_SHOWN): Promise<{ notes: NoteRow[]; withheld: boolean }> {
  const application = sql.placeholder("applicationId");
  const values = { applicationId, limit: Math.min(limit, NOTES_SHOWN) };
  const [rows, [state]] = await Promise.all([
    preparedRead(
      db,
      actor,
      "application_notes",
      (actor) =>
        notesQuery(db, actor, and(eq(notes.applicationId, application), or(eq(notes.authorId, actor.userId), sql`not ${owesFeedback(actor, application)}`))).limit(
          sql.placeholder("limit"),
        ),
      values,
    ),
    preparedRead(
      db,
      actor,
      "application_notes_withheld",
      (actor) =>
        db
          .select({
            withheld: sql<boolean>`${owesFeedback(actor, application)} and exists (select 1 from ${notes} where ${notes.applicationId} = ${application}
              and ${notes.companyId} = ${actor.companyId} and ${notes.authorId} is distinct from ${actor.userId})`,
          })
          .from(sql`(select 1) as one`),
      values,
    ),
  ]);
  return { notes: rows, withheld: state?.withheld ?? false };
}
