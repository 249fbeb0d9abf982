import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { cachedValue } from "~/server/job-board/cache.server";
import { countJobSitemaps, renderSitemapIndex, SITEMAP_CACHE_CONTROL } from "~/server/job-board/sitemap.server";

/** sitemap.xml: the index of the pages' sitemap and the job sitemaps (decision 025). */
export async function loader() {
  const jobFiles = await cachedValue("sitemap job files", () => countJobSitemaps(appDatabase()));
  return new Response(renderSitemapIndex(config.baseUrl, jobFiles), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}
