import type { NoteView } from "~/features/notes/notes-panel";
import type { Actor } from "~/server/platform/tenancy.server";
import type { NoteRow } from "~/server/notes/queries.server";

/** The notes as the Notes panel shows them: explicit fields, the author's name, and whether they are the viewer's own. */
export function noteViews(notes: readonly NoteRow[], viewer: Actor): NoteView[] {
  return notes.map((note) => ({
    id: note.id,
    body: note.body,
    authorName: note.authorName ?? "Former staff member",
    mine: note.authorId === viewer.userId,
    createdAt: note.createdAt.toISOString(),
    edited: note.editedAt !== null,
    application: note.applicationId && note.jobTitle ? { id: note.applicationId, jobTitle: note.jobTitle } : null,
  }));
}
