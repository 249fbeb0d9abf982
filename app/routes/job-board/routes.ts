import { layout, route } from "@react-router/dev/routes";

/** The public job board: /jobs, the job page and applying (issue 4). */
export const jobBoardRoutes = [
  layout("routes/job-board/layout.tsx", [
    route("jobs", "routes/job-board/board.tsx"),
    // Product decision 3: staff of the owning company go to the pipeline, everyone else to the job page.
    route("jobs/:id", "routes/job-board/job-redirect.tsx"),
    route("jobs/:id/:slug", "routes/job-board/job.tsx", { id: "job-page" }),
    route("jobs/:id/:slug/apply", "routes/job-board/job-apply.tsx", { id: "job-apply" }),
    // Decision 108: a company's careers page, from its address in Settings › Careers page.
    route("companies/:slug", "routes/job-board/careers.tsx"),
  ]),
  // Decision 111: a job alert's confirmation and unsubscribe links, outside the board's page cache.
  route("job-alerts/confirm", "routes/job-board/job-alert-confirm.tsx"),
  route("job-alerts/unsubscribe", "routes/job-board/job-alert-unsubscribe.tsx"),
  route("job-alerts/unsubscribe/one-click", "routes/job-board/job-alert-one-click.ts"),
  // Its logo and its job list for the company's own site: no page around them.
  route("companies/:slug/logo", "routes/job-board/company-logo.ts"),
  route("companies/:slug/embed", "routes/job-board/careers-embed.ts"),
  // Decision 109: the feeds, streamed.
  route("jobs/feed.rss", "routes/job-board/feeds.ts", { id: "feed-board-rss" }),
  route("jobs/feed.atom", "routes/job-board/feeds.ts", { id: "feed-board-atom" }),
  route("companies/:slug/feed.rss", "routes/job-board/feeds.ts", { id: "feed-company-rss" }),
  route("companies/:slug/feed.atom", "routes/job-board/feeds.ts", { id: "feed-company-atom" }),
  route("companies/:slug/indeed.xml", "routes/job-board/feeds.ts", { id: "feed-company-indeed" }),
];
