import { data } from "react-router";
import type { Route } from "./+types/careers-embed";
import { accentText } from "~/lib/brand-color";
import { jobTypeLabel, remoteTypeLabel } from "~/lib/job-labels";
import { jobPath } from "~/lib/slug";
import { BoardFiltersSchema } from "~/schemas/job-board";
import { parseQuery } from "~/schemas/query";
import { getCareersCompany, listCompanyJobs } from "~/server/job-board/queries.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { escapeXml } from "~/server/job-board/sitemap.server";

/**
 * A company's job list for its own website (decision 108): a small HTML page of links, framed by
 * the settings' snippet (an <iframe>). No script and no cookies; any site may frame it, and each
 * link opens the job on the board in a new tab. The same filters as the careers page.
 */


export async function loader({ request, params }: Route.LoaderArgs) {
  const db = appDatabase();
  const company = await getCareersCompany(db, params.slug);
  if (!company) throw data("Careers page not found", { status: 404 });
  const filters = parseQuery(BoardFiltersSchema, request.url);
  const { jobs } = await listCompanyJobs(db, company.id, filters);
  const accent = company.brandColor ?? "#4f46e5";
  const items = jobs
    .map((job) => {
      const facts = [job.department, job.location, jobTypeLabel(job.type), remoteTypeLabel(job.remoteType)].filter(Boolean).join(" · ");
      return `<li><a href="${escapeXml(`${config.baseUrl}${jobPath(job)}`)}" target="_blank" rel="noopener">${escapeXml(job.title)}</a>${job.featured ? ' <span class="f">Featured</span>' : ""}<div class="m">${escapeXml(facts)}</div></li>`;
    })
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Jobs at ${escapeXml(company.name)}</title>
<style>body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a}ul{list-style:none;margin:0;padding:0}li{padding:12px 0;border-bottom:1px solid #e2e8f0}a{color:${accent};font-weight:600;text-decoration:none}a:hover{text-decoration:underline}.m{color:#475569;font-size:13px}.f{display:inline-block;margin-left:6px;padding:0 8px;border-radius:999px;background:${accent};color:${accentText(accent)};font-size:11px;font-weight:600}p{color:#475569}.all{display:inline-block;margin-top:12px;font-size:13px}</style></head>
<body>${jobs.length ? `<ul>${items}</ul>` : `<p>No open positions right now.</p>`}<a class="all" href="${escapeXml(`${config.baseUrl}/companies/${company.slug}`)}" target="_blank" rel="noopener">All jobs at ${escapeXml(company.name)} →</a></body></html>`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=60",
      // Any site may frame the list; it runs nothing and loads nothing but its own inline style.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *",
    },
  });
}
