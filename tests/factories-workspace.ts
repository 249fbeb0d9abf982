import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { applications, pipelineStages } from "../db/schema";
import type { Database } from "~/server/db.server";
import type { Actor } from "~/server/tenancy.server";
import { createTestJob } from "./factories";

/** A job's stages in order. */
export async function stagesOf(db: Database, jobId: string) {
  return db
    .select({ id: pipelineStages.id, name: pipelineStages.name })
    .from(pipelineStages)
    .where(eq(pipelineStages.jobId, jobId))
    .orderBy(asc(pipelineStages.order));
}

export interface TestApplicationOverrides {
  candidateName?: string;
  candidateEmail?: string;
  resumeUrl?: string | null;
  stageName?: string;
  status?: "active" | "withdrawn" | "rejected";
  createdAt?: Date;
  formData?: { cover_letter?: string; custom_fields?: Record<string, string | boolean> };
}

/**
 * An application inserted straight into the table (the public submit service is not this
 * area's), in the job's Applied stage unless another stage is named.
 */
export async function createTestApplication(db: Database, job: { id: string; companyId: string }, overrides: TestApplicationOverrides = {}) {
  const stageName = overrides.stageName ?? "Applied";
  const [stage] = await db
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.jobId, job.id), eq(pipelineStages.name, stageName)));
  if (!stage) throw new Error(`createTestApplication: no stage ${stageName}`);
  const suffix = randomBytes(4).toString("hex");
  const [row] = await db
    .insert(applications)
    .values({
      companyId: job.companyId,
      jobId: job.id,
      candidateName: overrides.candidateName ?? `Candidate ${suffix}`,
      candidateEmail: overrides.candidateEmail ?? `candidate-${suffix}@example.test`,
      resumeUrl: overrides.resumeUrl === undefined ? "https://example.test/resume.pdf" : overrides.resumeUrl,
      formData: overrides.formData ?? { cover_letter: "I would love to join." },
      currentPipelineStageId: stage.id,
      status: overrides.status ?? "active",
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning({ id: applications.id, stageId: applications.currentPipelineStageId });
  if (!row) throw new Error("createTestApplication: nothing inserted");
  return { id: row.id, stageId: row.stageId!, jobId: job.id, companyId: job.companyId };
}

/** A job of the actor's company with its stages. */
export async function createJobWithStages(db: Database, actor: Actor, overrides: Parameters<typeof createTestJob>[2] = {}) {
  const job = await createTestJob(db, actor, overrides);
  return { id: job.id, companyId: actor.companyId, stages: await stagesOf(db, job.id) };
}
