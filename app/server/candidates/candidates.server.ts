import { and, asc, eq, sql } from "drizzle-orm";
import { applications, candidates, cvs, jobs, pipelineStages } from "../../../db/schema";
import type { AddCandidateInput } from "~/schemas/candidate";
import { recordActivity } from "../activity/activity.server";
import { type ReceivedCv, removeCvFile, storeCvFile } from "../cvs/cv-upload.server";
import { enqueueCvExtraction } from "../cvs/extract-cv.server";
import { candidatesByAlias, emailKeyOf } from "./email-aliases.server";
import type { Database, Transaction } from "../platform/db.server";
import { DomainError, isUniqueViolation } from "../platform/errors.server";
import { type Actor, owned } from "../platform/tenancy.server";

export const ALREADY_IN_JOB = "This candidate already has an application for this job";

/**
 * Adds a person a recruiter found themselves (issue 12, decision 079), in one transaction: the
 * company's candidate with this email (made, or the one there is, whose phone is filled in if it
 * had none) and, with a job, an application in the chosen stage (the job's first when none is
 * chosen). Its source is "Added by {who}" (and the source they typed); the history names them; no
 * email goes to the candidate, who did not apply.
 */
export async function addCandidate(
  db: Database,
  actor: Actor & { displayName: string },
  input: Partial<AddCandidateInput> & Pick<AddCandidateInput, "name" | "email">,
  cv: ReceivedCv | null = null,
) {
  const detail = input.source ? `${actor.displayName} · ${input.source}` : actor.displayName;
  // The file goes to storage first; its row and extraction task commit with the candidate, and
  // the file is removed again if they do not.
  const storageKey = cv ? await storeCvFile(cv) : null;
  try {
    return await db.transaction(async (tx) => {
      const target = input.job ? await jobAndStage(tx, actor, input.job, input.stage) : null;
      const emailKey = emailKeyOf(input.email);
      // An address merged into another candidate finds that candidate (decision 085).
      const mergedInto = (await candidatesByAlias(tx, actor, [emailKey])).get(emailKey);
      const [candidate] = mergedInto
        ? await tx
            .update(candidates)
            .set({ phone: sql`coalesce(${candidates.phone}, ${input.phone ?? null})`, updatedAt: sql`now()` })
            .where(and(eq(candidates.id, mergedInto), owned(candidates, actor)))
            .returning({ id: candidates.id, existed: sql<boolean>`true` })
        : await tx
            .insert(candidates)
            .values({
              companyId: actor.companyId,
              name: input.name,
              email: input.email,
              emailKey,
              phone: input.phone ?? null,
              source: "added",
              sourceDetail: detail,
            })
            .onConflictDoUpdate({
              target: [candidates.companyId, candidates.emailKey],
              set: { phone: sql`coalesce(${candidates.phone}, excluded.phone)`, updatedAt: sql`now()` },
            })
            .returning({ id: candidates.id, existed: sql<boolean>`xmax <> 0` });
      if (!candidate) throw new Error("addCandidate: no candidate row");
      const recordCv = async (applicationId: string | null) => {
        if (!cv || !storageKey) return;
        const [row] = await tx
          .insert(cvs)
          .values({
            companyId: actor.companyId,
            candidateId: candidate.id,
            applicationId,
            fileName: cv.fileName,
            kind: cv.kind,
            sizeBytes: cv.size,
            sha256: cv.sha256,
            storageKey,
            uploadedBy: actor.userId,
          })
          .returning({ id: cvs.id });
        await enqueueCvExtraction(tx, row!.id);
      };
      if (!target) {
        await recordCv(null);
        return { candidateId: candidate.id, applicationId: null, existed: candidate.existed };
      }

      const [application] = await tx
        .insert(applications)
        .values({
          companyId: actor.companyId,
          jobId: target.jobId,
          candidateId: candidate.id,
          candidateName: input.name,
          candidateEmail: input.email,
          resumeUrl: null,
          formData: {},
          currentPipelineStageId: target.stageId,
          source: "added",
          sourceDetail: detail,
        })
        .returning({ id: applications.id });
      await recordActivity(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        type: "application_added",
        subjectType: "application",
        subjectId: application!.id,
        data: { candidateName: input.name, jobId: target.jobId, jobTitle: target.jobTitle, stageName: target.stageName },
      });
      await recordCv(application!.id);
      return { candidateId: candidate.id, applicationId: application!.id, existed: candidate.existed };
    });
  } catch (error) {
    if (storageKey) await removeCvFile(storageKey);
    // The unique index of one application per email per job.
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", ALREADY_IN_JOB, { field: "job" });
    throw error;
  }
}

/** The company's job and the chosen stage of it (its first stage when none is chosen). */
async function jobAndStage(tx: Transaction, actor: Actor, jobId: string, stageId: string | undefined) {
  const stages = await tx
    .select({ jobTitle: jobs.title, stageId: pipelineStages.id, stageName: pipelineStages.name })
    .from(jobs)
    .innerJoin(pipelineStages, eq(pipelineStages.jobId, jobs.id))
    .where(and(eq(jobs.id, jobId), owned(jobs, actor)))
    .orderBy(asc(pipelineStages.order));
  if (stages.length === 0) throw new DomainError("NOT_FOUND", "Choose one of your jobs", { field: "job" });
  const stage = stageId ? stages.find((s) => s.stageId === stageId) : stages[0];
  if (!stage) throw new DomainError("INVALID", "Choose a stage of the job", { field: "stage" });
  return { jobId, jobTitle: stage.jobTitle, stageId: stage.stageId, stageName: stage.stageName };
}
