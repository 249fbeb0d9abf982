import type { Route } from "./+types/staff-application-move";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { APPLICATION_NOT_FOUND, moveApplication } from "~/server/applications/pipeline.server";
import { DomainError } from "~/server/platform/errors.server";
import { methodNotAllowed, staffApi } from "~/server/staff-api/handle.server";
import { getApiApplication } from "~/server/staff-api/queries.server";

/**
 * POST /api/v1/applications/{id}/move (decision 112): through `moveApplication`, the pipeline
 * board's own move, so the history, the stage's automatic email and feedback requests, the counts
 * and whatever else hooks into a move follow. Answers the application as it is now.
 */
export function action({ request, params }: Route.ActionArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.moveApplication, params.id, async ({ db, caller, id, body }) => {
    await moveApplication(db, caller.actor, id, body.stage_id);
    const application = await getApiApplication(db, caller.actor, id);
    if (!application) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
    return { body: application };
  });
}

export function loader({ params }: Route.LoaderArgs) {
  return methodNotAllowed("POST", params.id, "application");
}
