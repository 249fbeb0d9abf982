import { and, eq } from "drizzle-orm";
import { applications, candidates, jobs, notes } from "../../../db/schema";
import { type AddNoteInput, keepMentionsOf, mentionedUserIds, NOTE_NOT_FOUND } from "~/schemas/note";
import type { Mailer } from "../mail/mailer.server";
import type { Database, Transaction } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, seesApplication } from "../platform/tenancy.server";
import type { MentionedNote } from "../notifications/emails.server";
import { notifyMentions } from "../notifications/mentions.server";
import { listMentionableMembers } from "./members.server";

/** What a note is written on: an application (and so its candidate), or a candidate alone. */
export type NoteTarget = { applicationId: string } | { candidateId: string };

export const NOT_YOUR_NOTE = "You can only change your own notes";

/** The application or candidate, of the actor's company, a new note is written on. */
async function findTarget(tx: Transaction, actor: Actor, target: NoteTarget): Promise<Omit<MentionedNote, "id" | "body">> {
  if ("applicationId" in target) {
    const [row] = await tx
      .select({ applicationId: applications.id, candidateId: applications.candidateId, candidateName: candidates.name, jobTitle: jobs.title })
      .from(applications)
      .innerJoin(candidates, eq(candidates.id, applications.candidateId))
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(and(eq(applications.id, target.applicationId), owned(applications, actor), seesApplication(applications, actor)));
    if (!row) throw new DomainError("NOT_FOUND", "Application not found");
    return row;
  }
  const [row] = await tx
    .select({ candidateId: candidates.id, candidateName: candidates.name })
    .from(candidates)
    .where(and(eq(candidates.id, target.candidateId), owned(candidates, actor)));
  if (!row) throw new DomainError("NOT_FOUND", "Candidate not found");
  return { ...row, applicationId: null, jobTitle: null };
}

/** The actor's own note, locked for the change; another member's is refused, another company's is not found. */
async function ownNote(tx: Transaction, actor: Actor, noteId: string) {
  const [note] = await tx
    .select({ id: notes.id, authorId: notes.authorId, body: notes.body, candidateId: notes.candidateId, applicationId: notes.applicationId })
    .from(notes)
    .where(and(eq(notes.id, noteId), owned(notes, actor)))
    .for("update");
  if (!note) throw new DomainError("NOT_FOUND", NOTE_NOT_FOUND, { field: "note" });
  if (note.authorId !== actor.userId) throw new DomainError("FORBIDDEN", NOT_YOUR_NOTE, { field: "note" });
  return note;
}

/**
 * Writes a note on an application or a candidate (decision 098), and notifies the teammates it
 * mentions, in one transaction; mentions of anyone outside the company are kept as plain text.
 * Their "at once" emails are delivered once it has committed.
 */
export async function addNote(db: Database, actor: Actor, target: NoteTarget, input: AddNoteInput, mailer: Mailer): Promise<{ id: string }> {
  const { id, messages } = await db.transaction(async (tx) => {
    const where = await findTarget(tx, actor, target);
    const members = await listMentionableMembers(tx, actor);
    const memberIds = new Set(members.map((member) => member.userId));
    const body = keepMentionsOf(input.body, (userId) => memberIds.has(userId));
    const [note] = await tx
      .insert(notes)
      .values({ companyId: actor.companyId, candidateId: where.candidateId, applicationId: where.applicationId, authorId: actor.userId, body })
      .returning({ id: notes.id });
    const messages = await notifyMentions(tx, actor, { ...where, id: note!.id, body }, mentionedUserIds(body), members, mailer);
    return { id: note!.id, messages };
  });
  mailer.deliver(messages);
  return { id };
}

/** Changes the actor's own note; teammates it mentions for the first time are notified. */
export async function editNote(db: Database, actor: Actor, noteId: string, input: AddNoteInput, mailer: Mailer): Promise<void> {
  const messages = await db.transaction(async (tx) => {
    const note = await ownNote(tx, actor, noteId);
    const members = await listMentionableMembers(tx, actor);
    const memberIds = new Set(members.map((member) => member.userId));
    const body = keepMentionsOf(input.body, (userId) => memberIds.has(userId));
    if (body === note.body) return [];
    await tx
      .update(notes)
      .set({ body, editedAt: new Date() })
      .where(and(eq(notes.id, note.id), owned(notes, actor)));
    const where = await findTarget(tx, actor, note.applicationId ? { applicationId: note.applicationId } : { candidateId: note.candidateId });
    return notifyMentions(tx, actor, { ...where, id: note.id, body }, mentionedUserIds(body), members, mailer);
  });
  mailer.deliver(messages);
}

/** Deletes the actor's own note, and the notifications of its mentions with it. */
export async function deleteNote(db: Database, actor: Actor, noteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const note = await ownNote(tx, actor, noteId);
    await tx.delete(notes).where(and(eq(notes.id, note.id), owned(notes, actor)));
  });
}
