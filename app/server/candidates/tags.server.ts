/**
 * Tags on candidates (issue 12, decision 084). A company's tags are its own vocabulary: a tag is made
 * the first time someone puts it on a candidate and found again by its name in any case. Each use case
 * runs in one transaction; every statement carries the actor's company, and the composite foreign
 * keys refuse a link between one company's candidate and another's tag.
 *
 * Not recorded in the activity history: its events are an application's or a job's (decision 040),
 * and tagging 250 candidates would be 250 events. Each link keeps who made it and when.
 */
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { candidates, candidateTags, companies, tags } from "../../../db/schema";
import { BULK_TAG_LIMIT } from "~/schemas/candidate";
import type { Database, Queryable, Transaction } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, ownCompany, ownedSql, preparedRead } from "../platform/tenancy.server";
import { type MentionableMember, mentionableMembersColumn } from "../notes/members.server";

export const CANDIDATE_NOT_FOUND = "Candidate not found";

/** How many tags the forms suggest: the company's most recently used tags that a candidate carries. */
export const TAG_SUGGESTIONS_LIMIT = 100;

/** The company's tag with this name (made if there is none), marked as just used. */
export async function useTag(tx: Transaction, actor: Actor, name: string) {
  const [tag] = await tx
    .insert(tags)
    .values({ companyId: actor.companyId, name })
    .onConflictDoUpdate({ target: [tags.companyId, tags.nameKey], set: { lastUsedAt: sql`now()` } })
    .returning({ id: tags.id, name: tags.name });
  if (!tag) throw new Error("useTag: no tag row");
  return tag;
}

/** The company's tag with this name in any case, or undefined. */
async function findTag(tx: Transaction, actor: Actor, name: string) {
  const [tag] = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.nameKey, sql`lower(${name})`), owned(tags, actor)));
  return tag;
}

/**
 * The company's candidates among `ids`. Throws NOT_FOUND, and so changes nothing, when any id is not
 * one (another company's candidate, or none): the ids come from the company's own list, so a stranger
 * among them is a forged or stale request, and half of it is not done either.
 */
async function ownCandidates(tx: Transaction, actor: Actor, ids: readonly string[], message: (missing: number) => string) {
  const unique = [...new Set(ids)];
  if (unique.length > BULK_TAG_LIMIT) throw new DomainError("INVALID", `Select at most ${BULK_TAG_LIMIT} candidates at a time`, { field: "candidateIds" });
  const found = await tx
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(inArray(candidates.id, unique), owned(candidates, actor)));
  if (found.length < unique.length) throw new DomainError("NOT_FOUND", message(unique.length - found.length), { field: "candidateIds" });
  return unique;
}

const oneCandidateMissing = () => CANDIDATE_NOT_FOUND;
const someCandidatesMissing = (missing: number) =>
  `${missing === 1 ? "One of the selected candidates was" : `${missing} of the selected candidates were`} not found: nothing was changed`;

/**
 * Puts a tag on one of the company's candidates, by name: the company's tag with that name in any case,
 * made if there is none. `added` is false when the candidate already had it.
 */
export async function addCandidateTag(db: Database, actor: Actor, input: { candidateId: string; name: string }) {
  return db.transaction(async (tx) => {
    await ownCandidates(tx, actor, [input.candidateId], oneCandidateMissing);
    const tag = await useTag(tx, actor, input.name);
    const added = await tx
      .insert(candidateTags)
      .values({ candidateId: input.candidateId, tagId: tag.id, companyId: actor.companyId, createdBy: actor.userId })
      .onConflictDoNothing()
      .returning({ candidateId: candidateTags.candidateId });
    return { tag, added: added.length > 0 };
  });
}

/** Takes a tag (by name, any case) off one of the company's candidates. `removed` is false when they did not have it. */
export async function removeCandidateTag(db: Database, actor: Actor, input: { candidateId: string; name: string }) {
  const { removed } = await untag(db, actor, [input.candidateId], input.name, oneCandidateMissing);
  return { removed: removed > 0 };
}

/**
 * Puts a tag on many of the company's candidates at once (the list's "Add tag"), at most
 * BULK_TAG_LIMIT. Any id that is not one of the company's candidates refuses the whole request
 * (NOT_FOUND, nothing changed). `added` counts the candidates who did not have it yet.
 */
export async function addTagToCandidates(db: Database, actor: Actor, input: { candidateIds: readonly string[]; name: string }) {
  return db.transaction(async (tx) => {
    const ids = await ownCandidates(tx, actor, input.candidateIds, someCandidatesMissing);
    const tag = await useTag(tx, actor, input.name);
    const added = await tx
      .insert(candidateTags)
      .values(ids.map((candidateId) => ({ candidateId, tagId: tag.id, companyId: actor.companyId, createdBy: actor.userId })))
      .onConflictDoNothing()
      .returning({ candidateId: candidateTags.candidateId });
    return { tag, candidates: ids.length, added: added.length };
  });
}

/**
 * Takes a tag off many of the company's candidates at once (the list's "Remove tag"), as
 * addTagToCandidates puts it on. `removed` counts the candidates who had it; an unknown name removes none.
 */
export async function removeTagFromCandidates(db: Database, actor: Actor, input: { candidateIds: readonly string[]; name: string }) {
  return untag(db, actor, input.candidateIds, input.name, someCandidatesMissing);
}

async function untag(db: Database, actor: Actor, candidateIds: readonly string[], name: string, missing: (n: number) => string) {
  return db.transaction(async (tx) => {
    const ids = await ownCandidates(tx, actor, candidateIds, missing);
    const tag = await findTag(tx, actor, name);
    if (!tag) return { tag: null, candidates: ids.length, removed: 0 };
    const removed = await tx
      .delete(candidateTags)
      .where(and(eq(candidateTags.tagId, tag.id), inArray(candidateTags.candidateId, ids), owned(candidateTags, actor)))
      .returning({ candidateId: candidateTags.candidateId });
    return { tag, candidates: ids.length, removed: removed.length };
  });
}

/**
 * The company's tags to suggest, A to Z: the TAG_SUGGESTIONS_LIMIT most recently used that some
 * candidate still carries (a tag nobody carries any more, a typo taken off, is not suggested). The
 * forms take any name, so a company with more tags can still type the others.
 */
export async function listCompanyTags(db: Queryable, actor: Actor): Promise<string[]> {
  const [row] = await preparedRead(db, actor, "company_tags", (actor) => db.select({ tags: suggestedTagsColumn(db, actor) }).from(companies).where(ownCompany(actor)));
  return row?.tags ?? [];
}

/**
 * The tags listCompanyTags suggests and the company's members (listMentionableMembers's), for the
 * candidate page's Tags panel and its notes: one prepared statement where there were two, one of them
 * built anew on every visit (decision 145).
 */
export async function listTagsAndMembers(db: Queryable, actor: Actor): Promise<{ tags: string[]; members: MentionableMember[] }> {
  const [row] = await preparedRead(db, actor, "tags_and_members", (actor) =>
    db.select({ tags: suggestedTagsColumn(db, actor), members: mentionableMembersColumn(actor) }).from(companies).where(ownCompany(actor)),
  );
  return row ?? { tags: [], members: [] };
}

/** listCompanyTags's tags, A to Z, as one JSON value, for a statement that reads them beside other things (decisions 135 and 145). */
export function suggestedTagsColumn(db: Queryable, actor: Actor): SQL<string[]> {
  return sql<string[]>`(select coalesce(json_agg("suggested"."name" order by "suggested"."name_key", "suggested"."name"), '[]'::json)
          from (${suggestedTagsQuery(db, actor)}) as "suggested")`;
}

/**
 * The tags listCompanyTags suggests, with their sort key, in no order of their own (`suggestedTagsColumn`
 * orders them by `name_key`, then `name`).
 */
export function suggestedTagsQuery(db: Queryable, actor: Actor) {
  return db
    .select({ name: tags.name, nameKey: tags.nameKey })
    .from(tags)
    .where(
      and(
        owned(tags, actor),
        sql`exists (select 1 from ${candidateTags} ct where ct.tag_id = ${tags.id} and ${ownedSql("ct", actor)})`,
      ),
    )
    .orderBy(desc(tags.lastUsedAt), desc(tags.id))
    .limit(TAG_SUGGESTIONS_LIMIT);
}
