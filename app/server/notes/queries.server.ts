import { and, desc, eq, sql } from "drizzle-orm";
import { applications, jobs, notes, profiles, user } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned } from "../platform/tenancy.server";

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
    .where(and("applicationId" in on ? eq(notes.applicationId, on.applicationId) : eq(notes.candidateId, on.candidateId), owned(notes, actor)))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(Math.min(limit, NOTES_SHOWN));
}
