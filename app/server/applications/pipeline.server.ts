import { and, eq, sql } from "drizzle-orm";
import { applications, pipelineStages } from "../../../db/schema";
import { type ApplicationStatus } from "~/schemas/application-review";
import { isUuid } from "~/schemas/id";
import type { Database, Transaction } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, seesApplication } from "../platform/tenancy.server";
import { recordActivities, recordActivity } from "../activity/activity.server";
import { cancelWaitingEmails, templateEmailFor } from "../mail/candidate-emails.server";
import { type Mailer, mailerFor } from "../mail/mailer.server";
import { REJECTION_MESSAGES, type RejectInput } from "~/schemas/rejection";
import { HIRE_MESSAGES } from "~/schemas/application-review";
import { queryRows, uuidArray } from "../platform/db.server";
import { ownedSql } from "../platform/tenancy.server";
import { findRejectionReason } from "./rejection-reasons.server";

export const APPLICATION_NOT_FOUND = "Application not found";
export const STAGE_NOT_IN_JOB = "That stage is not part of this job's pipeline.";

/** The actor's company's application, one they see, locked for the rest of the transaction; 404 otherwise. */
async function lockApplication(tx: Transaction, actor: Actor, applicationId: string) {
  if (!isUuid(applicationId)) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
  const [row] = await tx
    .select({
      id: applications.id,
      jobId: applications.jobId,
      candidateName: applications.candidateName,
      candidateEmail: applications.candidateEmail,
      stageId: applications.currentPipelineStageId,
      status: applications.status,
      hiredOn: applications.hiredOn,
    })
    .from(applications)
    .where(and(eq(applications.id, applicationId), owned(applications, actor), seesApplication(applications, actor)))
    .for("update");
  if (!row) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
  return row;
}

/** The kind of the emails stages send on entry (decision 095). */
export const ENTRY_EMAIL_KIND = "stage-automation";

/**
 * The stage's automatic email (decision 095) for each of these applications entering it, recorded in
 * the caller's transaction: the stage's template filled in for each candidate, to leave after the
 * stage's delay. Hired applications, and ones not active, get none: automatic emails end with the
 * hire or the rejection (decision 094). Answers the messages' ids and whether they wait; the caller
 * starts delivering the ones that do not once the transaction has committed.
 */
export async function recordEntryEmails(
  tx: Transaction,
  actor: Actor,
  stageId: string,
  applicationIds: readonly string[],
  mailer: Mailer,
): Promise<{ ids: string[]; delayed: boolean }> {
  const [automation] = await queryRows<{ subject: string; body: string; delay: number; stage_name: string; company_name: string }>(
    tx,
    sql`select t.subject, t.body, s.entry_delay_hours as delay, s.name as stage_name, c.name as company_name
        from pipeline_stages s
        join email_templates t on t.id = s.entry_template_id and t.company_id = s.company_id
        join companies c on c.id = s.company_id
        where s.id = ${stageId} and ${ownedSql("s", actor)}`,
  );
  if (!automation || applicationIds.length === 0) return { ids: [], delayed: false };
  const rows = await queryRows<{ id: string; candidate_name: string; candidate_email: string; job_title: string }>(
    tx,
    sql`select a.id, a.candidate_name, a.candidate_email, j.title as job_title
        from applications a join jobs j on j.id = a.job_id
        where a.id = any(${uuidArray(applicationIds)}) and ${ownedSql("a", actor)} and a.status = 'active' and a.hired_on is null`,
  );
  const sender = { companyId: actor.companyId, companyName: automation.company_name };
  const messages = rows.map((row) =>
    templateEmailFor(
      { id: row.id, candidateName: row.candidate_name, candidateEmail: row.candidate_email, jobTitle: row.job_title, stageName: automation.stage_name },
      automation,
      sender,
      ENTRY_EMAIL_KIND,
      automation.delay * 3600,
    ),
  );
  return { ids: await mailer.record(messages, tx), delayed: automation.delay > 0 };
}

/**
 * The stage automation "ask the hiring team for feedback" (decision 099): when these applications
 * enter a stage that asks it, each member of their job's hiring team but the one who moved them is
 * asked for feedback on each, in the caller's transaction, with one history entry per application.
 * Hired applications, and ones not active, ask nobody (as the stage's email, decision 095).
 */
export async function recordEntryFeedbackRequests(tx: Transaction, actor: Actor, stageId: string, applicationIds: readonly string[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const team = await queryRows<{ user_id: string; name: string }>(
    tx,
    sql`select m.user_id, coalesce(nullif(trim(p.full_name), ''), u.email) as name
        from pipeline_stages s
        join job_team_members m on m.job_id = s.job_id and ${ownedSql("m", actor)}
        join profiles p on p.id = m.user_id and ${ownedSql("p", actor)}
        join "user" u on u.id = m.user_id
        where s.id = ${stageId} and s.entry_feedback and ${ownedSql("s", actor)} and m.user_id <> ${actor.userId}`,
  );
  if (team.length === 0) return 0;
  const names = new Map(team.map((member) => [member.user_id, member.name]));
  const asked = await queryRows<{ application_id: string; reviewer_id: string; candidate_name: string; job_id: string }>(
    tx,
    sql`with added as (
          insert into feedback_requests (company_id, application_id, reviewer_id, requested_by)
          select ${actor.companyId}::uuid, a.id, m.user_id, ${actor.userId}
          from applications a
          cross join unnest(array[${sql.join(
            team.map((member) => sql`${member.user_id}`),
            sql`, `,
          )}]::text[]) as m(user_id)
          where a.id = any(${uuidArray(applicationIds)}) and ${ownedSql("a", actor)} and a.status = 'active' and a.hired_on is null
          on conflict do nothing
          returning application_id, reviewer_id)
        select added.application_id, added.reviewer_id, a.candidate_name, a.job_id
        from added join applications a on a.id = added.application_id
        order by added.application_id`,
  );
  const byApplication = new Map<string, { candidateName: string; jobId: string; reviewers: string[] }>();
  for (const row of asked) {
    const entry = byApplication.get(row.application_id) ?? { candidateName: row.candidate_name, jobId: row.job_id, reviewers: [] };
    entry.reviewers.push(names.get(row.reviewer_id)!);
    byApplication.set(row.application_id, entry);
  }
  await recordActivities(
    tx,
    [...byApplication].map(([applicationId, entry]) => ({
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "application_feedback_requested" as const,
      subjectType: "application" as const,
      subjectId: applicationId,
      data: { candidateName: entry.candidateName, jobId: entry.jobId, reviewers: entry.reviewers },
    })),
  );
  return asked.length;
}

export interface MoveResult {
  id: string;
  jobId: string;
  stageId: string;
  /** False when the application already was in that stage (nothing written). */
  moved: boolean;
}

/**
 * Moves an application to another stage of its own job and records the move in the
 * company's activity, in one transaction. A stage of another job or company is refused.
 */
export async function moveApplication(
  db: Database,
  actor: Actor,
  applicationId: string,
  stageId: string,
  /** The board's job: an application of another job is then not found. */
  jobId?: string,
  mailer: Mailer = mailerFor(db),
): Promise<MoveResult> {
  let entry: { ids: string[]; delayed: boolean } = { ids: [], delayed: false };
  const result = await db.transaction(async (tx) => {
    const application = await lockApplication(tx, actor, applicationId);
    if (jobId !== undefined && application.jobId !== jobId) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
    if (!isUuid(stageId)) throw new DomainError("INVALID", STAGE_NOT_IN_JOB, { field: "stageId" });
    const stages = await tx
      .select({ id: pipelineStages.id, name: pipelineStages.name })
      .from(pipelineStages)
      .where(and(eq(pipelineStages.jobId, application.jobId), owned(pipelineStages, actor)));
    const target = stages.find((stage) => stage.id === stageId);
    if (!target) throw new DomainError("INVALID", STAGE_NOT_IN_JOB, { field: "stageId" });
    if (application.stageId === target.id) {
      return { id: application.id, jobId: application.jobId, stageId: target.id, moved: false };
    }
    const from = stages.find((stage) => stage.id === application.stageId) ?? null;
    await tx
      .update(applications)
      .set({ currentPipelineStageId: target.id })
      .where(and(eq(applications.id, application.id), owned(applications, actor)));
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "application_stage_moved",
      subjectType: "application",
      subjectId: application.id,
      data: {
        candidateName: application.candidateName,
        jobId: application.jobId,
        fromStageId: from?.id ?? null,
        fromStageName: from?.name ?? null,
        toStageId: target.id,
        toStageName: target.name,
      },
    });
    entry = await recordEntryEmails(tx, actor, target.id, [application.id], mailer);
    await recordEntryFeedbackRequests(tx, actor, target.id, [application.id]);
    return { id: application.id, jobId: application.jobId, stageId: target.id, moved: true };
  });
  if (!entry.delayed) mailer.deliver(entry.ids);
  return result;
}

/**
 * An application's new status and its history entry: a rejection with its reason's name and time
 * (decision 090), any other status clearing them.
 */
async function setStatus(
  tx: Transaction,
  actor: Actor,
  application: { id: string; jobId: string; candidateName: string; status: ApplicationStatus },
  status: ApplicationStatus,
  reason?: string,
) {
  const rejection = status === "rejected" ? { rejectionReason: reason ?? null, rejectedAt: sql`now()` } : { rejectionReason: null, rejectedAt: null };
  await tx
    .update(applications)
    .set({ status, ...rejection })
    .where(and(eq(applications.id, application.id), owned(applications, actor)));
  await recordActivity(tx, {
    companyId: actor.companyId,
    actorId: actor.userId,
    type: "application_status_changed",
    subjectType: "application",
    subjectId: application.id,
    data: { candidateName: application.candidateName, jobId: application.jobId, from: application.status, to: status, ...(reason ? { reason } : {}) },
  });
}

/** The kind of the email the reject dialog sends, so undoing the rejection can call it off. */
export const REJECTION_EMAIL_KIND = "rejection";
export const ALREADY_REJECTED = "This application is already rejected.";

/**
 * Rejects an application for one of the company's reasons (decision 090), in one transaction: the
 * status, the reason's name and the time; the history entry; and, when asked, the rejection email
 * as edited, recorded to leave now or after a delay (cancellable until then). The card keeps its
 * stage, so undoing puts it back where it was.
 */
export async function rejectApplication(
  db: Database,
  actor: Actor,
  applicationId: string,
  input: RejectInput,
  mailer: Mailer = mailerFor(db),
): Promise<{ id: string; reason: string; emailId: string | null }> {
  const result = await db.transaction(async (tx) => {
    const application = await lockApplication(tx, actor, applicationId);
    if (application.status === "rejected") throw new DomainError("CONFLICT", ALREADY_REJECTED);
    const reason = await findRejectionReason(tx, actor, input.reasonId);
    if (!reason) throw new DomainError("INVALID", REJECTION_MESSAGES.reasonGone, { field: "reasonId" });
    await setStatus(tx, actor, application, "rejected", reason.name);
    const [emailId] = input.email
      ? await mailer.record(
          [
            {
              kind: REJECTION_EMAIL_KIND,
              to: application.candidateEmail,
              subject: input.email.subject,
              body: input.email.body,
              companyId: actor.companyId,
              applicationId: application.id,
              sendAfterSeconds: input.email.delaySeconds,
            },
          ],
          tx,
        )
      : [];
    return { id: application.id, reason: reason.name, emailId: emailId ?? null };
  });
  if (result.emailId && !input.email?.delaySeconds) mailer.deliver([result.emailId]);
  return result;
}

/**
 * Withdraws or reactivates an application and records the change, in one transaction; either
 * clears a rejection's reason. Reactivating a rejected application (its Undo) also calls off the
 * rejection email if it is still waiting to leave. Setting the status it already has writes nothing.
 */
export async function changeApplicationStatus(
  db: Database,
  actor: Actor,
  applicationId: string,
  status: Exclude<ApplicationStatus, "rejected">,
): Promise<{ id: string; status: ApplicationStatus; changed: boolean; emailsCancelled: number }> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, actor, applicationId);
    if (application.status === status) return { id: application.id, status, changed: false, emailsCancelled: 0 };
    await setStatus(tx, actor, application, status);
    const emailsCancelled =
      application.status === "rejected" ? await cancelWaitingEmails(tx, actor, application.id, { kind: REJECTION_EMAIL_KIND }) : 0;
    return { id: application.id, status, changed: true, emailsCancelled };
  });
}

export const HIRED_STAGE_NAME = "Hired";

export interface HireResult {
  id: string;
  /** The stage the card is in now: the job's Hired stage when it has one. */
  stageName: string | null;
  job: { id: string; title: string; status: string; openings: number; hired: number };
  /** Waiting emails to the candidate (a delayed rejection email) called off. */
  emailsCancelled: number;
}

/**
 * Hires an application (decision 094), in one transaction: the day they were hired, the card moved to
 * the job's stage named Hired (the last such stage; it stays where it is when the job has none), a
 * history entry, and every email to them still waiting to leave cancelled: automatic emails end with
 * the hire. Answers how many of the job's openings are now filled, so the page can offer to close it.
 */
export async function hireApplication(db: Database, actor: Actor, applicationId: string, hiredOn: string): Promise<HireResult> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, actor, applicationId);
    if (application.status !== "active") throw new DomainError("CONFLICT", HIRE_MESSAGES.notActive);
    if (application.hiredOn) throw new DomainError("CONFLICT", HIRE_MESSAGES.alreadyHired);
    // The job, and its last stage named Hired (any case), if it has one.
    const [job] = await queryRows<{ title: string; status: string; openings: number; hired_stage_id: string | null; hired_stage_name: string | null }>(
      tx,
      sql`select j.title, j.status, j.openings, hired.id as hired_stage_id, hired.name as hired_stage_name
          from jobs j
          left join lateral (
            select s.id, s.name from pipeline_stages s
            where s.job_id = j.id and lower(btrim(s.name)) = lower(${HIRED_STAGE_NAME}) and ${ownedSql("s", actor)}
            order by s."order" desc limit 1
          ) hired on true
          where j.id = ${application.jobId} and ${ownedSql("j", actor)}`,
    );
    if (!job) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
    const stageId = job.hired_stage_id ?? application.stageId;
    await tx
      .update(applications)
      .set({ hiredOn, currentPipelineStageId: stageId })
      .where(and(eq(applications.id, application.id), owned(applications, actor)));
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "application_hired",
      subjectType: "application",
      subjectId: application.id,
      data: { candidateName: application.candidateName, jobId: application.jobId, hiredOn },
    });
    const emailsCancelled = await cancelWaitingEmails(tx, actor, application.id);
    const [count] = await queryRows<{ hired: number }>(
      tx,
      sql`select count(*)::int as hired from applications a where a.job_id = ${application.jobId} and a.hired_on is not null and ${ownedSql("a", actor)}`,
    );
    const stageName = job.hired_stage_id ? job.hired_stage_name : null;
    return {
      id: application.id,
      stageName,
      job: { id: application.jobId, title: job.title, status: job.status, openings: job.openings, hired: count?.hired ?? 0 },
      emailsCancelled,
    };
  });
}
