import type { Route } from "./+types/staff-applications";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { methodNotAllowed, staffApi } from "~/server/staff-api/handle.server";
import { listApiApplications } from "~/server/staff-api/queries.server";

/** GET /api/v1/applications (decision 112): the company's applications, newest first, of a job, a stage or a status. */
export function loader({ request }: Route.LoaderArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.listApplications, undefined, async ({ db, caller, query }) => ({
    body: await listApiApplications(db, caller.actor, { limit: query.limit, cursor: query.cursor, jobId: query.job_id, stageId: query.stage_id, status: query.status }),
  }));
}

export function action() {
  return methodNotAllowed("GET");
}
