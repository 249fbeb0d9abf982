import { and, inArray, type SQL, sql } from "drizzle-orm";
import { candidateDuplicateDismissals, candidates } from "../../../db/schema";
import { isUuid } from "~/schemas/id";
import { type Database, type Queryable, queryRowsPrepared } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, ownedSql } from "../platform/tenancy.server";

/**
 * Two emails of people with the same name are "similar" from this pg_trgm similarity up (0 to 1):
 * ada.lovelace@gmail.com and adalovelace@gmail.com are 0.8, ada.lovelace@gmail.com and
 * a.lovelace@hotmail.com 0.59, john.smith@gmail.com and mary.jones@gmail.com 0.4 (decision 085).
 */
export const EMAIL_SIMILARITY_THRESHOLD = 0.5;
/** The most possible duplicates a candidate's page shows, the most recently active first. */
export const DUPLICATES_SHOWN = 5;

/** Why two candidates look like one person. */
export type DuplicateReason = "phone" | "name_email";

export interface PossibleDuplicate {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  reasons: DuplicateReason[];
}

/**
 * The company's other candidates who look like the same person as this one (decision 085): the
 * same phone (its digits, at least 7), or the same name (lower case, without accents and extra
 * spaces) with a similar email (the same part before the @ at another domain, or a trigram
 * similarity of at least EMAIL_SIMILARITY_THRESHOLD). Pairs a staff member said are not one person
 * are left out. Each side is one lookup of a per-company index (phone key, name key); only the
 * candidates with the same name have their emails compared.
 */
export async function findPossibleDuplicates(db: Queryable, actor: Actor, candidateId: string): Promise<PossibleDuplicate[]> {
  if (!isUuid(candidateId)) return [];
  // Prepared: a candidate's page asks it on every visit, and planning it cost PostgreSQL about 1 ms (decision 101).
  const rows = await queryRowsPrepared<{ id: string; name: string; email: string; phone: string | null; same_phone: boolean; same_name: boolean }>(
    db,
    "possible_duplicates",
    possibleDuplicatesQuery(actor, candidateId),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    reasons: [...(row.same_phone ? (["phone"] as const) : []), ...(row.same_name ? (["name_email"] as const) : [])],
  }));
}

/** The statement of findPossibleDuplicates (its plan is printed by bench/candidates-csv.ts). */
export function possibleDuplicatesQuery(actor: Actor, candidateId: string): SQL {
  // Each side walks its index the most recently active first and stops at the few the page shows
  // (decision 129): the top few of both sides together are among each side's own top few. With a
  // common name, hundreds of candidates can match; comparing every one's email took most of the
  // statement's time. Each match carries what the page shows from the row its index lookup read
  // already (decision 101).
  const notDismissed = (o: SQL) => sql`not exists (
          select 1 from ${candidateDuplicateDismissals} d
          where d.candidate_id = least(${o}, ${candidateId}::uuid) and d.other_candidate_id = greatest(${o}, ${candidateId}::uuid)
            and ${ownedSql("d", actor)}
        )`;
  return sql`with me as (
      select c.id, c.phone_key, c.name_key, c.email_key from ${candidates} c
      where c.id = ${candidateId} and ${ownedSql("c", actor)}
    ), matches as (
      select p.*, true as same_phone, false as same_name
      from me cross join lateral (
        select o.id, o.name, o.email, o.phone, o.last_applied_at from ${candidates} o
        where o.phone_key = me.phone_key and ${ownedSql("o", actor)} and o.id <> me.id and ${notDismissed(sql`o.id`)}
        order by o.last_applied_at desc, o.id desc
        limit ${DUPLICATES_SHOWN}
      ) p
      union all
      select n.*, false, true
      from me cross join lateral (
        select o.id, o.name, o.email, o.phone, o.last_applied_at from ${candidates} o
        where o.name_key = me.name_key and ${ownedSql("o", actor)} and o.id <> me.id and me.name_key <> ''
          and (split_part(o.email_key, '@', 1) = split_part(me.email_key, '@', 1)
               or similarity(o.email_key, me.email_key) >= ${EMAIL_SIMILARITY_THRESHOLD})
          and ${notDismissed(sql`o.id`)}
        order by o.last_applied_at desc, o.id desc
        limit ${DUPLICATES_SHOWN}
      ) n
    )
    select m.id, m.name, m.email, m.phone, bool_or(m.same_phone) as same_phone, bool_or(m.same_name) as same_name
    from matches m
    group by m.id, m.name, m.email, m.phone, m.last_applied_at
    order by m.last_applied_at desc, m.id desc
    limit ${DUPLICATES_SHOWN}`;
}

/**
 * "Not a duplicate": the two candidates (both the company's) are never suggested together again.
 * Saying it twice changes nothing.
 */
export async function dismissDuplicate(db: Database, actor: Actor, input: { candidateId: string; otherId: string }) {
  if (!isUuid(input.candidateId) || !isUuid(input.otherId)) throw new DomainError("NOT_FOUND", "Candidate not found");
  // Lower case, so that the pair's order is PostgreSQL's order of the two uuids.
  const [candidateId, otherId] = [input.candidateId.toLowerCase(), input.otherId.toLowerCase()];
  if (candidateId === otherId) throw new DomainError("INVALID", "A candidate is always the same person as themselves");
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(inArray(candidates.id, [candidateId, otherId]), owned(candidates, actor)));
    if (found.length !== 2) throw new DomainError("NOT_FOUND", "Candidate not found");
    const [first, second] = [candidateId, otherId].sort();
    await tx
      .insert(candidateDuplicateDismissals)
      .values({ companyId: actor.companyId, candidateId: first!, otherCandidateId: second!, dismissedBy: actor.userId })
      .onConflictDoNothing();
  });
}
