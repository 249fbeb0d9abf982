import type { Route } from "./+types/staff-candidates";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { addCandidate } from "~/server/candidates/candidates.server";
import { staffApi } from "~/server/staff-api/handle.server";
import { getApiCandidate, listApiCandidates } from "~/server/staff-api/queries.server";

/** GET /api/v1/candidates (decision 112): the company's candidates, newest first, a page at a time. */
export function loader({ request }: Route.LoaderArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.listCandidates, undefined, async ({ db, caller, query }) => ({
    body: await listApiCandidates(db, caller.actor, { limit: query.limit, cursor: query.cursor, email: query.email }),
  }));
}

/**
 * POST /api/v1/candidates (decision 112): "Add candidate" through the same service as the page, so
 * the history and the job's counts are the same; 201 for a new candidate, 200 for one already there.
 */
export function action({ request }: Route.ActionArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.createCandidate, undefined, async ({ db, caller, body }) => {
    const added = await addCandidate(db, caller.actor, { name: body.name, email: body.email, phone: body.phone, source: body.source, job: body.job_id, stage: body.stage_id });
    const candidate = await getApiCandidate(db, caller.actor, added.candidateId);
    if (!candidate) throw new Error("The candidate just added was not found");
    return { status: added.existed ? 200 : 201, body: candidate };
  });
}
