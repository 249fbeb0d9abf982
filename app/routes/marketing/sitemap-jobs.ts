import type { Route } from "./+types/sitemap-jobs";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { streamedResponse } from "~/server/platform/streamed-response.server";
import { cachedValue } from "~/server/job-board/cache.server";
import { countJobSitemaps, jobSitemapChunks, SITEMAP_CACHE_CONTROL } from "~/server/job-board/sitemap.server";

/** sitemap-jobs.xml?page=N: the N-th job sitemap, streamed as it is read (decision 025). */
export async function loader({ request }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "";
  const file = /^[1-9][0-9]{0,5}$/.test(page) ? Number(page) : 0;
  const db = appDatabase();
  const jobFiles = await cachedValue("sitemap job files", () => countJobSitemaps(db));
  if (file < 1 || file > jobFiles) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return streamedResponse(
    jobSitemapChunks(db, config.baseUrl, file),
    { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
    `sitemap-jobs.xml?page=${file}`,
  );
}
