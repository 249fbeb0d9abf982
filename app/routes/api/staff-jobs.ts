import type { Route } from "./+types/staff-jobs";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { config } from "~/server/platform/config.server";
import { methodNotAllowed, staffApi } from "~/server/staff-api/handle.server";
import { listApiJobs } from "~/server/staff-api/queries.server";

/** GET /api/v1/jobs (decision 112): the company's jobs, newest first, a page at a time. */
export function loader({ request }: Route.LoaderArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.listJobs, undefined, async ({ db, caller, query }) => ({
    body: await listApiJobs(db, caller.actor, config.baseUrl, { limit: query.limit, cursor: query.cursor, status: query.status }),
  }));
}

export function action() {
  return methodNotAllowed("GET");
}
