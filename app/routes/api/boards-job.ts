import type { Route } from "./+types/boards-job";
import { isUuid } from "~/schemas/id";
import { jobBoardPageCache } from "~/server/job-board/cache.server";
import { getCareersCompany, getPublicJob } from "~/server/job-board/queries.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { apiJson, apiJsonError } from "~/server/public-api/answer.server";
import { boardJobAnswer } from "~/server/public-api/boards.server";

/** Kept by the board's page cache, as the board's pages are (decision 110). */
export const middleware: Route.MiddlewareFunction[] = [jobBoardPageCache];

/** GET /api/v1/boards/{slug}/jobs/{id}: one published job with its content and its apply form's questions (decision 110). */
export async function loader({ params }: Route.LoaderArgs) {
  const { slug, id } = params;
  const db = appDatabase();
  const [company, job] = isUuid(id) ? await Promise.all([getCareersCompany(db, slug), getPublicJob(db, id)]) : [null, null];
  const answer = company && job ? boardJobAnswer(config.baseUrl, company, job) : null;
  return answer ? apiJson(200, answer) : apiJsonError(404, "not_found", "Job not found");
}
