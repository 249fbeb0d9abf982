import { data } from "react-router";
import type { NoteAnswer } from "~/features/notes/notes-panel";
import { AddNoteSchema, DeleteNoteSchema, EditNoteSchema, NOTE_MAX } from "~/schemas/note";
import { parseForm } from "~/schemas/parse-form";
import type { Staff } from "~/server/accounts/session.server";
import { appMailer } from "~/server/mail/mailer.server";
import { addNote, deleteNote, editNote, type NoteTarget } from "~/server/notes/notes.server";
import type { Database } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";

// The notes forms of the application and candidate pages (decision 098), answered the same on both:
// a note saved goes back to the page with a notice; a refusal shows beside the note's form (a note
// that is gone, or another member's, at the top of the page), with what was typed.

export const NOTE_INTENTS = ["add-note", "edit-note", "delete-note"] as const;
export type NoteIntent = (typeof NOTE_INTENTS)[number];

export const isNoteIntent = (intent: string | undefined): intent is NoteIntent => NOTE_INTENTS.includes(intent as NoteIntent);

/** What the page's notes form posted: the intent and the note's fields. */
export interface NoteForm {
  intent: NoteIntent;
  noteId: string | undefined;
  body: string | undefined;
}

export async function answerNoteForm(db: Database, staff: Staff, target: NoteTarget, form: NoteForm, page: string) {
  const noteValues = { intent: form.intent, noteId: (form.noteId ?? "").slice(0, 36), body: (form.body ?? "").slice(0, NOTE_MAX) };
  const refused = (errors: NoteAnswer["errors"], init: ResponseInit) => data({ errors, done: null, undo: false, noteValues }, init);
  try {
    if (form.intent === "add-note") {
      const parsed = parseForm(AddNoteSchema, form);
      if (!parsed.success) return refused(parsed.errors, { status: 400 });
      await addNote(db, staff, target, parsed.data, appMailer());
      return redirectWithNotice(page, "note-added");
    }
    if (form.intent === "edit-note") {
      const parsed = parseForm(EditNoteSchema, form);
      if (!parsed.success) return refused(parsed.errors.noteId ? { form: parsed.errors.noteId } : parsed.errors, { status: parsed.errors.noteId ? 404 : 400 });
      await editNote(db, staff, parsed.data.noteId, parsed.data, appMailer());
      return redirectWithNotice(page, "note-saved");
    }
    const parsed = parseForm(DeleteNoteSchema, form);
    if (!parsed.success) return refused({ form: parsed.errors.noteId }, { status: 404 });
    await deleteNote(db, staff, parsed.data.noteId);
    return redirectWithNotice(page, "note-deleted");
  } catch (error) {
    // The page itself gone, a note gone or another member's: said at the top of the page.
    const answer = answerDomainError(error, { answerNotFound: true, field: "form" });
    return refused(answer.errors, answer.init);
  }
}
