import type { Route } from "./+types/staff-candidate";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { recordCandidateView, withClientIp } from "~/server/audit/audit.server";
import { DomainError } from "~/server/platform/errors.server";
import { methodNotAllowed, staffApi } from "~/server/staff-api/handle.server";
import { getApiCandidate } from "~/server/staff-api/queries.server";

/** GET /api/v1/candidates/{id} (decision 112): one candidate with their applications. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.getCandidate, params.id, async ({ db, caller, id }) => {
    const candidate = await getApiCandidate(db, caller.actor, id);
    if (!candidate) throw new DomainError("NOT_FOUND", "Candidate not found");
    // The audit trail (decision 115): the key that read the candidate, its maker as the actor.
    await recordCandidateView(db, withClientIp(caller.actor, context), id, { via: "api", data: { apiKeyId: caller.keyId, apiKey: caller.keyName } });
    return { body: candidate };
  });
}

export function action({ params }: Route.ActionArgs) {
  return methodNotAllowed("GET", params.id, "candidate");
}
