import type { Route } from "./+types/boards-jobs";
import { jobBoardPageCache } from "~/server/job-board/cache.server";
import { getCareersCompany } from "~/server/job-board/queries.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { apiJson, apiJsonError } from "~/server/public-api/answer.server";
import { boardJobsAnswer } from "~/server/public-api/boards.server";

/** Kept by the board's page cache, as the board's pages are (decision 110). */
export const middleware: Route.MiddlewareFunction[] = [jobBoardPageCache];

/**
 * GET /api/v1/boards/{slug}/jobs[?content=true][&page=N]: a company's published jobs (decision 110),
 * as Greenhouse's Job Board API lists them, 500 a page with `meta.next_page`.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const content = url.searchParams.get("content") === "true";
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,3}$/.test(pageText) ? Number(pageText) : 1;
  const db = appDatabase();
  const company = await getCareersCompany(db, params.slug);
  if (!company) return apiJsonError(404, "not_found", "Not found");
  return apiJson(200, await boardJobsAnswer(db, config.baseUrl, company, { content, page }));
}
