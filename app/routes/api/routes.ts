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
  // The staff API (decision 112): an API key from Settings › API keys, no cookie; described by its OpenAPI document.
  route("api/v1/openapi.json", "routes/api/staff-openapi.ts"),
  route("api/v1/jobs", "routes/api/staff-jobs.ts"),
  route("api/v1/jobs/:id", "routes/api/staff-job.ts"),
  route("api/v1/candidates", "routes/api/staff-candidates.ts"),
  route("api/v1/candidates/:id", "routes/api/staff-candidate.ts"),
  route("api/v1/applications", "routes/api/staff-applications.ts"),
  route("api/v1/applications/:id", "routes/api/staff-application.ts"),
  route("api/v1/applications/:id/move", "routes/api/staff-application-move.ts"),
  route("api/v1/applications/:id/notes", "routes/api/staff-application-notes.ts"),
];
