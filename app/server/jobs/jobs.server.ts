import { and, eq, inArray, sql } from "drizzle-orm";
import { applications, emailTemplates, jobs, pipelineStages } from "../../../db/schema";
import { type CreateJobData, type JobStatus, MESSAGES } from "~/schemas/job";
import type { Database, Transaction } from "../platform/db.server";
import { DomainError, isUniqueViolation } from "../platform/errors.server";
import { recordActivity } from "../activity/activity.server";
import { invalidateJobBoardCache } from "../job-board/cache.server";
import { type Actor, owned, ownedSql } from "../platform/tenancy.server";

/**
 * A failed step of writing a job, with the error catalogue's message (spec section 8):
 * "Failed to create job: {reason}", "Failed to create pipeline stages: {reason}".
 * The route shows it in the "Error creating job" box and logs the cause.
 */
export class JobWriteError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "JobWriteError";
  }
}

function reasonOf(error: unknown): string {
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (!e.cause && e.message) return e.message;
  }
  return error instanceof Error ? error.message : String(error);
}

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError || error instanceof JobWriteError) throw error;
    throw new JobWriteError(`${label}: ${reasonOf(error)}`, { cause: error });
  }
}

function jobColumns(input: CreateJobData) {
  return {
    title: input.title,
    description: input.description,
    requirements: input.requirements ?? null,
    location: input.location ?? null,
    type: input.type,
    formSchema: input.form_schema,
    salaryMin: input.salary_min ?? null,
    salaryMax: input.salary_max ?? null,
    salaryCurrency: input.salary_currency ?? null,
    salaryPeriod: input.salary_period ?? null,
    remoteType: input.remote_type ?? null,
    remoteCountries: input.remote_countries ?? null,
    closesOn: input.closes_on ?? null,
    department: input.department ?? null,
    featured: input.featured,
    cvField: input.cv_field,
    openings: input.openings ?? 1,
  };
}

/** A new job goes on the board at once (the spec's Create Job) or waits as a draft. */
export type NewJobStatus = Extract<JobStatus, "published" | "draft">;

export const STAGE_TEMPLATE_GONE = "A stage's automatic email names a template that no longer exists. Please choose another.";

/** The stages' automations (decision 095) may only send the company's own templates. */
async function checkStageTemplates(tx: Transaction, actor: Actor, stages: CreateJobData["stages"]) {
  const ids = [...new Set(stages.flatMap((stage) => (stage.entry_template_id ? [stage.entry_template_id] : [])))];
  if (ids.length === 0) return;
  const found = await tx.select({ id: emailTemplates.id }).from(emailTemplates).where(and(inArray(emailTemplates.id, ids), owned(emailTemplates, actor)));
  if (found.length < ids.length) throw new DomainError("INVALID", STAGE_TEMPLATE_GONE, { field: "stages" });
}

/** A stage's automation columns from the form's stage. */
const automation = (stage: CreateJobData["stages"][number]) => ({
  entryTemplateId: stage.entry_template_id ?? null,
  entryDelayHours: stage.entry_template_id ? stage.entry_delay_hours : 0,
});

/**
 * Creates a job and all its pipeline stages in the actor's company, in one transaction: if any
 * stage cannot be written, the job is not written either. Published (the default) sets
 * published_at, records "Job posted" and clears the board's cache; a draft does none of these:
 * it is not on the board, and publishing it later records the change.
 */
export async function createJob(
  db: Database,
  actor: Actor,
  input: CreateJobData,
  { status = "published" }: { status?: NewJobStatus } = {},
): Promise<{ id: string }> {
  const published = status === "published";
  const job = await db.transaction(async (tx) => {
    const [created] = await step("Failed to create job", () =>
      tx
        .insert(jobs)
        .values({
          ...jobColumns(input),
          companyId: actor.companyId,
          status,
          createdBy: actor.userId,
          publishedAt: published ? new Date() : null,
        })
        .returning({ id: jobs.id }),
    );
    if (!created) throw new JobWriteError("Failed to create job: no row was returned", { cause: undefined });
    await checkStageTemplates(tx, actor, input.stages);
    await step("Failed to create pipeline stages", () =>
      tx.insert(pipelineStages).values(
        input.stages.map((stage, index) => ({
          companyId: actor.companyId,
          jobId: created.id,
          name: stage.name,
          description: stage.description ?? null,
          order: index + 1,
          ...automation(stage),
        })),
      ),
    );
    if (published) {
      await recordActivity(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        type: "job_posted",
        subjectType: "job",
        subjectId: created.id,
        data: { jobTitle: input.title },
      });
    }
    return created;
  });
  if (published) invalidateJobBoardCache();
  return job;
}

/** The per-job unique constraints of pipeline_stages (DEFERRABLE INITIALLY IMMEDIATE, migration 0005). */
const STAGE_UNIQUE_CONSTRAINTS = sql.raw("pipeline_stages_job_order_unique, pipeline_stages_job_name_unique");

async function lockJob(tx: Transaction, actor: Actor, jobId: string) {
  const [job] = await tx
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), owned(jobs, actor)))
    .for("update");
  if (!job) throw new DomainError("NOT_FOUND", "Job not found");
  return job;
}

/**
 * Saves a job's fields, custom form and pipeline. Stages keep their ids (and candidates) when
 * renamed or reordered; a removed stage that holds applications needs `stage_moves[id]`, a kept
 * stage of the same job where its candidates go. All in one transaction. Answers the job's status;
 * only a published job's change clears the board's cache (nothing else of it is on the board).
 */
export async function updateJob(db: Database, actor: Actor, jobId: string, input: CreateJobData): Promise<{ status: JobStatus }> {
  const { status } = await db.transaction(async (tx) => {
    const locked = await lockJob(tx, actor, jobId);
    await step("Failed to update job", () =>
      tx.update(jobs).set(jobColumns(input)).where(and(eq(jobs.id, jobId), owned(jobs, actor))),
    );

    const existing = await tx
      .select({
        id: pipelineStages.id,
        name: pipelineStages.name,
        applications: sql<number>`(select count(*)::int from applications a
          where a.current_pipeline_stage_id = "pipeline_stages"."id" and ${ownedSql("a", actor)})`,
      })
      .from(pipelineStages)
      .where(and(eq(pipelineStages.jobId, jobId), owned(pipelineStages, actor)));
    const existingIds = new Set(existing.map((stage) => stage.id));
    const keptIds = new Set(input.stages.flatMap((stage) => (stage.id && existingIds.has(stage.id) ? [stage.id] : [])));
    const removed = existing.filter((stage) => !keptIds.has(stage.id));

    for (const stage of removed) {
      if (Number(stage.applications) === 0) continue;
      const target = input.stage_moves[stage.id];
      if (!target || !keptIds.has(target)) {
        const n = Number(stage.applications);
        throw new DomainError(
          "INVALID",
          `Choose where the ${n} ${n === 1 ? "candidate" : "candidates"} in "${stage.name}" go before removing that stage.`,
          { field: "stages" },
        );
      }
      await tx
        .update(applications)
        .set({ currentPipelineStageId: target })
        .where(and(eq(applications.currentPipelineStageId, stage.id), owned(applications, actor)));
    }
    if (removed.length > 0) {
      await tx
        .delete(pipelineStages)
        .where(and(inArray(pipelineStages.id, removed.map((stage) => stage.id)), owned(pipelineStages, actor)));
    }

    // A job's stages have one order and one name each (decision 052); renaming and reordering may
    // swap two of them, so those constraints are checked once every stage is written.
    await checkStageTemplates(tx, actor, input.stages);
    await tx.execute(sql`set constraints ${STAGE_UNIQUE_CONSTRAINTS} deferred`);
    await step("Failed to save pipeline stages", async () => {
      for (const [index, stage] of input.stages.entries()) {
        const values = { name: stage.name, description: stage.description ?? null, order: index + 1, ...automation(stage) };
        if (stage.id && keptIds.has(stage.id)) {
          await tx.update(pipelineStages).set(values).where(and(eq(pipelineStages.id, stage.id), owned(pipelineStages, actor)));
        } else {
          await tx.insert(pipelineStages).values({ ...values, companyId: actor.companyId, jobId });
        }
      }
      try {
        await tx.execute(sql`set constraints ${STAGE_UNIQUE_CONSTRAINTS} immediate`);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError("INVALID", MESSAGES.stageNamesUnique, { field: "stages" });
        throw error;
      }
    });
    return { status: locked.status as JobStatus };
  });
  if (status === "published") invalidateJobBoardCache();
  return { status };
}

/**
 * Publishes, drafts or closes a job. Publishing sets published_at the first time only; a
 * job that is not published leaves the board and refuses applications. Answers the status it had;
 * the board's cache is cleared only when the job comes onto or leaves the board.
 */
export async function setJobStatus(db: Database, actor: Actor, jobId: string, status: JobStatus): Promise<{ from: JobStatus }> {
  const from = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: jobs.status, title: jobs.title })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), owned(jobs, actor)))
      .for("update");
    if (!current) throw new DomainError("NOT_FOUND", "Job not found");
    if (current.status === status) return status;
    await tx
      .update(jobs)
      .set({
        status,
        publishedAt: status === "published" ? sql`coalesce(${jobs.publishedAt}, now())` : undefined,
        // Reopening a job whose closing date has passed forgets the date, or it would close again within the hour (decision 107).
        closesOn: status === "published" ? sql`case when ${jobs.closesOn} < (now() at time zone 'UTC')::date then null else ${jobs.closesOn} end` : undefined,
      })
      .where(and(eq(jobs.id, jobId), owned(jobs, actor)));
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "job_status_changed",
      subjectType: "job",
      subjectId: jobId,
      data: { jobTitle: current.title, from: current.status, to: status },
    });
    return current.status as JobStatus;
  });
  if (from !== status && (from === "published" || status === "published")) invalidateJobBoardCache();
  return { from };
}
