import { eq } from "drizzle-orm";
import { jobs } from "../db/schema";
import { applicationSchema } from "~/schemas/application";
import type { FormField } from "~/schemas/form-field";
import type { Database } from "~/server/db.server";
import { type ApplyRateLimit, submitApplication } from "~/server/services/applications.server";
import { uniqueEmail } from "./factories";

/** A required select and an optional text field, as the post-job form would store them. */
export const SAMPLE_FORM_SCHEMA: FormField[] = [
  { id: "notice", type: "select", label: "Notice period", required: true, options: ["Now", "1 month"], order: 1 },
  { id: "github", type: "text", label: "GitHub profile", required: false, order: 2 },
];

export async function setJobStatusDirectly(db: Database, jobId: string, status: "published" | "draft" | "closed") {
  await db.update(jobs).set({ status }).where(eq(jobs.id, jobId));
}

/** Valid flat form values for a job's apply form. */
export function applicationValues(overrides: Record<string, string> = {}) {
  return {
    candidate_name: "Ada Lovelace",
    candidate_email: uniqueEmail("candidate"),
    resume_url: "https://example.com/ada.pdf",
    cover_letter: "I would love to work with you.",
    "custom_fields.notice": "Now",
    ...overrides,
  };
}

export async function applyTo(
  db: Database,
  jobId: string,
  formSchema: FormField[],
  overrides: Record<string, string> = {},
  rateLimit?: ApplyRateLimit,
) {
  const application = applicationSchema(formSchema).parse(applicationValues(overrides));
  return submitApplication(db, { jobId, application, rateLimit });
}
