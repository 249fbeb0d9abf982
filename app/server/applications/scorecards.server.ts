import { and, asc, eq, isNull, max, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { applications, pipelineStages, profiles, scorecardAttributes, scorecards, user } from "../../../db/schema";
import { RECOMMENDATION_LABELS, type Recommendation } from "~/schemas/scorecard";
import { isUuid } from "~/schemas/id";
import { recordActivity } from "../activity/activity.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, preparedRead, seesApplication } from "../platform/tenancy.server";
import { requireCompanyAdmin } from "../team/team.server";
import { listFeedbackRequests } from "../team/feedback-requests.server";
import { APPLICATION_NOT_FOUND } from "./pipeline.server";

/*
 * Scorecards (decision 099): the attributes a company's interviewers judge (its defaults, or a job's
 * interview plan per stage), and each teammate's feedback on an application: a rating per attribute,
 * an overall recommendation and notes, a draft until submitted. Whoever was asked for feedback sees
 * their teammates' only once they have submitted their own (no anchoring).
 */

export interface ScorecardAttribute {
  id: string;
  category: string;
  name: string;
}

/** What a new company judges until it says otherwise. */
export const DEFAULT_SCORECARD_ATTRIBUTES: readonly Omit<ScorecardAttribute, "id">[] = [
  { category: "Skills", name: "Role knowledge" },
  { category: "Skills", name: "Problem solving" },
  { category: "Collaboration", name: "Communication" },
  { category: "Collaboration", name: "Teamwork" },
];

export const ATTRIBUTES_ADMINS_ONLY = "Only an admin of the company can change the default scorecard.";
export const ATTRIBUTE_NOT_FOUND = "That attribute is no longer on the scorecard.";
export const STAGE_NOT_IN_JOB = "That stage is not part of this job's pipeline.";

const ATTRIBUTE_FIELDS = { id: scorecardAttributes.id, category: scorecardAttributes.category, name: scorecardAttributes.name };

/** Gives a new company (the actor's, just created) its starter attributes; call it inside sign-up's transaction. */
export async function createDefaultScorecardAttributes(tx: Queryable, actor: Actor): Promise<void> {
  await tx.insert(scorecardAttributes).values(DEFAULT_SCORECARD_ATTRIBUTES.map((attribute, index) => ({ companyId: actor.companyId, ...attribute, position: index + 1 })));
}

/** The company's default scorecard, in order. */
export async function listDefaultAttributes(db: Queryable, actor: Actor): Promise<ScorecardAttribute[]> {
  return db
    .select(ATTRIBUTE_FIELDS)
    .from(scorecardAttributes)
    .where(and(owned(scorecardAttributes, actor), isNull(scorecardAttributes.jobId)))
    .orderBy(asc(scorecardAttributes.position), asc(scorecardAttributes.id));
}

/** Adds an attribute to the company's default scorecard (admins), or to one stage of a job's interview plan. */
export async function addScorecardAttribute(
  db: Database,
  actor: Actor,
  input: { category: string; name: string },
  plan?: { jobId: string; stageId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (plan) await requireJobStage(tx, actor, plan.jobId, plan.stageId);
    else await requireCompanyAdmin(tx, actor, ATTRIBUTES_ADMINS_ONLY);
    const where = plan ? eq(scorecardAttributes.stageId, plan.stageId) : isNull(scorecardAttributes.jobId);
    const [last] = await tx
      .select({ position: max(scorecardAttributes.position) })
      .from(scorecardAttributes)
      .where(and(owned(scorecardAttributes, actor), where));
    await tx.insert(scorecardAttributes).values({
      companyId: actor.companyId,
      jobId: plan?.jobId ?? null,
      stageId: plan?.stageId ?? null,
      category: input.category,
      name: input.name,
      position: (last?.position ?? 0) + 1,
    });
  });
}

/** Removes an attribute from the company's defaults (admins) or from the job's plan. Submitted scorecards keep their copy. */
export async function removeScorecardAttribute(db: Database, actor: Actor, attributeId: string, jobId?: string): Promise<void> {
  if (!isUuid(attributeId)) throw new DomainError("NOT_FOUND", ATTRIBUTE_NOT_FOUND);
  await db.transaction(async (tx) => {
    if (!jobId) await requireCompanyAdmin(tx, actor, ATTRIBUTES_ADMINS_ONLY);
    const removed = await tx
      .delete(scorecardAttributes)
      .where(
        and(
          eq(scorecardAttributes.id, attributeId),
          owned(scorecardAttributes, actor),
          jobId ? eq(scorecardAttributes.jobId, jobId) : isNull(scorecardAttributes.jobId),
        ),
      )
      .returning({ id: scorecardAttributes.id });
    if (removed.length === 0) throw new DomainError("NOT_FOUND", ATTRIBUTE_NOT_FOUND);
  });
}

/** Puts the company's default attributes on one stage of the job's plan, after what it has. */
export async function copyDefaultsToStage(db: Database, actor: Actor, jobId: string, stageId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await requireJobStage(tx, actor, jobId, stageId);
    const defaults = await listDefaultAttributes(tx, actor);
    const [last] = await tx
      .select({ position: max(scorecardAttributes.position) })
      .from(scorecardAttributes)
      .where(and(owned(scorecardAttributes, actor), eq(scorecardAttributes.stageId, stageId)));
    const start = last?.position ?? 0;
    if (defaults.length > 0) {
      await tx
        .insert(scorecardAttributes)
        .values(defaults.map((attribute, index) => ({ companyId: actor.companyId, jobId, stageId, category: attribute.category, name: attribute.name, position: start + index + 1 })));
    }
    return defaults.length;
  });
}

/** Whether a candidate entering the stage asks the job's hiring team for feedback (the stage automation). */
export async function setStageEntryFeedback(db: Database, actor: Actor, jobId: string, stageId: string, on: boolean): Promise<void> {
  if (!isUuid(jobId) || !isUuid(stageId)) throw new DomainError("NOT_FOUND", "Job not found");
  const changed = await db
    .update(pipelineStages)
    .set({ entryFeedback: on })
    .where(and(eq(pipelineStages.id, stageId), eq(pipelineStages.jobId, jobId), owned(pipelineStages, actor)))
    .returning({ id: pipelineStages.id });
  if (changed.length === 0) throw new DomainError("NOT_FOUND", "Job not found");
}

async function requireJobStage(tx: Queryable, actor: Actor, jobId: string, stageId: string) {
  if (!isUuid(jobId) || !isUuid(stageId)) throw new DomainError("NOT_FOUND", "Job not found");
  const [stage] = await tx
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.id, stageId), eq(pipelineStages.jobId, jobId), owned(pipelineStages, actor)));
  if (!stage) throw new DomainError("NOT_FOUND", "Job not found");
}

/** A job's interview plan: each stage in order with the attributes judged there (none: no interviews). */
export async function getInterviewPlan(db: Queryable, actor: Actor, jobId: string) {
  if (!isUuid(jobId)) return [];
  const rows = await db
    .select({
      stageId: pipelineStages.id,
      stageName: pipelineStages.name,
      entryFeedback: pipelineStages.entryFeedback,
      id: scorecardAttributes.id,
      category: scorecardAttributes.category,
      name: scorecardAttributes.name,
    })
    .from(pipelineStages)
    .leftJoin(scorecardAttributes, and(eq(scorecardAttributes.stageId, pipelineStages.id), owned(scorecardAttributes, actor)))
    .where(and(eq(pipelineStages.jobId, jobId), owned(pipelineStages, actor)))
    .orderBy(asc(pipelineStages.order), asc(scorecardAttributes.position));
  const stages: { id: string; name: string; entryFeedback: boolean; attributes: ScorecardAttribute[] }[] = [];
  for (const row of rows) {
    let stage = stages.at(-1);
    if (stage?.id !== row.stageId) stages.push((stage = { id: row.stageId, name: row.stageName, entryFeedback: row.entryFeedback, attributes: [] }));
    if (row.id) stage.attributes.push({ id: row.id, category: row.category!, name: row.name! });
  }
  return stages;
}

/**
 * What a scorecard on this application judges: its stage's attributes in the job's plan, else the
 * company's defaults. One statement reads both (the stage's first) and keeps the stage's when it has
 * any; prepared, as the Feedback tab asks it on every visit (decision 100).
 */
async function attributesFor(db: Queryable, actor: Actor, stageId: string | null): Promise<ScorecardAttribute[]> {
  const rows = await preparedRead(
    db,
    actor,
    "scorecard_attributes_for",
    (actor) =>
      db
        .select({ ...ATTRIBUTE_FIELDS, planned: sql<boolean>`${scorecardAttributes.stageId} is not null` })
        .from(scorecardAttributes)
        .where(and(owned(scorecardAttributes, actor), or(eq(scorecardAttributes.stageId, sql.placeholder("stageId")), isNull(scorecardAttributes.jobId))))
        .orderBy(sql`${scorecardAttributes.stageId} is null`, asc(scorecardAttributes.position), asc(scorecardAttributes.id)),
    { stageId },
  );
  const planned = rows.filter((row) => row.planned);
  return (planned.length > 0 ? planned : rows).map(({ id, category, name }) => ({ id, category, name }));
}

export interface ScorecardView {
  authorId: string;
  authorName: string;
  recommendation: Recommendation | null;
  ratings: { attributeId: string; category: string; name: string; rating: number }[];
  notes: string;
  submittedAt: string | null;
}

/**
 * The feedback on one application as the actor may see it: the attributes their scorecard judges,
 * their own scorecard (a draft or submitted), their teammates' submitted ones (none until they have
 * submitted theirs, when they were asked), and who was asked and has not submitted.
 */
export async function getApplicationFeedback(db: Queryable, actor: Actor, application: { id: string; stageId: string | null }) {
  const author = alias(profiles, "author");
  const [attributes, cards, requests] = await Promise.all([
    attributesFor(db, actor, application.stageId),
    preparedRead(
      db,
      actor,
      "application_scorecards",
      (actor) =>
        db
          .select({
            authorId: scorecards.authorId,
            authorName: sql<string>`coalesce(nullif(trim(${author.fullName}), ''), ${user.email}, 'Former staff member')`,
            recommendation: scorecards.recommendation,
            ratings: scorecards.ratings,
            notes: scorecards.notes,
            submittedAt: scorecards.submittedAt,
          })
          .from(scorecards)
          .leftJoin(author, eq(author.id, scorecards.authorId))
          .leftJoin(user, eq(user.id, scorecards.authorId))
          .where(and(eq(scorecards.applicationId, sql.placeholder("applicationId")), owned(scorecards, actor)))
          .orderBy(asc(scorecards.submittedAt), asc(scorecards.createdAt)),
      { applicationId: application.id },
    ),
    listFeedbackRequests(db, actor, application.id),
  ]);
  const view = (card: (typeof cards)[number]): ScorecardView => ({ ...card, submittedAt: card.submittedAt?.toISOString() ?? null });
  const mine = cards.find((card) => card.authorId === actor.userId) ?? null;
  const submitted = cards.filter((card) => card.submittedAt && card.authorId !== actor.userId);
  const asked = requests.some((request) => request.reviewerId === actor.userId);
  const blind = asked && !mine?.submittedAt;
  const submittedIds = new Set(cards.filter((card) => card.submittedAt).map((card) => card.authorId));
  return {
    attributes,
    mine: mine ? view(mine) : null,
    /** Teammates' submitted scorecards; empty while the actor owes theirs. */
    others: blind ? [] : submitted.map(view),
    /** How many teammates' scorecards are kept from the actor until they submit theirs. */
    hidden: blind ? submitted.length : 0,
    /** The actor was asked and has not submitted: their teammates' feedback, notes included, waits (no anchoring). */
    blind,
    /** Who was asked for feedback, in the order they were asked (decision 096). */
    requests,
    /** Who was asked and has not submitted (their ids). */
    pending: requests.filter((request) => !submittedIds.has(request.reviewerId)).map((request) => request.reviewerId),
  };
}

export interface ScorecardInput {
  recommendation?: Recommendation;
  notes: string;
  ratings: Record<string, number>;
  submit: boolean;
}

/**
 * Saves the actor's scorecard on an application they see: a draft, or submitted (which needs the
 * recommendation, and the first time writes the history entry). Ratings of attributes the
 * scorecard does not judge are ignored; each kept rating carries the attribute's name as it is now.
 */
export async function saveScorecard(db: Database, actor: Actor, applicationId: string, input: ScorecardInput): Promise<{ submitted: boolean }> {
  if (!isUuid(applicationId)) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
  if (input.submit && !input.recommendation) throw new DomainError("INVALID", "Choose your overall recommendation before submitting.", { field: "recommendation" });
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({ id: applications.id, jobId: applications.jobId, candidateName: applications.candidateName, stageId: applications.currentPipelineStageId })
      .from(applications)
      .where(and(eq(applications.id, applicationId), owned(applications, actor), seesApplication(applications, actor)))
      .for("update");
    if (!application) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
    const attributes = await attributesFor(tx, actor, application.stageId);
    const ratings = attributes.flatMap((attribute) => {
      const rating = input.ratings[attribute.id];
      return rating ? [{ attributeId: attribute.id, category: attribute.category, name: attribute.name, rating }] : [];
    });
    const [before] = await tx
      .select({ submittedAt: scorecards.submittedAt })
      .from(scorecards)
      .where(and(eq(scorecards.applicationId, applicationId), eq(scorecards.authorId, actor.userId), owned(scorecards, actor)));
    const submittedAt = before?.submittedAt ?? (input.submit ? new Date() : null);
    const values = { recommendation: input.recommendation ?? null, notes: input.notes, ratings, submittedAt };
    if (before?.submittedAt && !input.recommendation) throw new DomainError("INVALID", "Choose your overall recommendation before submitting.", { field: "recommendation" });
    await tx
      .insert(scorecards)
      .values({ companyId: actor.companyId, applicationId, jobId: application.jobId, authorId: actor.userId, ...values })
      .onConflictDoUpdate({ target: [scorecards.applicationId, scorecards.authorId], set: { ...values, updatedAt: new Date() } });
    if (input.submit && !before?.submittedAt) {
      await recordActivity(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        type: "application_feedback_submitted",
        subjectType: "application",
        subjectId: applicationId,
        data: { candidateName: application.candidateName, jobId: application.jobId, recommendation: RECOMMENDATION_LABELS[input.recommendation!] },
      });
    }
    return { submitted: submittedAt !== null };
  });
}
