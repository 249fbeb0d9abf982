import { sql } from "drizzle-orm";
import { APPLICATION_MESSAGES, type ApplicationData } from "~/schemas/application";
import { APPLIED_STAGE_NAME } from "~/schemas/job";
import { type Database, queryRows } from "../db.server";
import { DomainError, isUniqueViolation } from "../errors.server";

export const NOT_ACCEPTING_MESSAGE = "This job is no longer accepting applications";

/**
 * Stores a candidate's application in the Applied stage of a published job. One statement (so
 * one transaction) reads the job, holding its row against a concurrent close, finds its Applied
 * stage and inserts; when nothing was inserted a second read says why. The same email
 * (case-insensitive) applying twice to one job is refused with CONFLICT by the unique index.
 */
export async function submitApplication(
  db: Database,
  input: { jobId: string; application: ApplicationData },
): Promise<{ id: string }> {
  const { application } = input;
  const formData = {
    ...(application.cover_letter ? { cover_letter: application.cover_letter } : {}),
    custom_fields: application.custom_fields,
  };
  let created: { id: string } | undefined;
  try {
    // One statement, so atomic: the application (with a snapshot of the questions it answered,
    // so answers keep their labels if the job's form changes later) and its activity event.
    [created] = await queryRows<{ id: string }>(
      db,
      sql`with inserted as (
            insert into applications (company_id, job_id, candidate_name, candidate_email, resume_url, form_data, current_pipeline_stage_id)
            select j.company_id, j.id, ${application.candidate_name}, ${application.candidate_email},
                   ${application.resume_url ?? null},
                   ${JSON.stringify(formData)}::jsonb || jsonb_build_object('form_schema', j.form_schema), s.id
            from jobs j
            join lateral (select st.id from pipeline_stages st
                          where st.job_id = j.id and st.name = ${APPLIED_STAGE_NAME}
                          order by st."order" limit 1) s on true
            where j.id = ${input.jobId} and j.status = 'published'
            for share of j
            returning id, company_id, job_id, candidate_name
          ), event as (
            insert into activity_events (company_id, actor_id, type, subject_type, subject_id, data)
            select i.company_id, null, 'application_received', 'application', i.id,
                   jsonb_build_object('candidateName', i.candidate_name, 'jobId', i.job_id, 'jobTitle', j.title)
            from inserted i join jobs j on j.id = i.job_id
          )
          select id from inserted`,
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError("CONFLICT", APPLICATION_MESSAGES.alreadyApplied, { field: "candidate_email" });
    }
    throw error;
  }
  if (created) return created;

  const [job] = await queryRows<{ status: string; has_stage: boolean }>(
    db,
    sql`select j.status, exists (select 1 from pipeline_stages st where st.job_id = j.id and st.name = ${APPLIED_STAGE_NAME}) as has_stage
        from jobs j where j.id = ${input.jobId}`,
  );
  if (!job) throw new DomainError("NOT_FOUND", "Job not found");
  if (job.status !== "published") throw new DomainError("CLOSED", NOT_ACCEPTING_MESSAGE);
  throw new DomainError("NOT_FOUND", "Failed to get pipeline stage");
}
