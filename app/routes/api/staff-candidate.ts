import type { Route } from "./+types/staff-candidate";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { DomainError } from "~/server/platform/errors.server";
import { methodNotAllowed, staffApi } from "~/server/staff-api/handle.server";
import { getApiCandidate } from "~/server/staff-api/queries.server";

/** GET /api/v1/candidates/{id} (decision 112): one candidate with their applications. */
export function loader({ request, params }: Route.LoaderArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.getCandidate, params.id, async ({ db, caller, id }) => {
    const candidate = await getApiCandidate(db, caller.actor, id);
    if (!candidate) throw new DomainError("NOT_FOUND", "Candidate not found");
    return { body: candidate };
  });
}

export function action({ params }: Route.ActionArgs) {
  return methodNotAllowed("GET", params.id, "candidate");
}
