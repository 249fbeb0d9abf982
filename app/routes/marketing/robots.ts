import { config } from "~/server/platform/config.server";

/** robots.txt: public pages are open to crawlers; staff and form endpoints are not. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /manage/",
    "Disallow: /applications",
    "Disallow: /email-templates",
    "Disallow: /settings",
    "Disallow: /logout",
    "",
    `Sitemap: ${config.baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
