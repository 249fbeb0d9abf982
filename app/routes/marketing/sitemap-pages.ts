import { config } from "~/server/platform/config.server";
import { renderPagesSitemap, SITEMAP_CACHE_CONTROL } from "~/server/job-board/sitemap.server";

/** sitemap-pages.xml: the public pages. */
export function loader() {
  return new Response(renderPagesSitemap(config.baseUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}
