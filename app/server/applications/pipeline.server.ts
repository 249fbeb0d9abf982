import { and, eq } from "drizzle-orm";
import { applications, pipelineStages } from "../../../db/schema";
import { type ApplicationStatus } from "~/schemas/application-review";
import { isUuid } from "~/schemas/id";
import type { Database, Transaction } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned } from "../platform/tenancy.server";
import { recordActivity } from "../activity/activity.server";

export const APPLICATION_NOT_FOUND = "Application not found";
export const STAGE_NOT_IN_JOB = "That stage is not part of this job's pipeline.";

/** The actor's company's application, locked for the rest of the transaction; 404 otherwise. */
async function lockApplication(tx: Transaction, actor: Actor, applicationId: string) {
  if (!isUuid(applicationId)) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
  const [row] = await tx
    .select({
      id: applications.id,
      jobId: applications.jobId,
      candidateName: applications.candidateName,
      stageId: applications.currentPipelineStageId,
      status: applications.status,
    })
    .from(applications)
    .where(and(eq(applications.id, applicationId), owned(applications, actor)))
    .for("update");
  if (!row) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
  return row;
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
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
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
    return { id: application.id, jobId: application.jobId, stageId: target.id, moved: true };
  });
}

/**
 * Rejects, withdraws or reactivates an application and records the change, in one
 * transaction. Setting the status it already has writes nothing.
 */
export async function changeApplicationStatus(
  db: Database,
  actor: Actor,
  applicationId: string,
  status: ApplicationStatus,
): Promise<{ id: string; status: ApplicationStatus; changed: boolean }> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, actor, applicationId);
    if (application.status === status) return { id: application.id, status, changed: false };
    await tx
      .update(applications)
      .set({ status })
      .where(and(eq(applications.id, application.id), owned(applications, actor)));
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "application_status_changed",
      subjectType: "application",
      subjectId: application.id,
      data: { candidateName: application.candidateName, jobId: application.jobId, from: application.status, to: status },
    });
    return { id: application.id, status, changed: true };
  });
}
