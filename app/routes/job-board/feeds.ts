import { data } from "react-router";
import type { Route } from "./+types/feeds";
import { type FeedFormat, feedChunks, feedResponse, type FeedSource } from "~/server/job-board/feeds.server";
import { getCareersCompany } from "~/server/job-board/queries.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";

/**
 * The job feeds (decision 109): /jobs/feed.rss and /jobs/feed.atom of the board, and
 * /companies/{slug}/feed.rss, feed.atom and indeed.xml of a company. Streamed, never cached in
 * the process; readers may keep them a quarter of an hour.
 */

const FILES: Record<string, FeedFormat> = { "feed.rss": "rss", "feed.atom": "atom", "indeed.xml": "indeed" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const file = new URL(request.url).pathname.split("/").at(-1) ?? "";
  const format = FILES[file];
  if (!format) throw data("Feed not found", { status: 404 });
  const db = appDatabase();
  let source: FeedSource;
  if (params.slug) {
    const company = await getCareersCompany(db, params.slug);
    if (!company) throw data("Careers page not found", { status: 404 });
    const pagePath = `/companies/${company.slug}`;
    source = { title: `Jobs at ${company.name}`, pagePath, feedPath: `${pagePath}/${file}`, companyId: company.id };
  } else {
    // Indeed's feed is a company's: the board's would name every company as its publisher's.
    if (format === "indeed") throw data("Feed not found", { status: 404 });
    source = { title: "OpenHire job board", pagePath: "/jobs", feedPath: `/jobs/${file}` };
  }
  return feedResponse(feedChunks(db, config.baseUrl, format, source), format, source.feedPath);
}
