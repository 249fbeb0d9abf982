import type { Route } from "./+types/staff-application";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { APPLICATION_NOT_FOUND } from "~/server/applications/pipeline.server";
import { DomainError } from "~/server/platform/errors.server";
import { methodNotAllowed, staffApi } from "~/server/staff-api/handle.server";
import { getApiApplication } from "~/server/staff-api/queries.server";

/** GET /api/v1/applications/{id} (decision 112): one application. */
export function loader({ request, params }: Route.LoaderArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.getApplication, params.id, async ({ db, caller, id }) => {
    const application = await getApiApplication(db, caller.actor, id);
    if (!application) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
    return { body: application };
  });
}

export function action({ params }: Route.ActionArgs) {
  return methodNotAllowed("GET", params.id, "application");
}
