import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { applications, candidates, jobs, pipelineStages } from "../../../db/schema";
import type { ApplicationStatus } from "~/schemas/application-review";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import { isUuid } from "~/schemas/id";
import { likePattern } from "../jobs/queries.server";
import type { Queryable } from "../platform/db.server";
import { cursorAt, keysetPage, keysetQuery, type KeysetPosition } from "../platform/keyset.server";
import { type Actor, owned, ownedSql } from "../platform/tenancy.server";

export const CANDIDATES_PAGE_SIZE = 25;
/** The list counts its matches up to this many, then says "10,000+" (as the applications list). */
export const CANDIDATES_COUNT_CAP = 10_000;

export interface CandidateFilters extends KeysetPosition {
  q?: string;
  source?: ApplicationSourceKind;
}

/**
 * The company's candidates, the most recently active first (their newest application), one keyset
 * page at a time, each with their newest application's job, stage and status and how many
 * applications they have, filtered by how they came in; "Search candidates" matches part of a name or
 * an email (trigram indexes).
 */
export function listCandidates(db: Queryable, actor: Actor, filters: CandidateFilters) {
  return candidatesPage(db, actor, filters, true);
}

/**
 * The company's candidates that the list's filters match: one owner for what the list shows and
 * what its CSV export writes (decision 085).
 */
export function candidatesMatching(actor: Actor, filters: Pick<CandidateFilters, "q" | "source">): SQL {
  const conditions: SQL[] = [owned(candidates, actor)];
  if (filters.source) conditions.push(eq(candidates.source, filters.source));
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(/\s/.test(q) ? ilike(candidates.name, pattern) : or(ilike(candidates.name, pattern), ilike(candidates.email, pattern))!);
  }
  return and(...conditions)!;
}

/** listCandidates, with a search's matches read once (`readMatchesOnce`) or the page read in order. */
async function candidatesPage(db: Queryable, actor: Actor, filters: CandidateFilters, readMatchesOnce: boolean) {
  const q = filters.q?.trim();
  const where = candidatesMatching(actor, filters);
  const columns = {
    id: candidates.id,
    name: candidates.name,
    email: candidates.email,
    lastAppliedAt: candidates.lastAppliedAt,
    source: candidates.source,
    sourceDetail: candidates.sourceDetail,
  };
  // A search reads its matches once (as the applications list's, decision 076): the trigram indexes
  // give them in no order, so they are collected (up to the cap), counted, and the page sorted out
  // of them. Without a search, or past the cap, the page is read in index order and counted apart.
  const matches = db.$with("matches").as(db.select(columns).from(candidates).where(where).limit(CANDIDATES_COUNT_CAP + 1));
  const searching = Boolean(q) && readMatchesOnce;
  const from = searching ? matches : candidates;
  const keyset = keysetQuery(from.lastAppliedAt, from.id, filters, CANDIDATES_PAGE_SIZE);
  const upToCap = db.select({ one: sql`1`.as("one") }).from(candidates).where(where).limit(CANDIDATES_COUNT_CAP + 1);
  const page = db.$with("page").as(
    db
      .select({
        id: from.id,
        cursorAt: cursorAt(from.lastAppliedAt).as("cursor_at"),
        name: from.name,
        email: from.email,
        lastAppliedAt: from.lastAppliedAt,
        source: from.source,
        sourceDetail: from.sourceDetail,
      })
      .from(from)
      .where(searching ? keyset.where : and(where, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  // The page's 26 rows first, then each one's newest application and count (index on candidate_id).
  const rows = await (searching ? db.with(matches, page) : db.with(page))
    .select({
      id: page.id,
      cursorAt: page.cursorAt,
      name: page.name,
      email: page.email,
      lastAppliedAt: page.lastAppliedAt,
      source: page.source,
      sourceDetail: page.sourceDetail,
      latestJobTitle: sql<string | null>`latest.job_title`,
      latestStageName: sql<string | null>`latest.stage_name`,
      latestStatus: sql<ApplicationStatus | null>`latest.status`,
      applications: sql<number>`(select count(*) from ${applications} a where a.candidate_id = ${page.id} and ${ownedSql("a", actor)})::int`,
      matched: searching ? sql<number>`(select count(*) from ${matches})::int` : sql<number>`(select count(*) from (${upToCap}) as "up_to_cap")::int`,
    })
    .from(page)
    .leftJoin(
      sql`lateral (select j.title as job_title, s.name as stage_name, a.status
                   from ${applications} a
                   join ${jobs} j on j.id = a.job_id
                   left join ${pipelineStages} s on s.id = a.current_pipeline_stage_id
                   where a.candidate_id = ${page.id} and ${ownedSql("a", actor)}
                   order by a.created_at desc
                   limit 1) latest`,
      sql`true`,
    )
    .orderBy(filters.before ? asc(page.lastAppliedAt) : desc(page.lastAppliedAt), filters.before ? asc(page.id) : desc(page.id));
  // Past the cap the collected matches are not the newest: the page is read in order instead.
  if (searching && (rows[0]?.matched ?? 0) > CANDIDATES_COUNT_CAP) return candidatesPage(db, actor, filters, false);
  const matched = rows[0]?.matched ?? Number((await db.select({ n: count() }).from(upToCap.as("up_to_cap")))[0]?.n ?? 0);
  const keysetRows = keysetPage(
    rows.map(({ matched: _, ...row }) => row),
    filters,
    CANDIDATES_PAGE_SIZE,
  );
  return {
    rows: keysetRows.rows.map(({ cursorAt: _, ...row }) => ({ ...row, lastAppliedAt: row.lastAppliedAt.toISOString() })),
    next: keysetRows.next,
    previous: keysetRows.previous,
    /** How many match, at most CANDIDATES_COUNT_CAP. */
    total: Math.min(matched, CANDIDATES_COUNT_CAP),
    /** More than CANDIDATES_COUNT_CAP match. */
    totalCapped: matched > CANDIDATES_COUNT_CAP,
  };
}

/** A candidate of the company with every application (newest first), or null (another company's, or none). */
export async function getCandidate(db: Queryable, actor: Actor, candidateId: string) {
  if (!isUuid(candidateId)) return null;
  const [candidate] = await db
    .select({
      id: candidates.id,
      name: candidates.name,
      email: candidates.email,
      phone: candidates.phone,
      source: candidates.source,
      sourceDetail: candidates.sourceDetail,
      createdAt: candidates.createdAt,
      lastAppliedAt: candidates.lastAppliedAt,
    })
    .from(candidates)
    .where(and(eq(candidates.id, candidateId), owned(candidates, actor)));
  if (!candidate) return null;
  const rows = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      stageName: pipelineStages.name,
      status: applications.status,
      source: applications.source,
      sourceDetail: applications.sourceDetail,
      candidateName: applications.candidateName,
      candidateEmail: applications.candidateEmail,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .leftJoin(pipelineStages, eq(pipelineStages.id, applications.currentPipelineStageId))
    .where(and(eq(applications.candidateId, candidate.id), owned(applications, actor)))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return {
    ...candidate,
    createdAt: candidate.createdAt.toISOString(),
    lastAppliedAt: candidate.lastAppliedAt.toISOString(),
    applications: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
