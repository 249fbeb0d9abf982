import { type AuditedActor, recordAudit } from "../audit/audit.server";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { activityEvents, applications, candidateDuplicateDismissals, candidateEmailAliases, candidates, candidateTags, cvs, jobs, notes } from "../../../db/schema";
import { isUuid } from "~/schemas/id";
import { recordActivity } from "../activity/activity.server";
import type { Database, Transaction } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, ownedSql } from "../platform/tenancy.server";

/** The two candidates of a merge: `keepId` stays (its name, email and page), `mergeId` is merged into it and deleted. */
export interface MergeIds {
  keepId: string;
  mergeId: string;
}

/** One kind of row that points at a candidate, and how a merge moves it from the merged candidate to the kept one. */
interface CandidateReference {
  /** The table (and, when it is not a foreign key, the column) that names a candidate. */
  table: string;
  move: (tx: Transaction, actor: Actor, ids: MergeIds) => Promise<unknown>;
}

/**
 * EVERY ROW THAT POINTS AT A CANDIDATE, and how a merge moves it to the kept candidate (decision
 * 085). The merged candidate is deleted once these have run, and deleting a candidate cascades to
 * the rows of every table with a foreign key to it: a table missing here would lose its rows with
 * the merged candidate. `tests/integration/candidate-merge.integration.test.ts` compares the list with
 * the database's foreign keys to `candidates` and fails until a new table is listed.
 * Each step runs in the merge's transaction, with both candidates locked and of the actor's company.
 */
export const CANDIDATE_REFERENCES: readonly CandidateReference[] = [
  {
    // Every application, with its answers, stage, history (activity_events name the application)
    // and emails (email_messages name the application): they follow it.
    table: "applications",
    move: (tx, actor, { keepId, mergeId }) =>
      tx
        .update(applications)
        .set({ candidateId: keepId })
        .where(and(eq(applications.candidateId, mergeId), owned(applications, actor))),
  },
  {
    // Every CV (decision 083): the files stay where they are; the rows name the kept candidate, and
    // the search documents of both follow (the trigger on cvs.candidate_id).
    table: "cvs",
    move: (tx, actor, { keepId, mergeId }) =>
      tx
        .update(cvs)
        .set({ candidateId: keepId })
        .where(and(eq(cvs.candidateId, mergeId), owned(cvs, actor))),
  },
  {
    // Tags (decision 084): the merged candidate's tags go on the kept one (a tag both had stays
    // once); the merged candidate's own links go with it.
    table: "candidate_tags",
    move: (tx, actor, { keepId, mergeId }) =>
      tx.execute(sql`
        insert into ${candidateTags} (candidate_id, tag_id, company_id, created_at, created_by)
        select ${keepId}::uuid, ct.tag_id, ct.company_id, ct.created_at, ct.created_by
        from ${candidateTags} ct
        where ct.candidate_id = ${mergeId}::uuid and ${ownedSql("ct", actor)}
        on conflict do nothing`),
  },
  {
    // Notes (decision 098): those on the merged candidate's applications follow them; all now name the kept candidate.
    table: "notes",
    move: (tx, actor, { keepId, mergeId }) =>
      tx
        .update(notes)
        .set({ candidateId: keepId })
        .where(and(eq(notes.candidateId, mergeId), owned(notes, actor))),
  },
  {
    // Addresses of candidates merged into the merged one earlier.
    table: "candidate_email_aliases",
    move: (tx, actor, { keepId, mergeId }) =>
      tx
        .update(candidateEmailAliases)
        .set({ candidateId: keepId })
        .where(and(eq(candidateEmailAliases.candidateId, mergeId), owned(candidateEmailAliases, actor))),
  },
  {
    // "Not a duplicate" said of the merged candidate and a third is said of the kept one and the third;
    // the pair of the two being merged goes (they were one person after all).
    table: "candidate_duplicate_dismissals",
    move: (tx, actor, { keepId, mergeId }) =>
      tx.execute(sql`
        insert into ${candidateDuplicateDismissals} (company_id, candidate_id, other_candidate_id, dismissed_by, created_at)
        select d.company_id, least(${keepId}::uuid, other), greatest(${keepId}::uuid, other), d.dismissed_by, d.created_at
        from ${candidateDuplicateDismissals} d
        cross join lateral (select case when d.candidate_id = ${mergeId}::uuid then d.other_candidate_id else d.candidate_id end as other) o
        where (d.candidate_id = ${mergeId}::uuid or d.other_candidate_id = ${mergeId}::uuid) and other <> ${keepId}::uuid and ${ownedSql("d", actor)}
        on conflict do nothing`),
  },
  {
    // No foreign key: a candidate's own events (an earlier merge into the merged candidate).
    table: "activity_events.subject_id",
    move: (tx, actor, { keepId, mergeId }) =>
      tx
        .update(activityEvents)
        .set({ subjectId: keepId })
        .where(and(eq(activityEvents.subjectType, "candidate"), eq(activityEvents.subjectId, mergeId), owned(activityEvents, actor))),
  },
];

export const SAME_APPLICATION_TWICE = "Both candidates have an application to the same job from the same email address";

/**
 * Merges two candidates of the actor's company who are one person (decision 085), in one
 * transaction: the kept candidate gets every application of the other and everything else that
 * points at them (CANDIDATE_REFERENCES), their phone if it has none, the earlier first contact
 * (its date and source) and the later last activity; keeps its own name and email; the merged
 * candidate's address finds the kept candidate from now on (candidate_email_aliases); an event
 * records who merged whom; then the merged candidate is deleted. Either candidate of another
 * company, or missing, is NOT_FOUND and nothing changes.
 */
export async function mergeCandidates(db: Database, actor: AuditedActor, ids: MergeIds): Promise<{ keepId: string; applicationsMoved: number }> {
  if (!isUuid(ids.keepId) || !isUuid(ids.mergeId)) throw new DomainError("NOT_FOUND", "Candidate not found");
  const keepId = ids.keepId.toLowerCase();
  const mergeId = ids.mergeId.toLowerCase();
  if (keepId === mergeId) throw new DomainError("INVALID", "Choose another candidate to merge with this one");
  return db.transaction(async (tx) => {
    // Both locked, in id order, so two merges of the same pair cannot deadlock.
    const both = await tx
      .select({
        id: candidates.id,
        name: candidates.name,
        email: candidates.email,
        emailKey: candidates.emailKey,
      })
      .from(candidates)
      .where(and(inArray(candidates.id, [keepId, mergeId]), owned(candidates, actor)))
      .orderBy(asc(candidates.id))
      .for("update");
    const keep = both.find((row) => row.id === keepId);
    const merged = both.find((row) => row.id === mergeId);
    if (!keep || !merged) throw new DomainError("NOT_FOUND", "Candidate not found");

    // The applications index allows one application per email per job. Two candidates' applications
    // cannot share an email (each email finds one candidate), but if they ever did, moving one would
    // fail at the index: say which job instead.
    const [clash] = await tx
      .select({ jobTitle: jobs.title })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(
        and(
          eq(applications.candidateId, keepId),
          owned(applications, actor),
          sql`exists (select 1 from ${applications} m where m.candidate_id = ${mergeId} and m.job_id = ${applications.jobId}
                      and lower(m.candidate_email) = lower(${applications.candidateEmail}) and ${ownedSql("m", actor)})`,
        ),
      )
      .limit(1);
    if (clash) throw new DomainError("CONFLICT", `${SAME_APPLICATION_TWICE} (${clash.jobTitle}): they cannot be merged`);

    const [{ moved }] = (await tx
      .select({ moved: sql<number>`count(*)::int` })
      .from(applications)
      .where(and(eq(applications.candidateId, mergeId), owned(applications, actor)))) as [{ moved: number }];
    for (const reference of CANDIDATE_REFERENCES) await reference.move(tx, actor, { keepId, mergeId });

    // The merged person's address finds the kept candidate when they apply, are added or imported again.
    await tx
      .insert(candidateEmailAliases)
      .values({ companyId: actor.companyId, emailKey: merged.emailKey, candidateId: keepId })
      .onConflictDoUpdate({ target: [candidateEmailAliases.companyId, candidateEmailAliases.emailKey], set: { candidateId: keepId } });
    // In SQL, so the dates keep their microseconds (the list's cursors are exact, decision 060).
    await tx.execute(sql`
      update ${candidates} k
      set phone = coalesce(k.phone, m.phone),
          created_at = least(k.created_at, m.created_at),
          source = case when m.created_at < k.created_at then m.source else k.source end,
          source_detail = case when m.created_at < k.created_at then m.source_detail else k.source_detail end,
          last_applied_at = greatest(k.last_applied_at, m.last_applied_at),
          updated_at = now()
      from ${candidates} m
      where k.id = ${keepId} and m.id = ${mergeId} and ${ownedSql("k", actor)} and ${ownedSql("m", actor)}`);
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      type: "candidates_merged",
      subjectType: "candidate",
      subjectId: keepId,
      data: { keptName: keep.name, mergedName: merged.name, mergedEmail: merged.email, applicationsMoved: moved },
    });
    // The audit trail (decision 115): the kept candidate's details changed; ids only, never the names above.
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "candidate.updated",
      subjectType: "candidate",
      subjectId: keepId,
      data: { change: "merged", mergedCandidateId: mergeId, applicationsMoved: moved },
      ip: actor.ip,
    });
    await tx.delete(candidates).where(and(eq(candidates.id, mergeId), owned(candidates, actor)));
    return { keepId, applicationsMoved: moved };
  });
}
