import { applicationHref } from "~/lib/application-href";
import { withQuery } from "~/components/ui/kept-query";
import { useMemo } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button, buttonStyles } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";
import type { FieldErrors } from "~/schemas/parse-form";
import { AddNoteSchema, EditNoteSchema, noteAsPlainText } from "~/schemas/note";
import { NoteEditor, type NoteMember } from "./note-editor";
import { NoteText } from "./note-text";

/** A note as the page shows it. */
export interface NoteView {
  id: string;
  body: string;
  authorName: string;
  /** The signed-in member wrote it: they may edit and delete it. */
  mine: boolean;
  createdAt: string;
  edited: boolean;
  /** The application it was written on (the candidate page names the job), or null. */
  application: { id: string; jobTitle: string } | null;
}

/** What a refused note form answers: its errors and what was typed. */
export interface NoteAnswer {
  errors?: FieldErrors | null;
  noteValues?: { intent: string; noteId: string; body: string };
}

/**
 * The Notes panel of an application or a candidate (decision 098): "Add note" on top, then the notes
 * newest first, each with its author, time and "edited"; the author's own with Edit (in place, at
 * `?edit=<id>`, with or without JavaScript) and Delete (confirmed). `showJob` names each note's job
 * (the candidate page shows the notes of all their applications).
 */
export function NotesPanel({
  notes,
  members,
  answer,
  showJob = false,
  moreHref = null,
  withheld = null,
}: {
  notes: readonly NoteView[];
  members: readonly NoteMember[];
  answer?: NoteAnswer | null;
  showJob?: boolean;
  /** Where all the notes are, when the page shows only the newest. */
  moreHref?: string | null;
  /** Why some notes are not shown (a member who owes their feedback, decision 099). */
  withheld?: string | null;
}) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const names = useMemo(() => new Map(members.map((member) => [member.userId, member.name])), [members]);
  const refused = answer?.noteValues;
  const editing = refused?.intent === "edit-note" ? refused.noteId : searchParams.get("edit");
  const addErrors = refused?.intent === "add-note" ? (answer?.errors ?? undefined) : undefined;
  const add = useValidatedForm(AddNoteSchema, addErrors ?? undefined);

  return (
    <Panel id="notes" title={notes.length > 0 ? `Notes (${notes.length}${moreHref ? "+" : ""})` : "Notes"}>
      <Form method="post" noValidate preventScrollReset onSubmit={add.onSubmit} onChange={add.onChange} className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="add-note" />
        <NoteEditor
          // A note added starts the editor empty again.
          key={`add-${notes[0]?.id ?? "none"}`}
          label="Add a note"
          members={members}
          defaultValue={refused?.intent === "add-note" ? refused.body : ""}
          error={add.errors.body}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Add note
        </Button>
      </Form>

      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No notes yet.</p>
      ) : (
        <ol className="mt-5 space-y-4 border-t border-slate-100 pt-4" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} id={`note-${note.id}`} className="note">
              <p className="text-xs text-slate-500">
                <span className="font-semibold text-slate-800">{note.authorName}</span> · <LocalDate value={note.createdAt} withTime />
                {note.edited ? " · edited" : ""}
                {showJob ? (
                  <>
                    {" · "}
                    {note.application ? (
                      <Link to={applicationHref(note.application.id, "notes", `note-${note.id}`)} className="font-medium text-brand-700 hover:text-brand-800">
                        {note.application.jobTitle}
                      </Link>
                    ) : (
                      "Candidate"
                    )}
                  </>
                ) : null}
              </p>
              {note.mine && editing === note.id ? (
                <EditNote note={note} members={members} answer={refused?.intent === "edit-note" ? answer : null} cancelTo={`${location.pathname}${withQuery(searchParams, "edit", null)}#note-${note.id}`} busy={busy} />
              ) : (
                <>
                  <div className="mt-1">
                    <NoteText body={note.body} members={names} />
                  </div>
                  {note.mine ? (
                    <div className="-ml-4 mt-1 flex flex-wrap items-start gap-1">
                      <Link
                        to={`${withQuery(searchParams, "edit", note.id)}#note-${note.id}`}
                        preventScrollReset
                        className={buttonStyles.ghost}
                        aria-label={`Edit your note “${excerpt(note.body, names)}”`}
                      >
                        Edit
                      </Link>
                      <ConfirmAction
                        id={`delete-note-${note.id}`}
                        label="Delete"
                        ariaLabel={`Delete your note “${excerpt(note.body, names)}”`}
                        variant="ghost"
                        title="Delete this note?"
                        description="It goes for everyone, with the notifications of its mentions. This cannot be undone."
                        confirmLabel="Delete note"
                        anchor="notes"
                      >
                        <input type="hidden" name="intent" value="delete-note" />
                        <input type="hidden" name="noteId" value={note.id} />
                      </ConfirmAction>
                    </div>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {withheld ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="notes-withheld">
          {withheld}
        </p>
      ) : null}
      {moreHref ? (
        <Link to={moreHref} preventScrollReset className="mt-4 inline-block text-sm font-semibold text-brand-600 hover:text-brand-700">
          Show all notes
        </Link>
      ) : null}
    </Panel>
  );
}

/** A note's first words, to tell its Edit and Delete buttons from the others'. */
function excerpt(body: string, names: ReadonlyMap<string, string>): string {
  const text = noteAsPlainText(body, names).replace(/\s+/g, " ").trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function EditNote({ note, members, answer, cancelTo, busy }: { note: NoteView; members: readonly NoteMember[]; answer: NoteAnswer | null | undefined; cancelTo: string; busy: boolean }) {
  const edit = useValidatedForm(EditNoteSchema, answer?.errors ?? undefined);
  return (
    <Form method="post" noValidate preventScrollReset onSubmit={edit.onSubmit} onChange={edit.onChange} className="mt-2 space-y-2">
      <input type="hidden" name="intent" value="edit-note" />
      <input type="hidden" name="noteId" value={note.id} />
      <NoteEditor label="Edit your note" members={members} defaultValue={answer?.noteValues?.body ?? note.body} error={edit.errors.body} rows={6} autoFocus />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          Save note
        </Button>
        <Link to={cancelTo} preventScrollReset className={buttonStyles.ghost}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
