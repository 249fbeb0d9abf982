import { route } from "@react-router/dev/routes";

/** Routes without UI. */
export const apiRoutes = [
  route("api/health", "routes/api/health.ts"),
  // Candidates' replies posted by Mailgun (decision 097); the address must end in "mime".
  route("api/inbound-email/mime", "routes/api/inbound-email.ts"),
  // Calendar feeds, /calendar/<token>.ics (decision 102): read by calendar apps, no session.
  route("calendar/:feed", "routes/api/calendar-feed.ts"),
];
