import type { Route } from "./+types/boards-applications";
import { applicationSourceOf } from "~/schemas/application-source";
import { isUuid } from "~/schemas/id";
import { receiveApplication } from "~/server/applications/receive.server";
import { getCareersCompany } from "~/server/job-board/queries.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { apiJson, apiJsonError } from "~/server/public-api/answer.server";

/**
 * POST /api/v1/boards/{slug}/jobs/{id}/applications (decision 110): an application as the job's
 * form sends it (multipart with a CV, or urlencoded; the same field names, see the job's
 * `questions`), through the same way in as the form: the same checks, limits, rate limit and
 * emails. Answers 201, or the API's error with each field's message.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { slug, id } = params;
  const db = appDatabase();
  const company = isUuid(id) ? await getCareersCompany(db, slug) : null;
  if (!company) return apiJsonError(404, "not_found", "Job not found");
  const received = await receiveApplication(db, request, {
    jobId: id,
    companyId: company.id,
    clientIp: context.get(clientIpContext),
    // The API is its own source unless the sender names a campaign (utm_source …) as the form's hidden fields do.
    sourceOf: (submitted) => applicationSourceOf(submitted.utm_source?.trim() ? submitted : { ...submitted, utm_source: "api" }, new URL(config.baseUrl).host),
  });
  if (received.outcome !== "refused") return apiJson(201, { success: true });
  const message = received.failure ?? (received.errors ? "Some answers need attention." : "The application was refused.");
  // The code of the one error table (decision 053), as the API writes codes: "invalid", "rate_limited" …
  return apiJsonError(received.init.status, received.code.toLowerCase(), message, received.errors, received.init.headers);
}

/** Applications are sent, not read (a malformed job id is not found, as on every route). */
export function loader({ params }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return apiJsonError(404, "not_found", "Job not found");
  return apiJsonError(405, "method_not_allowed", "Send an application with POST.", undefined, { Allow: "POST" });
}
