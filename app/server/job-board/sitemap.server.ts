import { sql } from "drizzle-orm";
import { jobPath } from "~/lib/slug";
import { PUBLIC_PAGES } from "~/content/site";
import { type Queryable, queryRows } from "../platform/db.server";

/**
 * Sitemaps (decision 025): /sitemap.xml is an index of /sitemap-pages.xml (the public pages) and
 * /sitemap-jobs.xml?page=N, each of at most `perFile` published jobs in the order they were
 * created (oldest first, so new jobs only add to the last file), streamed in keyset batches.
 */
export const SITEMAP_URLS_PER_FILE = 50_000;
const SITEMAP_BATCH_SIZE = 2_000;
/** Crawlers and CDNs may keep a sitemap for an hour. */
export const SITEMAP_CACHE_CONTROL = "public, max-age=3600";

export interface SitemapEntry {
  path: string;
  lastModified?: string;
  changefreq?: string;
}

export interface JobSitemapOptions {
  /** URLs per job sitemap: the protocol allows 50,000; tests use a few. */
  perFile?: number;
  /** Rows read per query while streaming a file. */
  batchSize?: number;
}

const XML_HEADER = `<?xml version="1.0" encoding="UTF-8"?>\n`;

/** Text for XML (and HTML) text or a quoted attribute: the sitemaps, the feeds, the embedded job list. */
export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

function renderUrl(baseUrl: string, entry: SitemapEntry): string {
  const parts = [`<loc>${escapeXml(baseUrl + entry.path)}</loc>`];
  if (entry.lastModified) parts.push(`<lastmod>${entry.lastModified}</lastmod>`);
  if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
  return `  <url>${parts.join("")}</url>\n`;
}

export function renderSitemap(baseUrl: string, entries: SitemapEntry[]): string {
  return `${XML_HEADER}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.map((entry) => renderUrl(baseUrl, entry)).join("")}</urlset>\n`;
}

/** The public pages' sitemap. */
export function renderPagesSitemap(baseUrl: string): string {
  return renderSitemap(
    baseUrl,
    PUBLIC_PAGES.map((page) => ({ path: page.path, changefreq: page.changefreq })),
  );
}

/** The address of the `file`-th job sitemap (from 1). */
export function jobSitemapPath(file: number): string {
  return `/sitemap-jobs.xml?page=${file}`;
}

/** How many job sitemaps there are (at least one, so the index always names one). */
export async function countJobSitemaps(db: Queryable, options: JobSitemapOptions = {}): Promise<number> {
  const perFile = options.perFile ?? SITEMAP_URLS_PER_FILE;
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from jobs where status = 'published'`);
  return Math.max(1, Math.ceil(Number(row?.count ?? 0) / perFile));
}

/** The sitemap index: the pages' sitemap, then `jobFiles` job sitemaps. */
export function renderSitemapIndex(baseUrl: string, jobFiles: number): string {
  const paths = ["/sitemap-pages.xml", ...Array.from({ length: jobFiles }, (_, i) => jobSitemapPath(i + 1))];
  const sitemaps = paths.map((path) => `  <sitemap><loc>${escapeXml(baseUrl + path)}</loc></sitemap>\n`).join("");
  return `${XML_HEADER}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps}</sitemapindex>\n`;
}

interface JobSitemapRow {
  id: string;
  title: string;
  updated_at: Date | string;
  /** created_at as PostgreSQL prints it: microseconds, which a JavaScript Date would lose. */
  created_key: string;
}

/**
 * The `file`-th job sitemap (from 1) as XML pieces: published jobs only, at their canonical
 * address, with their last change. Reads `batchSize` rows at a time through jobs_sitemap_idx,
 * each batch after the last row of the one before, so memory stays small however big the file.
 * A file past the last one is an empty urlset.
 */
export async function* jobSitemapChunks(db: Queryable, baseUrl: string, file: number, options: JobSitemapOptions = {}): AsyncGenerator<string> {
  const perFile = options.perFile ?? SITEMAP_URLS_PER_FILE;
  const batchSize = options.batchSize ?? SITEMAP_BATCH_SIZE;
  yield `${XML_HEADER}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  let remaining = perFile;
  let after: { createdKey: string; id: string } | undefined;
  while (remaining > 0) {
    const position = after
      ? sql`(j.created_at, j.id) > (${after.createdKey}::timestamptz, ${after.id}::uuid)`
      : sql`(j.created_at, j.id) >= (select s.created_at, s.id from jobs s where s.status = 'published'
            order by s.created_at, s.id offset ${(file - 1) * perFile} limit 1)`;
    const limit = Math.min(batchSize, remaining);
    const rows = await queryRows<JobSitemapRow>(
      db,
      sql`select j.id, j.title, j.updated_at, j.created_at::text as created_key from jobs j
          where j.status = 'published' and ${position}
          order by j.created_at, j.id limit ${limit}`,
    );
    if (rows.length > 0) {
      yield rows
        .map((job) => renderUrl(baseUrl, { path: jobPath(job), lastModified: new Date(job.updated_at).toISOString(), changefreq: "weekly" }))
        .join("");
    }
    remaining -= rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < limit) break;
    after = { createdKey: last.created_key, id: last.id };
  }
  yield `</urlset>\n`;
}
