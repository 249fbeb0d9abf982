import { type SQL, sql } from "drizzle-orm";
import { jobTypeLabel, remoteTypeLabel } from "~/lib/job-labels";
import { formatSalary, readSalary } from "~/lib/salary";
import { jobPath } from "~/lib/slug";
import { countryName } from "~/schemas/countries";
import { type Queryable, queryRows } from "../platform/db.server";
import { streamedResponse } from "../platform/streamed-response.server";
import { jobPostingHtml } from "./job-text.server";
import { POSTING_COLUMNS, type PostingRow } from "./queries.server";
import { escapeXml } from "./sitemap.server";

/**
 * The job feeds (decision 109): RSS 2.0 and Atom 1.0 of the board and of each company, and an
 * Indeed XML feed of each company. Every published job, newest first, streamed: the jobs are read
 * `FEED_BATCH_SIZE` at a time after the last one of the batch before, and each batch is written
 * before the next is read, so memory stays small however many jobs there are.
 */
export const FEED_BATCH_SIZE = 500;
/** Readers and aggregators may keep a feed for a quarter of an hour. */
export const FEED_CACHE_CONTROL = "public, max-age=900";

export type FeedFormat = "rss" | "atom" | "indeed";

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  indeed: "application/xml; charset=utf-8",
};

/** What a feed is of: the whole board, or one company (by its careers page). */
export interface FeedSource {
  title: string;
  /** The page the feed is of: /jobs or the careers page. */
  pagePath: string;
  /** The feed's own address. */
  feedPath: string;
  companyId?: string;
}

interface FeedRow extends PostingRow {
  /** published_at as PostgreSQL prints it: microseconds, which a JavaScript Date would lose. */
  published_key: string | null;
  company_name: string;
}

/**
 * Every published job of the source, newest first, a batch at a time: first those with a
 * publication date (by it, then id, as the board orders them), then any without one (by id).
 */
export async function* feedJobBatches(db: Queryable, source: Pick<FeedSource, "companyId">, batchSize = FEED_BATCH_SIZE): AsyncGenerator<FeedRow[]> {
  const ofCompany = source.companyId ? sql`and j.company_id = ${source.companyId}` : sql``;
  const read = (position: SQL, dated: boolean) =>
    queryRows<FeedRow>(
      db,
      sql`select ${POSTING_COLUMNS}, j.published_at::text as published_key, c.name as company_name
          from jobs j join companies c on c.id = j.company_id
          where j.status = 'published' ${ofCompany} and ${position}
          order by ${dated ? sql`j.published_at desc, j.id desc` : sql`j.id desc`} limit ${batchSize}`,
    );
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const rows = await read(after ? sql`(j.published_at, j.id) < (${after.key}::timestamptz, ${after.id}::uuid)` : sql`j.published_at is not null`, true);
    if (rows.length) yield rows;
    if (rows.length < batchSize) break;
    const last = rows.at(-1)!;
    after = { key: last.published_key!, id: last.id };
  }
  let afterId: string | undefined;
  for (;;) {
    const rows = await read(afterId ? sql`j.published_at is null and j.id < ${afterId}::uuid` : sql`j.published_at is null`, false);
    if (rows.length) yield rows;
    if (rows.length < batchSize) break;
    afterId = rows.at(-1)!.id;
  }
}


/** Text as CDATA, its "]]>" split so it cannot end the section; characters XML forbids dropped. */
const cdata = (value: string) => `<![CDATA[${xmlText(value).replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/** Characters XML 1.0 does not allow (C0 controls but tab and newlines) are dropped. */
// eslint-disable-next-line no-control-regex -- these are the characters XML refuses
const xmlText = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

const facts = (job: FeedRow) =>
  [job.department, job.location, jobTypeLabel(job.type), remoteTypeLabel(job.remote_type), formatSalary(salaryOf(job))].filter(Boolean).join(" · ");

const salaryOf = (job: FeedRow) => ({ salaryMin: job.salary_min, salaryMax: job.salary_max, salaryCurrency: job.salary_currency, salaryPeriod: job.salary_period });

const dateOf = (job: FeedRow) => new Date(job.published_at ?? job.updated_at);

function rssItem(baseUrl: string, job: FeedRow): string {
  const url = `${baseUrl}${jobPath(job)}`;
  const summary = facts(job);
  return (
    `<item><title>${escapeXml(xmlText(`${job.title} at ${job.company_name}`))}</title><link>${escapeXml(url)}</link>` +
    `<guid isPermaLink="true">${escapeXml(url)}</guid><pubDate>${dateOf(job).toUTCString()}</pubDate>` +
    (job.department ? `<category>${escapeXml(xmlText(job.department))}</category>` : "") +
    `<description>${escapeXml(xmlText(`${summary ? `<p>${escapeXml(summary)}</p>` : ""}${jobPostingHtml(job)}`))}</description></item>\n`
  );
}

function atomEntry(baseUrl: string, job: FeedRow): string {
  const url = `${baseUrl}${jobPath(job)}`;
  const summary = facts(job);
  return (
    `<entry><id>${escapeXml(url)}</id><title>${escapeXml(xmlText(`${job.title} at ${job.company_name}`))}</title>` +
    `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/><published>${dateOf(job).toISOString()}</published>` +
    `<updated>${new Date(job.updated_at).toISOString()}</updated><author><name>${escapeXml(xmlText(job.company_name))}</name></author>` +
    (summary ? `<summary>${escapeXml(xmlText(summary))}</summary>` : "") +
    `<content type="html">${escapeXml(xmlText(jobPostingHtml(job)))}</content></entry>\n`
  );
}

/** Indeed's job types. */
const INDEED_TYPES: Record<string, string> = { "full-time": "fulltime", "part-time": "parttime", contract: "contract", internship: "internship" };
const INDEED_REMOTE: Record<string, string> = { remote: "Fully remote", hybrid: "Hybrid remote" };
const INDEED_PERIODS: Record<string, string> = { yearly: "per year", monthly: "per month", weekly: "per week", hourly: "per hour" };

function indeedJob(baseUrl: string, job: FeedRow): string {
  const salary = readSalary(salaryOf(job));
  const salaryText = salary?.min != null && salary.max != null ? `${formatSalary(salaryOf(job))?.replace(/ (yearly|monthly|weekly|hourly)$/, "")}${salary.period ? ` ${INDEED_PERIODS[salary.period] ?? ""}` : ""}` : "";
  const field = (name: string, value: string | null | undefined) => `<${name}>${cdata(value ?? "")}</${name}>`;
  return (
    "<job>" +
    field("title", job.title) +
    field("date", dateOf(job).toUTCString()) +
    field("referencenumber", job.id) +
    field("url", `${baseUrl}${jobPath(job)}`) +
    field("company", job.company_name) +
    field("city", job.location) +
    field("state", "") +
    field("country", job.remote_type === "remote" && job.remote_countries?.length ? countryName(job.remote_countries[0]!) : "") +
    field("postalcode", "") +
    field("description", jobPostingHtml(job)) +
    field("salary", salaryText.trim()) +
    field("jobtype", INDEED_TYPES[job.type] ?? "") +
    field("category", job.department) +
    (job.remote_type && INDEED_REMOTE[job.remote_type] ? field("remotetype", INDEED_REMOTE[job.remote_type]) : "") +
    (job.closes_on ? field("expirationdate", job.closes_on) : "") +
    "</job>\n"
  );
}

/** A feed as XML pieces: its head, then one piece per batch of jobs, then its foot. */
export async function* feedChunks(db: Queryable, baseUrl: string, format: FeedFormat, source: FeedSource, options: { batchSize?: number; now?: Date } = {}): AsyncGenerator<string> {
  const now = options.now ?? new Date();
  const page = `${baseUrl}${source.pagePath}`;
  const self = `${baseUrl}${source.feedPath}`;
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n`;
  if (format === "rss") {
    yield `${head}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeXml(xmlText(source.title))}</title><link>${escapeXml(page)}</link>` +
      `<description>${escapeXml(xmlText(`Open positions: ${source.title}`))}</description><language>en</language><lastBuildDate>${now.toUTCString()}</lastBuildDate>` +
      `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>\n`;
  } else if (format === "atom") {
    yield `${head}<feed xmlns="http://www.w3.org/2005/Atom"><id>${escapeXml(self)}</id><title>${escapeXml(xmlText(source.title))}</title><updated>${now.toISOString()}</updated>` +
      `<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/><link rel="alternate" type="text/html" href="${escapeXml(page)}"/>\n`;
  } else {
    yield `${head}<source><publisher>OpenHire</publisher><publisherurl>${escapeXml(baseUrl)}</publisherurl><lastBuildDate>${now.toUTCString()}</lastBuildDate>\n`;
  }
  const render = format === "rss" ? rssItem : format === "atom" ? atomEntry : indeedJob;
  for await (const batch of feedJobBatches(db, source, options.batchSize)) {
    yield batch.map((job) => render(baseUrl, job)).join("");
  }
  yield format === "rss" ? "</channel></rss>\n" : format === "atom" ? "</feed>\n" : "</source>\n";
}

/** A feed's answer, streamed (`streamedResponse`). */
export function feedResponse(chunks: AsyncGenerator<string>, format: FeedFormat, label: string): Response {
  return streamedResponse(chunks, { "Content-Type": FEED_CONTENT_TYPES[format], "Cache-Control": FEED_CACHE_CONTROL, "X-Content-Type-Options": "nosniff" }, label);
}
