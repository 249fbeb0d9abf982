import { route } from "@react-router/dev/routes";

/** Routes without UI. */
export const apiRoutes = [
  route("api/health", "routes/api/health.ts"),
  // Candidates' replies posted by Mailgun (decision 097); the address must end in "mime".
  route("api/inbound-email/mime", "routes/api/inbound-email.ts"),
  // Calendar feeds, /calendar/<token>.ics (decision 102): read by calendar apps, no session.
  route("calendar/:feed", "routes/api/calendar-feed.ts"),
  // The public job board API (decision 110): no key, open CORS.
  route("api/v1/boards/:slug/jobs", "routes/api/boards-jobs.ts"),
  route("api/v1/boards/:slug/jobs/:id", "routes/api/boards-job.ts"),
  route("api/v1/boards/:slug/jobs/:id/applications", "routes/api/boards-applications.ts"),
];
