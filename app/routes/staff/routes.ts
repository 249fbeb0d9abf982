import { layout, route } from "@react-router/dev/routes";

/** Staff pages inside the staff layout. Every loader and action here calls requireStaff. */
export const staffRoutes = [
  route("dashboard", "routes/staff/dashboard.tsx"),
  route("manage/jobs", "routes/staff/jobs-list.tsx"),
  route("manage/jobs/:jobId", "routes/staff/pipeline.tsx"),
  route("manage/jobs/:jobId/match", "routes/staff/job-match.tsx"),
  route("applications", "routes/staff/applications-list.tsx"),
  route("applications/job-choices", "routes/staff/job-choices.tsx"),
  route("applications/:applicationId", "routes/staff/application.tsx"),
  route("candidates", "routes/staff/candidates-list.tsx"),
  route("candidates/new", "routes/staff/candidates-new.tsx"),
  route("candidates/export.csv", "routes/staff/candidates-export.ts"),
  route("candidates/import", "routes/staff/candidates-import.tsx"),
  route("candidates/import/:importId", "routes/staff/candidates-import-preview.tsx"),
  route("candidates/:candidateId", "routes/staff/candidate.tsx"),
  route("candidates/:candidateId/cvs/:cvId", "routes/staff/cv-file.tsx"),
  route("candidates/:candidateId/merge", "routes/staff/candidate-merge.tsx"),
  route("reports", "routes/staff/reports.tsx"),
  route("reports/export.csv", "routes/staff/reports-export.ts"),
  route("notifications", "routes/staff/notifications.tsx"),
  route("notifications/:notificationId", "routes/staff/notification-open.tsx"),
  route("email-templates", "routes/staff/email-templates.tsx"),
  route("email-templates/new", "routes/staff/email-templates-new.tsx"),
  route("email-templates/:templateId/edit", "routes/staff/email-templates-edit.tsx"),
  // Settings: one page per section under a shared heading and navigation (decision 057). The layout
  // has no path, so Profile is the plain route /settings (what the spec names) and posts there.
  layout("routes/staff/settings-layout.tsx", [
    route("settings", "routes/staff/settings-profile.tsx"),
    route("settings/security", "routes/staff/settings-security.tsx"),
    route("settings/company", "routes/staff/settings-company.tsx"),
    route("settings/team", "routes/staff/settings-team.tsx"),
    route("settings/hiring", "routes/staff/settings-hiring.tsx"),
    route("settings/careers", "routes/staff/settings-careers.tsx"),
    route("settings/api-keys", "routes/staff/settings-api-keys.tsx"),
  ]),
  route("manage/jobs/new", "routes/staff/jobs-new.tsx"),
  route("manage/jobs/:id/edit", "routes/staff/jobs-edit.tsx"),
  route("manage/jobs/:id/status", "routes/staff/jobs-status.tsx"),
  route("manage/jobs/:id/preview", "routes/staff/jobs-preview.tsx"),
  route("manage/jobs/:id/team", "routes/staff/jobs-team.tsx"),
  route("manage/jobs/:id/interview-plan", "routes/staff/jobs-interview-plan.tsx"),
];
