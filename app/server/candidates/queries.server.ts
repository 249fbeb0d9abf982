import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { applications, candidates, jobs, pipelineStages } from "../../../db/schema";
import type { ApplicationStatus } from "~/schemas/application-review";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import { isUuid } from "~/schemas/id";
import type { SearchMatch } from "~/schemas/candidate-search";
import { candidateSearchMatches, searchCandidatesPage } from "./search.server";
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
 * applications they have, filtered by how they came in. With a search, the full-text search of
 * decision 086 (best match first) inside the same filters.
 */
export async function listCandidates(db: Queryable, actor: Actor, filters: CandidateFilters) {
  const conditions = filterConditions(filters);
  const q = filters.q?.trim();
  if (q) {
    return searchCandidatesPage(db, actor, conditions, {
      q,
      after: filters.after,
      before: filters.before,
      pageSize: CANDIDATES_PAGE_SIZE,
      cap: CANDIDATES_COUNT_CAP,
    });
  }
  return browseCandidatesPage(db, actor, conditions, filters);
}

/** The list's filters other than the search, on the candidates table. */
function filterConditions(filters: Pick<CandidateFilters, "source">): SQL[] {
  const conditions: SQL[] = [];
  if (filters.source) conditions.push(eq(candidates.source, filters.source));
  return conditions;
}

/**
 * The company's candidates that the list's filters and search match: one owner for what the list
 * shows and what its CSV export writes (decision 085).
 */
export function candidatesMatching(actor: Actor, filters: Pick<CandidateFilters, "q" | "source">): SQL {
  const q = filters.q?.trim();
  return and(owned(candidates, actor), ...filterConditions(filters), ...(q ? [candidateSearchMatches(q)] : []))!;
}

/** The list without a search: a keyset page in index order, its matches counted apart up to the cap. */
async function browseCandidatesPage(db: Queryable, actor: Actor, filters: SQL[], position: KeysetPosition) {
  const where = and(owned(candidates, actor), ...filters);
  const keyset = keysetQuery(candidates.lastAppliedAt, candidates.id, position, CANDIDATES_PAGE_SIZE);
  const upToCap = db.select({ one: sql`1`.as("one") }).from(candidates).where(where).limit(CANDIDATES_COUNT_CAP + 1);
  const page = db.$with("page").as(
    db
      .select({
        id: candidates.id,
        cursorAt: cursorAt(candidates.lastAppliedAt).as("cursor_at"),
        name: candidates.name,
        email: candidates.email,
        lastAppliedAt: candidates.lastAppliedAt,
        source: candidates.source,
        sourceDetail: candidates.sourceDetail,
      })
      .from(candidates)
      .where(and(where, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  // The page's 26 rows first, then each one's newest application and count (index on candidate_id).
  const rows = await db
    .with(page)
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
      matched: sql<number>`(select count(*) from (${upToCap}) as "up_to_cap")::int`,
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
    .orderBy(position.before ? asc(page.lastAppliedAt) : desc(page.lastAppliedAt), position.before ? asc(page.id) : desc(page.id));
  const matched = rows[0]?.matched ?? Number((await db.select({ n: count() }).from(upToCap.as("up_to_cap")))[0]?.n ?? 0);
  const keysetRows = keysetPage(
    rows.map(({ matched: _, ...row }) => row),
    position,
    CANDIDATES_PAGE_SIZE,
  );
  return {
    rows: keysetRows.rows.map(({ cursorAt: _, ...row }) => ({
      ...row,
      lastAppliedAt: row.lastAppliedAt.toISOString(),
      match: null as SearchMatch | null,
      snippet: null as string | null,
    })),
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
