import { sql } from "drizzle-orm";
import { APPLICATION_MESSAGES, type ApplicationData } from "~/schemas/application";
import type { ApplicationSource } from "~/schemas/application-source";
import { APPLIED_STAGE_NAME } from "~/schemas/job";
import { PRIVACY_CONSENT_FIELD, PRIVACY_MESSAGES, type ShownPrivacyNoticeKind } from "~/schemas/privacy";
import { type Database, type Queryable, queryRows, queryRowsPrepared } from "../platform/db.server";
import { type ReceivedCv, removeCvFile, storeCvFile } from "../cvs/cv-upload.server";
import { enqueueCvExtraction } from "../cvs/extract-cv.server";
import { DomainError } from "../platform/errors.server";
import { enqueueWebhookDeliveries, queueWebhookDeliveriesSql } from "../webhooks/delivery.server";
import { assertWithinLimit, effectiveLimit, type RateLimitRule, rateLimitUpsert, sweepRateLimitsSometimes } from "../platform/rate-limit.server";

export const NOT_ACCEPTING_MESSAGE = "This job is no longer accepting applications";

/** The client whose applications are counted against the "apply" rate limit. */
export interface ApplyRateLimit {
  rule: RateLimitRule;
  /** The client IP. */
  subject: string;
}

/**
 * Stores a candidate's application in the Applied stage of a published job, in one statement (so
 * one transaction and one round trip) that:
 * - counts the request against the client's rate limit, when one is given;
 * - reads the job, holding its row against a concurrent close, and finds its Applied stage;
 * - inserts the application, with a snapshot of the questions it answered (so answers keep their
 *   labels if the job's form changes later) and the candidate's consent (decision 114: the privacy
 *   notice shown, agreed to now, and the talent-pool choice), unless the client is over its limit or this email
 *   (case-insensitive) already applied to this job (the unique index);
 * - records the "application received" activity event;
 * - queues the application's emails, which the mail worker writes and sends after the commit
 *   (decision 044);
 * - with equal-opportunity survey answers (decision 118): stores them apart, in a row naming only the
 *   company, the job and the month, written only when the application was;
 * - with a CV (already checked, in a temporary file): records it for the candidate, its file
 *   copied to the file storage first and its text extraction queued in the same transaction
 *   (decision 083); the stored file is removed again when the application is refused.
 * When nothing was inserted, the limit or a second read says why: RATE_LIMITED, CONFLICT (with
 * the email field), CLOSED or NOT_FOUND.
 */
export async function submitApplication(
  db: Database,
  input: {
    jobId: string;
    application: ApplicationData;
    /** The privacy notice the form showed (its link or text), which the candidate agreed to. */
    notice: { kind: ShownPrivacyNoticeKind; shown: string };
    rateLimit?: ApplyRateLimit;
    source?: ApplicationSource;
    cv?: ReceivedCv | null;
  },
): Promise<{ id: string }> {
  const { application, notice, rateLimit, cv } = input;
  // The schema refuses an application without consent; this guards the statement's other callers.
  if (!application.privacy_consent) throw new DomainError("INVALID", PRIVACY_MESSAGES.consentRequired, { field: PRIVACY_CONSENT_FIELD });
  const source = input.source ?? { source: "job_board", detail: null };
  const formData = {
    ...(application.cover_letter ? { cover_letter: application.cover_letter } : {}),
    custom_fields: application.custom_fields,
  };
  const limited = rateLimit ? rateLimitUpsert(rateLimit.rule, rateLimit.subject) : sql`select 1 as count, 0 as retry_after`;
  const limit = rateLimit ? effectiveLimit(rateLimit.rule) : 1;
  const storageKey = cv ? await storeCvFile(cv) : null;
  const withCv = cv && storageKey
    ? sql`, cv as (
          insert into cvs (company_id, candidate_id, application_id, file_name, kind, size_bytes, sha256, storage_key)
          select i.company_id, i.candidate_id, i.id, ${cv.fileName}, ${cv.kind}, ${cv.size}, ${cv.sha256}, ${storageKey}
          from inserted i
          returning id
        )`
    : sql``;
  // The survey's answers (decision 118), when any were given: no application or candidate id, the month only.
  const eeo = application.eeo && Object.keys(application.eeo).length > 0 ? application.eeo : null;
  const withEeo = eeo
    ? sql`, eeo as (
          insert into eeo_responses (company_id, job_id, month, answers)
          select i.company_id, i.job_id, date_trunc('month', now() at time zone 'UTC')::date, ${JSON.stringify(eeo)}::jsonb
          from inserted i
        )`
    : sql``;
  const statement = (on: Queryable) => queryRowsPrepared<{ id: string | null; cv_id: string | null; count: number; retry_after: number; delivery_ids: string[] }>(
    on,
    `submit-application${rateLimit ? `:${rateLimit.rule.name}` : ""}${cv ? ":cv" : ""}${eeo ? ":eeo" : ""}`,
    sql`with limited as (${limited}),
        inserted as (
          insert into applications (company_id, job_id, candidate_name, candidate_email, resume_url, source, source_detail, form_data, current_pipeline_stage_id,
                                    privacy_notice_kind, privacy_notice_shown, privacy_consented_at, talent_pool_consent, talent_pool_consented_at)
          select j.company_id, j.id, ${application.candidate_name}, ${application.candidate_email},
                 ${application.resume_url ?? null}, ${source.source}, ${source.detail},
                 ${JSON.stringify(formData)}::jsonb || jsonb_build_object('form_schema', j.form_schema), s.id,
                 ${notice.kind}, ${notice.shown}, now(), ${application.talent_pool_consent}::boolean,
                 case when ${application.talent_pool_consent}::boolean then now() end
          from jobs j
          join lateral (select st.id from pipeline_stages st
                        where st.job_id = j.id and st.name = ${APPLIED_STAGE_NAME}
                        order by st."order" limit 1) s on true
          where j.id = ${input.jobId} and j.status = 'published' and (select count from limited) <= ${limit}
          for share of j
          on conflict do nothing
          returning id, company_id, job_id, candidate_id, candidate_name
        ),
        event as (
          insert into activity_events (company_id, actor_id, type, subject_type, subject_id, data)
          select i.company_id, null, 'application_received', 'application', i.id,
                 jsonb_build_object('candidateName', i.candidate_name, 'jobId', i.job_id, 'jobTitle', j.title)
          from inserted i join jobs j on j.id = i.job_id
        ),
        queued as (
          insert into application_email_queue (application_id) select id from inserted
        ),
        hooks as (${queueWebhookDeliveriesSql(sql`(
          select i.company_id, 'application' as subject_type, i.id as subject_id, 'application.created'::text as hook_type,
                 jsonb_build_object('application_id', i.id, 'candidate_id', i.candidate_id, 'job_id', i.job_id, 'job_title', j.title, 'candidate_name', i.candidate_name,
                                    'source', 'applied', 'actor_id', null) as hook_data
          from inserted i join jobs j on j.id = i.job_id)`)}
        )${withCv}${withEeo}
        select (select id from inserted) as id, ${cv ? sql`(select id from cv)` : sql`null::uuid`} as cv_id, l.count, l.retry_after,
               (select coalesce(array_agg(id), '{}') from hooks) as delivery_ids
        from limited l`,
  );
  let row: Awaited<ReturnType<typeof statement>>[number] | undefined;
  try {
    // With a CV, its extraction task commits with it (or not at all).
    [row] = cv
      ? await db.transaction(async (tx) => {
          const rows = await statement(tx);
          if (rows[0]?.cv_id) await enqueueCvExtraction(tx, rows[0].cv_id);
          await enqueueWebhookDeliveries(tx, rows[0]?.delivery_ids ?? []);
          return rows;
        })
      : await statement(db);
    // Without a CV the application is one statement, outside a transaction (the board's hot path):
    // its webhook deliveries' runs follow it at once (decision 113).
    if (!cv) await enqueueWebhookDeliveries(db, row?.delivery_ids ?? []);
  } catch (error) {
    if (storageKey) await removeCvFile(storageKey);
    throw error;
  }
  if (storageKey && !row?.cv_id) await removeCvFile(storageKey);
  if (rateLimit) {
    sweepRateLimitsSometimes(db);
    assertWithinLimit(rateLimit.rule, row);
  }
  if (row?.id) return { id: row.id };

  const [job] = await queryRows<{ status: string; has_stage: boolean; applied: boolean }>(
    db,
    sql`select j.status,
               exists (select 1 from pipeline_stages st where st.job_id = j.id and st.name = ${APPLIED_STAGE_NAME}) as has_stage,
               exists (select 1 from applications a
                       where a.job_id = j.id and lower(a.candidate_email) = lower(${application.candidate_email})) as applied
        from jobs j where j.id = ${input.jobId}`,
  );
  if (!job) throw new DomainError("NOT_FOUND", "Job not found");
  if (job.status !== "published") throw new DomainError("CLOSED", NOT_ACCEPTING_MESSAGE);
  if (job.applied) throw new DomainError("CONFLICT", APPLICATION_MESSAGES.alreadyApplied, { field: "candidate_email" });
  throw new DomainError("NOT_FOUND", "Failed to get pipeline stage");
}
