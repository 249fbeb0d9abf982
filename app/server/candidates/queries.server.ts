import { and, count, desc, eq, gte, ilike, or, type SQL, sql } from "drizzle-orm";
import { applications, candidates, candidateTags, jobs, pipelineStages, tags } from "../../../db/schema";
import type { ApplicationStatus } from "~/schemas/application-review";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import type { CandidateSort } from "~/schemas/candidate";
import { isUuid } from "~/schemas/id";
import { likePattern } from "../jobs/queries.server";
import type { Queryable } from "../platform/db.server";
import { cursorAt, keysetPage, keysetQueryBy, type KeysetPosition, newestFirst, textAscending } from "../platform/keyset.server";
import { type Actor, owned, ownedSql } from "../platform/tenancy.server";

export const CANDIDATES_PAGE_SIZE = 25;
/** The list counts its matches up to this many, then says "10,000+" (as the applications list). */
export const CANDIDATES_COUNT_CAP = 10_000;
/** How many of a candidate's tags a row of the list names (A to Z); it says how many more there are. */
export const TAGS_PER_ROW = 5;

export interface CandidateFilters extends KeysetPosition {
  /** Part of a name or an email. */
  q?: string;
  /** How they first came in. */
  source?: ApplicationSourceKind;
  /** Carrying the company's tag with this name (any case). */
  tag?: string;
  /**
   * With an application that is to this job, in this stage of it (only with the job), with this
   * status, made at or after `appliedFrom` and before `appliedBefore`: all of them true of one
   * application, so "rejected" with a job means rejected for that job.
   */
  jobId?: string;
  stageId?: string;
  status?: ApplicationStatus;
  appliedFrom?: Date;
  appliedBefore?: Date;
  /** By last activity, newest first (the default), or by name, A to Z. */
  sort?: CandidateSort;
}

/**
 * The company's candidates, the most recently active first (their newest application) or by name,
 * one keyset page at a time, each with their newest application's job, stage and status, how many
 * applications they have and their tags; filtered by how they came in, a tag, and what their
 * applications are (job, stage, status, dates); "Search candidates" matches part of a name or an
 * email (trigram indexes). Every filter is an indexed condition on the candidate or an `exists`
 * over an index (decision 084).
 */
export async function listCandidates(db: Queryable, actor: Actor, filters: CandidateFilters) {
  // The tag is read first, so the page's statement names it by id and the planner can tell a
  // tag of ten candidates from one of fifty thousand (its statistics are by tag id).
  let tagId: string | undefined;
  if (filters.tag) {
    const [tag] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.nameKey, sql`lower(${filters.tag})`), owned(tags, actor)));
    if (!tag) return { rows: [], next: null, previous: null, total: 0, totalCapped: false };
    tagId = tag.id;
  }
  return candidatesPage(db, actor, filters, candidateConditions(actor, filters, tagId), true);
}

/** Which of the company's candidates the filters keep: one condition for the whole list. */
function candidateConditions(actor: Actor, filters: CandidateFilters, tagId: string | undefined): SQL {
  const conditions: SQL[] = [owned(candidates, actor)];
  if (filters.source) conditions.push(eq(candidates.source, filters.source));
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(/\s/.test(q) ? ilike(candidates.name, pattern) : or(ilike(candidates.name, pattern), ilike(candidates.email, pattern))!);
  }
  // Probed per candidate on the links' primary key (candidate_id, tag_id), or read from the tag's
  // side on (tag_id, candidate_id): the planner chooses by the tag's size.
  if (tagId) {
    conditions.push(sql`exists (select 1 from ${candidateTags} ct where ct.candidate_id = ${candidates.id} and ct.tag_id = ${tagId}::uuid and ${ownedSql("ct", actor)})`);
  }
  const applied: SQL[] = [];
  if (filters.jobId && isUuid(filters.jobId)) {
    applied.push(sql`a.job_id = ${filters.jobId}::uuid`);
    if (filters.stageId && isUuid(filters.stageId)) applied.push(sql`a.current_pipeline_stage_id = ${filters.stageId}::uuid`);
  }
  if (filters.status) applied.push(sql`a.status = ${filters.status}`);
  if (filters.appliedFrom) applied.push(sql`a.created_at >= ${filters.appliedFrom.toISOString()}::timestamptz`);
  if (filters.appliedBefore) applied.push(sql`a.created_at < ${filters.appliedBefore.toISOString()}::timestamptz`);
  if (applied.length > 0) {
    // A candidate's few applications (candidate_id, created_at), or the job's, stage's, status's or
    // dates' own index read from the applications' side.
    conditions.push(sql`exists (select 1 from ${applications} a where a.candidate_id = ${candidates.id} and ${ownedSql("a", actor)} and ${sql.join(applied, sql` and `)})`);
  }
  // The same, said of the candidate: their last activity is their newest application's date (the
  // application trigger keeps it so), never before any of their applications. Walking the list newest
  // first, the page then stops at the first day of the range instead of reading to the end.
  if (filters.appliedFrom) conditions.push(gte(candidates.lastAppliedAt, filters.appliedFrom));
  return and(...conditions)!;
}

/** listCandidates's page, with a search's matches read once (`readMatchesOnce`) or the page read in order. */
async function candidatesPage(db: Queryable, actor: Actor, filters: CandidateFilters, where: SQL, readMatchesOnce: boolean) {
  const q = filters.q?.trim();
  const byName = filters.sort === "name";
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
  // By name: the lower-case name and the id, A to Z, on (company_id, lower(name), id); by last
  // activity: (last_applied_at, id) newest first, on (company_id, last_applied_at, id).
  const sortKey = byName ? sql<string>`lower(${from.name})` : cursorAt(from.lastAppliedAt);
  const keyset = keysetQueryBy(byName ? textAscending(sql`lower(${from.name})`, from.id) : newestFirst(from.lastAppliedAt, from.id), filters, CANDIDATES_PAGE_SIZE);
  const upToCap = db.select({ one: sql`1`.as("one") }).from(candidates).where(where).limit(CANDIDATES_COUNT_CAP + 1);
  const page = db.$with("page").as(
    db
      .select({
        id: from.id,
        cursorAt: sortKey.as("cursor_at"),
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
  const pageOrder = keysetQueryBy(byName ? textAscending(sql`${page.cursorAt}`, page.id) : newestFirst(page.lastAppliedAt, page.id), filters, CANDIDATES_PAGE_SIZE);
  // The page's 26 rows first, then each one's newest application, count and tags (indexes on candidate_id).
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
      tags: sql<string[]>`(select coalesce(json_agg(shown.name order by shown.name_key, shown.name), '[]'::json)
                           from (select t.name, t.name_key from ${candidateTags} ct join ${tags} t on t.id = ct.tag_id
                                 where ct.candidate_id = ${page.id} and ${ownedSql("ct", actor)} and ${ownedSql("t", actor)}
                                 order by t.name_key, t.name limit ${TAGS_PER_ROW}) shown)`,
      tagCount: sql<number>`(select count(*) from ${candidateTags} ct where ct.candidate_id = ${page.id} and ${ownedSql("ct", actor)})::int`,
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
    .orderBy(...pageOrder.orderBy);
  // Past the cap the collected matches are not the first in the list's order: the page is read in order instead.
  if (searching && (rows[0]?.matched ?? 0) > CANDIDATES_COUNT_CAP) return candidatesPage(db, actor, filters, where, false);
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
  const tagRows = await db
    .select({ name: tags.name })
    .from(candidateTags)
    .innerJoin(tags, eq(tags.id, candidateTags.tagId))
    .where(and(eq(candidateTags.candidateId, candidate.id), owned(candidateTags, actor), owned(tags, actor)))
    .orderBy(tags.nameKey, tags.name);
  return {
    ...candidate,
    createdAt: candidate.createdAt.toISOString(),
    lastAppliedAt: candidate.lastAppliedAt.toISOString(),
    applications: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    tags: tagRows.map((row) => row.name),
  };
}
