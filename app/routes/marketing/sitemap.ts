import { config } from "~/server/config.server";
import { appDatabase } from "~/server/db.server";
import { listSitemapEntries, renderSitemap } from "~/server/queries/sitemap.server";

/** sitemap.xml: the public pages and every published job. */
export async function loader() {
  const entries = await listSitemapEntries(appDatabase());
  return new Response(renderSitemap(config.baseUrl, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
