import type { Route } from "./+types/staff-job";
import { STAFF_API_ENDPOINTS } from "~/schemas/staff-api";
import { config } from "~/server/platform/config.server";
import { DomainError } from "~/server/platform/errors.server";
import { methodNotAllowed, staffApi } from "~/server/staff-api/handle.server";
import { getApiJob } from "~/server/staff-api/queries.server";

/** GET /api/v1/jobs/{id} (decision 112): one job with its stages. */
export function loader({ request, params }: Route.LoaderArgs) {
  return staffApi(request, STAFF_API_ENDPOINTS.getJob, params.id, async ({ db, caller, id }) => {
    const job = await getApiJob(db, caller.actor, config.baseUrl, id);
    if (!job) throw new DomainError("NOT_FOUND", "Job not found");
    return { body: job };
  });
}

export function action({ params }: Route.ActionArgs) {
  return methodNotAllowed("GET", params.id, "job");
}
