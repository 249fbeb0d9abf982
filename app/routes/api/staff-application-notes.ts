import type { Route } from "./+types/staff-application-notes";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { APPLICATION_NOT_FOUND } from "~/server/applications/pipeline.server";
import { appMailer } from "~/server/mail/mailer.server";
import { addNote } from "~/server/notes/notes.server";
import { DomainError } from "~/server/platform/errors.server";
import { staffApi } from "~/server/staff-api/handle.server";
import { getApiNote, listApiApplicationNotes } from "~/server/staff-api/queries.server";

/** GET /api/v1/applications/{id}/notes (decision 112): the application's notes, newest first. */
export function loader({ request, params }: Route.LoaderArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.listNotes, params.id, async ({ db, caller, id, query }) => {
    const notes = await listApiApplicationNotes(db, caller.actor, id, { limit: query.limit, cursor: query.cursor });
    if (!notes) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
    return { body: notes };
  });
}

/** POST /api/v1/applications/{id}/notes (decision 112): through `addNote`, as the application page writes one. */
export function action({ request, params }: Route.ActionArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.createNote, params.id, async ({ db, caller, id, body }) => {
    const { id: noteId } = await addNote(db, caller.actor, { applicationId: id }, body, appMailer());
    const note = await getApiNote(db, caller.actor, noteId);
    if (!note) throw new Error("The note just written was not found");
    return { body: note };
  });
}
