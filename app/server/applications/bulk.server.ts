import { sql } from "drizzle-orm";
import { BULK_MESSAGES } from "~/schemas/bulk";
import { REJECTION_MESSAGES } from "~/schemas/rejection";
import { type ActivityEventInput, recordActivities } from "../activity/activity.server";
import { templateEmailFor } from "../mail/candidate-emails.server";
import { type Mailer, mailerFor } from "../mail/mailer.server";
import { type Database, queryRows, type Transaction, uuidArray } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, ownedSql, seesApplicationSql } from "../platform/tenancy.server";
import { recordEntryEmails, recordEntryFeedbackRequests, REJECTION_EMAIL_KIND, STAGE_NOT_IN_JOB } from "./pipeline.server";
import { findRejectionReason } from "./rejection-reasons.server";
import { useTag } from "../candidates/tags.server";

/** What one request may act on at most: "Select all matching" takes this many (issue 13). */
export const BULK_LIMIT = 1000;

interface LockedApplication {
  id: string;
  job_id: string;
  job_title: string;
  candidate_name: string;
  candidate_email: string;
  status: string;
  stage_id: string | null;
  stage_name: string | null;
}

/**
 * The actor's company's applications among `ids`, locked for the rest of the transaction in id order
 * (two bulk actions over the same rows wait for each other instead of deadlocking), with what their
 * history and emails need. Ids of other companies, or of nothing, are simply not there.
 */
async function lockApplications(tx: Transaction, actor: Actor, ids: readonly string[]): Promise<LockedApplication[]> {
  if (ids.length === 0) return [];
  return queryRows<LockedApplication>(
    tx,
    sql`select a.id, a.job_id, j.title as job_title, a.candidate_name, a.candidate_email, a.status,
               a.current_pipeline_stage_id as stage_id, s.name as stage_name
        from applications a
        join jobs j on j.id = a.job_id
        left join pipeline_stages s on s.id = a.current_pipeline_stage_id
        where a.id = any(${uuidArray(ids)}) and ${ownedSql("a", actor)} and ${seesApplicationSql("a", actor)}
        order by a.id
        for update of a`,
  );
}

/** One of the company's email templates, for a bulk email; INVALID on the form's `field` when it is not. */
async function companyTemplate(tx: Transaction, actor: Actor, templateId: string, field: string) {
  const [template] = await queryRows<{ subject: string; body: string }>(
    tx,
    sql`select subject, body from email_templates t where t.id = ${templateId} and ${ownedSql("t", actor)}`,
  );
  if (!template) throw new DomainError("INVALID", BULK_MESSAGES.templateGone, { field });
  return template;
}

/** The template filled in for one locked application's candidate (the one filling, `templateEmailFor`). */
function emailFor(row: LockedApplication, template: { subject: string; body: string }, actor: Actor & { companyName: string }, kind: string, delay?: number) {
  const application = { id: row.id, candidateName: row.candidate_name, candidateEmail: row.candidate_email, jobTitle: row.job_title, stageName: row.stage_name };
  return templateEmailFor(application, template, actor, kind, delay);
}

export interface BulkResult {
  /** Applications changed. */
  changed: number;
  /** Selected applications already so (in that stage, already rejected): nothing written for them. */
  unchanged: number;
  /** Selected ids that are not the company's applications (removed meanwhile). */
  missing: number;
}

/**
 * Moves the selected applications to one stage of their job, in one transaction: one statement
 * for the rows, one history entry per application moved (one statement for all). Applications of
 * another job are refused as a whole: a stage belongs to one job.
 */
export async function bulkMoveApplications(
  db: Database,
  actor: Actor,
  ids: readonly string[],
  stageId: string,
  mailer: Mailer = mailerFor(db),
): Promise<BulkResult> {
  let entry: { ids: string[]; delayed: boolean } = { ids: [], delayed: false };
  const result = await db.transaction(async (tx) => {
    const [stage] = await queryRows<{ id: string; name: string; job_id: string }>(
      tx,
      sql`select s.id, s.name, s.job_id from pipeline_stages s where s.id = ${stageId} and ${ownedSql("s", actor)}`,
    );
    if (!stage) throw new DomainError("INVALID", STAGE_NOT_IN_JOB, { field: "stageId" });
    const rows = await lockApplications(tx, actor, ids);
    if (rows.length === 0) throw new DomainError("NOT_FOUND", BULK_MESSAGES.gone);
    if (rows.some((row) => row.job_id !== stage.job_id)) throw new DomainError("INVALID", BULK_MESSAGES.oneJob, { field: "stageId" });
    const moving = rows.filter((row) => row.stage_id !== stage.id);
    if (moving.length > 0) {
      await tx.execute(
        sql`update applications set current_pipeline_stage_id = ${stage.id}, updated_at = now()
            where id = any(${uuidArray(moving.map((row) => row.id))}) and company_id = ${actor.companyId}`,
      );
      await recordActivities(
        tx,
        moving.map(
          (row): ActivityEventInput => ({
            companyId: actor.companyId,
            actorId: actor.userId,
            type: "application_stage_moved",
            subjectType: "application",
            subjectId: row.id,
            data: {
              candidateName: row.candidate_name,
              jobId: row.job_id,
              fromStageId: row.stage_id,
              fromStageName: row.stage_name,
              toStageId: stage.id,
              toStageName: stage.name,
            },
          }),
        ),
      );
      // The stage's automatic email (decision 095), one per application that entered it.
      entry = await recordEntryEmails(
        tx,
        actor,
        stage.id,
        moving.map((row) => row.id),
        mailer,
      );
      // And the stage's request for the hiring team's feedback (decision 099).
      await recordEntryFeedbackRequests(
        tx,
        actor,
        stage.id,
        moving.map((row) => row.id),
      );
    }
    return { changed: moving.length, unchanged: rows.length - moving.length, missing: new Set(ids).size - rows.length };
  });
  if (!entry.delayed) mailer.deliver(entry.ids);
  return result;
}

/**
 * Rejects the selected applications for one of the company's reasons (decision 090), in one
 * transaction: the rows in one statement, one history entry each, and, when a template is given,
 * each candidate's rejection email filled in for them, recorded to leave now or after the delay.
 * Applications already rejected are left as they are (no second email).
 */
export async function bulkRejectApplications(
  db: Database,
  actor: Actor & { companyName: string },
  ids: readonly string[],
  input: { reasonId: string; email: { templateId: string; delaySeconds: number } | null },
  mailer: Mailer = mailerFor(db),
): Promise<BulkResult> {
  const result = await db.transaction(async (tx) => {
    const reason = await findRejectionReason(tx, actor, input.reasonId);
    if (!reason) throw new DomainError("INVALID", REJECTION_MESSAGES.reasonGone, { field: "reasonId" });
    const template = input.email ? await companyTemplate(tx, actor, input.email.templateId, "templateId") : null;
    const rows = await lockApplications(tx, actor, ids);
    if (rows.length === 0) throw new DomainError("NOT_FOUND", BULK_MESSAGES.gone);
    const rejecting = rows.filter((row) => row.status !== "rejected");
    let messageIds: string[] = [];
    if (rejecting.length > 0) {
      await tx.execute(
        sql`update applications set status = 'rejected', rejection_reason = ${reason.name}, rejected_at = now(), updated_at = now()
            where id = any(${uuidArray(rejecting.map((row) => row.id))}) and company_id = ${actor.companyId}`,
      );
      await recordActivities(
        tx,
        rejecting.map(
          (row): ActivityEventInput => ({
            companyId: actor.companyId,
            actorId: actor.userId,
            type: "application_status_changed",
            subjectType: "application",
            subjectId: row.id,
            data: { candidateName: row.candidate_name, jobId: row.job_id, from: row.status, to: "rejected", reason: reason.name },
          }),
        ),
      );
      if (template && input.email) {
        const delay = input.email.delaySeconds;
        messageIds = await mailer.record(
          rejecting.map((row) => emailFor(row, template, actor, REJECTION_EMAIL_KIND, delay)),
          tx,
        );
      }
    }
    return {
      changed: rejecting.length,
      unchanged: rows.length - rejecting.length,
      missing: new Set(ids).size - rows.length,
      messageIds,
      delayed: Boolean(input.email?.delaySeconds),
    };
  });
  if (!result.delayed && result.messageIds.length > 0) mailer.deliver(result.messageIds);
  return { changed: result.changed, unchanged: result.unchanged, missing: result.missing };
}

/**
 * Emails each selected application's candidate one of the company's templates, filled in for them,
 * in one transaction (one statement for all the messages), sent now. Each shows on its application
 * with its delivery status, as a single email does.
 */
export async function bulkEmailApplications(
  db: Database,
  actor: Actor & { companyName: string },
  ids: readonly string[],
  templateId: string,
  mailer: Mailer = mailerFor(db),
): Promise<BulkResult> {
  const result = await db.transaction(async (tx) => {
    const template = await companyTemplate(tx, actor, templateId, "emailTemplateId");
    const rows = await lockApplications(tx, actor, ids);
    if (rows.length === 0) throw new DomainError("NOT_FOUND", BULK_MESSAGES.gone);
    return { messageIds: await mailer.record(rows.map((row) => emailFor(row, template, actor, "message")), tx), found: rows.length };
  });
  mailer.deliver(result.messageIds);
  return { changed: result.found, unchanged: 0, missing: new Set(ids).size - result.found };
}

/**
 * Puts a tag (by name, any case; made if the company has none) on the candidates of the selected
 * applications, each candidate once, in one transaction. `changed` counts the candidates who did
 * not have it yet, `unchanged` those who did.
 */
export async function bulkTagApplications(db: Database, actor: Actor, ids: readonly string[], name: string): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ candidate_id: string }>(
      tx,
      sql`select distinct a.candidate_id from applications a where a.id = any(${uuidArray(ids)}) and ${ownedSql("a", actor)}`,
    );
    if (rows.length === 0) throw new DomainError("NOT_FOUND", BULK_MESSAGES.gone);
    const tag = await useTag(tx, actor, name);
    const added = await queryRows<{ candidate_id: string }>(
      tx,
      sql`insert into candidate_tags (candidate_id, tag_id, company_id, created_by)
          select c, ${tag.id}, ${actor.companyId}, ${actor.userId} from unnest(${uuidArray(rows.map((row) => row.candidate_id))}) as c
          on conflict do nothing
          returning candidate_id`,
    );
    const found = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from applications a where a.id = any(${uuidArray(ids)}) and ${ownedSql("a", actor)}`);
    return { changed: added.length, unchanged: rows.length - added.length, missing: new Set(ids).size - (found[0]?.n ?? 0) };
  });
}
