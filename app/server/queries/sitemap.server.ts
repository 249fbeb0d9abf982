import { desc, eq } from "drizzle-orm";
import { jobs } from "../../../db/schema";
import { jobPath } from "~/lib/slug";
import { PUBLIC_PAGES } from "~/content/site";
import type { Queryable } from "../db.server";

export interface SitemapEntry {
  path: string;
  lastModified?: string;
  changefreq?: string;
}

/** Public pages, then every published job at its canonical address (closed and draft jobs are left out). */
export async function listSitemapEntries(db: Queryable): Promise<SitemapEntry[]> {
  const published = await db
    .select({ id: jobs.id, title: jobs.title, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(eq(jobs.status, "published"))
    .orderBy(desc(jobs.publishedAt));
  return [
    ...PUBLIC_PAGES.map((page) => ({ path: page.path, changefreq: page.changefreq })),
    ...published.map((job) => ({
      path: jobPath(job),
      lastModified: new Date(job.updatedAt).toISOString(),
      changefreq: "weekly",
    })),
  ];
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

export function renderSitemap(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((entry) => {
      const parts = [`<loc>${escapeXml(baseUrl + entry.path)}</loc>`];
      if (entry.lastModified) parts.push(`<lastmod>${entry.lastModified}</lastmod>`);
      if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
      return `  <url>${parts.join("")}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
