import { type AnyColumn, and, eq, gte, type SQL, sql, type WithSubquery } from "drizzle-orm";
import { applications, candidateCounts, candidates, candidateTags, jobs, pipelineStages, tags } from "../../../db/schema";
import type { ApplicationStatus } from "~/schemas/application-review";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import type { CandidateSort } from "~/schemas/candidate";
import { isUuid } from "~/schemas/id";
import type { SearchMatch } from "~/schemas/candidate-search";
import { isoFromJsonTimestamp, jsonTimestamp, type Queryable, queryRows, uuidArray } from "../platform/db.server";
import { cursorAt, keysetPage, keysetQueryBy, type KeysetPosition, newestFirst, textAscending } from "../platform/keyset.server";
import { type Actor, owned, ownedSql, preparedRead, seesApplicationSql } from "../platform/tenancy.server";
import { startOfDateInTimeZone } from "../platform/time-zone.server";
import { dayAfter, type ShownCandidateFilters } from "~/lib/candidate-filters";
import { applicationCountOf, latestApplicationJoin, shownTagsOf, tagCountOf } from "./row-parts.server";
import { candidateSearchMatches, searchCandidatesPage, type SearchPageOptions } from "./search.server";

export const CANDIDATES_PAGE_SIZE = 25;
/** The list counts its matches up to this many, then says "10,000+" (as the applications list). */
export const CANDIDATES_COUNT_CAP = 10_000;
/** How many of a candidate's tags a row of the list names (A to Z); it says how many more there are. */
export const TAGS_PER_ROW = 5;

export interface CandidateFilters extends KeysetPosition {
  /** "Search candidates" (decision 086): words, "phrases" and -exclusions over names, tags, answers and CVs. */
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
 * applications are (job, stage, status, dates). Every filter is an indexed condition on the
 * candidate or an `exists` over an index (decision 084). "Search candidates" is the full-text
 * search of decision 086, best match first, inside the same filters (or, sorted by name, a filter
 * like the others).
 */
export async function listCandidates(db: Queryable, actor: Actor, filters: CandidateFilters, search: Pick<SearchPageOptions, "fewMatches"> = {}) {
  const tagId = await tagIdOf(db, actor, filters.tag);
  if (tagId === null) return { rows: [], next: null, previous: null, total: 0, totalCapped: false };
  const q = filters.q?.trim();
  if (q && filters.sort !== "name") {
    const { where, narrowing } = candidateConditions(actor, { ...filters, q: undefined }, tagId);
    return searchCandidatesPage(db, actor, [where], {
      q,
      narrowing,
      after: filters.after,
      before: filters.before,
      pageSize: CANDIDATES_PAGE_SIZE,
      cap: CANDIDATES_COUNT_CAP,
      tagsPerRow: TAGS_PER_ROW,
      ...search,
    });
  }
  const { where, narrowing, otherThanTag } = candidateConditions(actor, filters, tagId);
  // A tag alone, newest first: the tag's own index gives the page and the count.
  if (tagId && !otherThanTag && filters.sort !== "name") return (await candidatesPage(db, actor, filters, where, "tag-in-order", tagId))!;
  // A search, a tag or an application filter may keep a few candidates or many, spread anywhere in
  // the list's order: their matches are read once, in any order (up to the cap), counted, and the
  // page sorted out of them. Walking the list in order instead, the planner cannot know how far it
  // must go for 26 (a job's rejected candidates: none, so all 200,000 were probed, 1 s). Without
  // them (or past the cap, where matches are dense) the page is read in the index's order.
  if (narrowing) {
    const page = await candidatesPage(db, actor, filters, where, "matches");
    if (page) return page;
    return (await candidatesPage(db, actor, filters, where, "in-order-past-cap"))!;
  }
  // Nothing filters them: the page in the index's order, and the company's own count (decision 135).
  return (await candidatesPage(db, actor, filters, where, filters.source ? "in-order" : "all-in-order"))!;
}

/** How many candidates the company has, exactly: its counter, kept by triggers (decision 135). */
function candidatesCounted(actor: Actor): SQL<number> {
  return sql<number>`(select coalesce(sum(${candidateCounts.candidates}), 0) from ${candidateCounts} where ${owned(candidateCounts, actor)})::int`;
}

/** The service's filters for the list's shown filters, its dates as days in the reader's time zone. */
export function candidateFiltersOf(shown: ShownCandidateFilters, timeZone: string): Omit<CandidateFilters, "after" | "before"> {
  return {
    q: shown.q,
    source: shown.source,
    tag: shown.tag,
    jobId: shown.job,
    stageId: shown.stage,
    status: shown.status,
    appliedFrom: shown.appliedFrom ? startOfDateInTimeZone(shown.appliedFrom, timeZone) : undefined,
    appliedBefore: shown.appliedTo ? startOfDateInTimeZone(dayAfter(shown.appliedTo), timeZone) : undefined,
    sort: shown.sort,
  };
}

/**
 * The id of the company's tag with this name (any case): read first, so the page's statement names
 * it by id and the planner can tell a tag of ten candidates from one of fifty thousand (its
 * statistics are by tag id). Undefined without a tag; null when the company has no such tag.
 */
async function tagIdOf(db: Queryable, actor: Actor, name: string | undefined): Promise<string | undefined | null> {
  if (!name) return undefined;
  const [tag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.nameKey, sql`lower(${name})`), owned(tags, actor)));
  return tag?.id ?? null;
}

/**
 * The company's candidates that the list's filters and search match, as one condition: one owner
 * for what the list shows and what its CSV export writes (decisions 084, 085). A tag the company
 * does not have matches nobody.
 */
export async function candidatesMatching(db: Queryable, actor: Actor, filters: Omit<CandidateFilters, "after" | "before" | "sort">): Promise<SQL> {
  const tagId = await tagIdOf(db, actor, filters.tag);
  if (tagId === null) return sql`false`;
  return candidateConditions(actor, filters, tagId).where;
}

/**
 * Which of the company's candidates the filters keep, as one condition; `narrowing` when a filter
 * other than the source may keep few of them (a search, a tag, an application filter).
 */
function candidateConditions(actor: Actor, filters: Omit<CandidateFilters, "after" | "before">, tagId: string | undefined) {
  const conditions: SQL[] = [owned(candidates, actor)];
  if (filters.source) conditions.push(eq(candidates.source, filters.source));
  const q = filters.q?.trim();
  if (q) conditions.push(candidateSearchMatches(q));
  // Probed per candidate on the links' primary key (candidate_id, tag_id), or read from the tag's
  // side on candidate_tags_tag_activity_idx: the planner chooses by the tag's size.
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
    // Probed per candidate on applications_candidate_created_idx, which holds every column asked
    // here (index only), or read from the applications' side on the job's, stage's, status's or
    // dates' own index.
    conditions.push(sql`exists (select 1 from ${applications} a where a.candidate_id = ${candidates.id} and ${ownedSql("a", actor)} and ${sql.join(applied, sql` and `)})`);
  }
  // The same, said of the candidate: their last activity is their newest application's date (the
  // application trigger keeps it so), never before any of their applications. Walking the list newest
  // first, the page then stops at the first day of the range instead of reading to the end.
  if (filters.appliedFrom) conditions.push(gte(candidates.lastAppliedAt, filters.appliedFrom));
  return {
    where: and(...conditions)!,
    narrowing: Boolean(q) || Boolean(tagId) || applied.length > 0,
    /** A filter besides the tag. */
    otherThanTag: Boolean(filters.source) || Boolean(q) || applied.length > 0,
  };
}

/** How a page of the list is found (listCandidates says which). */
type PageRead = "matches" | "in-order" | "all-in-order" | "in-order-past-cap" | "tag-in-order";

/** A column of the `page` CTE (its fields have names of their own, so the candidates joined to it never clash). */
const pageColumn = (name: "page_id" | "cursor_at" | "sort_key") => sql`${sql.identifier("page")}.${sql.identifier(name)}`;

/**
 * listCandidates's page. Each way finds the page's 26 ids with their sort key, and the count up to
 * the cap; the candidates' own columns, newest application, tags and counts are read for those rows only.
 * - "matches": the matches read once, in any order (up to the cap), counted, the page sorted out
 *   of them; undefined when more than the cap match.
 * - "in-order": the page read in the index's order, counted up to the cap apart.
 * - "all-in-order": the same without any filter, counted exactly by the company's counter.
 * - "in-order-past-cap": the same, when the matches are known to be more than the cap (not counted again).
 * - "tag-in-order": a tag's candidates newest first, one range of candidate_tags_tag_activity_idx,
 *   counted from it too.
 */
async function candidatesPage(db: Queryable, actor: Actor, filters: CandidateFilters, where: SQL, how: PageRead, tagId?: string) {
  const byName = filters.sort === "name";
  const cap = CANDIDATES_COUNT_CAP + 1;
  /** The page CTE's fields for a source of ids and sort keys, in the list's order. */
  const pageFields = (id: AnyColumn | SQL, key: SQL) => ({
    pageId: sql<string>`${id}`.as("page_id"),
    cursorAt: (byName ? sql<string>`${key}` : cursorAt(key)).as("cursor_at"),
    sortKey: sql`${key}`.as("sort_key"),
  });
  const orderOf = (key: SQL, id: AnyColumn | SQL) => (byName ? textAscending(key, id) : newestFirst(key, id));
  /** The count up to the cap: of `from`'s rows, in the page's statement or alone (a page past the last row carries none). */
  let upToCap: SQL = sql`${db.select({ one: sql`1`.as("one") }).from(candidates).where(where).limit(cap)}`;
  let ctes: WithSubquery[];
  let matched: SQL<number>;
  let page;
  if (how === "matches") {
    // By name the key is the lower-case name; by last activity the date (both in candidates'
    // indexes, so a search-free filter's matches can be read from the index alone).
    const matches = db
      .$with("matches")
      .as(
        db
          .select({ id: candidates.id, key: (byName ? sql`lower(${candidates.name})` : sql`${candidates.lastAppliedAt}`).as("key") })
          .from(candidates)
          .where(where)
          .limit(cap),
      );
    const key = sql`${sql.identifier("matches")}.${sql.identifier("key")}`;
    const keyset = keysetQueryBy(orderOf(key, matches.id), filters, CANDIDATES_PAGE_SIZE);
    page = db.$with("page").as(
      db
        .select(pageFields(matches.id, key))
        .from(matches)
        .where(keyset.where)
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    );
    ctes = [matches, page];
    matched = sql<number>`(select count(*) from ${matches})::int`;
  } else if (how === "tag-in-order" && tagId) {
    const key = sql`${candidateTags.candidateLastAppliedAt}`;
    const keyset = keysetQueryBy(newestFirst(key, candidateTags.candidateId), filters, CANDIDATES_PAGE_SIZE);
    const ofTag = and(eq(candidateTags.tagId, tagId), owned(candidateTags, actor));
    page = db.$with("page").as(
      db
        .select(pageFields(candidateTags.candidateId, key))
        .from(candidateTags)
        .where(and(ofTag, keyset.where))
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    );
    ctes = [page];
    upToCap = sql`${db.select({ one: sql`1`.as("one") }).from(candidateTags).where(ofTag).limit(cap)}`;
    matched = sql<number>`(select count(*) from (${upToCap}) as "up_to_cap")::int`;
  } else {
    const key = byName ? sql`lower(${candidates.name})` : sql`${candidates.lastAppliedAt}`;
    const keyset = keysetQueryBy(orderOf(key, candidates.id), filters, CANDIDATES_PAGE_SIZE);
    page = db.$with("page").as(
      db
        .select(pageFields(candidates.id, key))
        .from(candidates)
        .where(and(where, keyset.where))
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    );
    ctes = [page];
    matched =
      how === "all-in-order"
        ? candidatesCounted(actor)
        : how === "in-order"
          ? sql<number>`(select count(*) from (${upToCap}) as "up_to_cap")::int`
          : sql<number>`${cap}::int`;
  }
  const pageOrder = keysetQueryBy(orderOf(pageColumn("sort_key"), pageColumn("page_id")), filters, CANDIDATES_PAGE_SIZE);
  // The page's 26 ids in the list's order with the count, then their rows (decision 137): one
  // statement with both was planned on every call (1.3 ms, more than it ran), where the rows by id
  // are the same index probes for any page and are planned once per connection.
  const pageIds = await db
    .with(...ctes)
    .select({ id: sql<string>`${pageColumn("page_id")}`, cursorAt: sql<string>`${pageColumn("cursor_at")}`, matched })
    .from(page)
    .orderBy(...pageOrder.orderBy);
  const details = new Map((await candidateRows(db, actor, pageIds.map((row) => row.id))).map((row) => [row.id, row]));
  const rows = pageIds.flatMap(({ id, cursorAt, matched }) => {
    const row = details.get(id);
    return row ? [{ ...row, cursorAt, matched }] : [];
  });
  // Past the cap the collected matches are not the first in the list's order: the page is read in order instead.
  if (how === "matches" && (rows[0]?.matched ?? 0) > CANDIDATES_COUNT_CAP) return undefined;
  // An empty page carries no count: nobody matches when it is the first page; past the last row
  // (a cursor) they are counted on their own.
  const firstPage = !filters.after && !filters.before;
  const countAlone = how === "all-in-order" ? sql`select ${matched} as n` : sql`select count(*)::int as n from (${upToCap}) as "up_to_cap"`;
  const total = rows[0]?.matched ?? (how === "in-order-past-cap" ? cap : firstPage ? 0 : ((await queryRows<{ n: number }>(db, countAlone))[0]?.n ?? 0));
  const keysetRows = keysetPage(
    rows.map(({ matched: _, ...row }) => row),
    filters,
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
    /** How many match: exactly when the company's counter counts them, else at most CANDIDATES_COUNT_CAP. */
    total: how === "all-in-order" ? total : Math.min(total, CANDIDATES_COUNT_CAP),
    /** More than CANDIDATES_COUNT_CAP match (and they were counted only that far). */
    totalCapped: how !== "all-in-order" && total > CANDIDATES_COUNT_CAP,
  };
}

/**
 * The list's rows of these candidates of the company (any order): each one's columns, newest
 * application, count of applications and tags. Prepared on the generic plan (decision 137): probes
 * by id, the same for every page of every company.
 */
function candidateRows(db: Queryable, actor: Actor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return preparedRead(
    db,
    actor,
    "candidate_rows",
    (actor) =>
      db
        .select({
          id: candidates.id,
          name: candidates.name,
          email: candidates.email,
          lastAppliedAt: candidates.lastAppliedAt,
          source: candidates.source,
          sourceDetail: candidates.sourceDetail,
          latestJobTitle: sql<string | null>`latest.job_title`,
          latestStageName: sql<string | null>`latest.stage_name`,
          latestStatus: sql<ApplicationStatus | null>`latest.status`,
          applications: applicationCountOf(candidates.id, actor),
          tags: shownTagsOf(candidates.id, actor, TAGS_PER_ROW),
          tagCount: tagCountOf(candidates.id, actor),
        })
        .from(candidates)
        .leftJoin(latestApplicationJoin(candidates.id, actor), sql`true`)
        .where(and(sql`${candidates.id} = any(${sql.placeholder("ids")}::uuid[])`, owned(candidates, actor))),
    { ids },
    { genericPlan: true },
  );
}

/** A candidate of the company with every application (newest first), or null (another company's, or none). */
export async function getCandidate(db: Queryable, actor: Actor, candidateId: string) {
  if (!isUuid(candidateId)) return null;
  // One statement: the candidate, their applications newest first and their tags A to Z (three
  // statements were three round trips, each a write to PostgreSQL and a wake-up of its process).
  // (`${candidates}.id`: a select from one table names its columns without the table.) Prepared: a
  // candidate's page asks it on every visit (decision 101).
  const [candidate] = await preparedRead(
    db,
    actor,
    "candidate_detail",
    (actor) =>
      db
        .select({
          id: candidates.id,
          name: candidates.name,
          email: candidates.email,
          phone: candidates.phone,
          source: candidates.source,
          sourceDetail: candidates.sourceDetail,
          createdAt: candidates.createdAt,
          lastAppliedAt: candidates.lastAppliedAt,
          erasureRequestedAt: candidates.erasureRequestedAt,
          applications: sql<CandidateApplicationJson[]>`(
            select coalesce(json_agg(json_build_object(
                     'id', a.id, 'jobId', a.job_id, 'jobTitle', j.title, 'stageName', s.name, 'status', a.status,
                     'source', a.source, 'sourceDetail', a.source_detail, 'candidateName', a.candidate_name,
                     'candidateEmail', a.candidate_email, 'createdAt', ${jsonTimestamp(sql`a.created_at`)}
                   ) order by a.created_at desc, a.id desc), '[]'::json)
            from ${applications} a
            join ${jobs} j on j.id = a.job_id
            left join ${pipelineStages} s on s.id = a.current_pipeline_stage_id
            where a.candidate_id = ${candidates}.id and ${ownedSql("a", actor)})`,
          tags: sql<string[]>`(
            select coalesce(json_agg(t.name order by t.name_key, t.name), '[]'::json)
            from ${candidateTags} ct join ${tags} t on t.id = ct.tag_id
            where ct.candidate_id = ${candidates}.id and ${ownedSql("ct", actor)} and ${ownedSql("t", actor)})`,
        })
        .from(candidates)
        .where(and(eq(candidates.id, sql.placeholder("candidateId")), owned(candidates, actor))),
    { candidateId },
  );
  if (!candidate) return null;
  return {
    ...candidate,
    createdAt: candidate.createdAt.toISOString(),
    lastAppliedAt: candidate.lastAppliedAt.toISOString(),
    erasureRequestedAt: candidate.erasureRequestedAt?.toISOString() ?? null,
    applications: candidate.applications.map((row) => ({ ...row, createdAt: isoFromJsonTimestamp(row.createdAt) })),
  };
}

/** A candidate's application as `getCandidate`'s statement gives it (JSON: its date in milliseconds). */
interface CandidateApplicationJson {
  id: string;
  jobId: string;
  jobTitle: string;
  stageName: string | null;
  status: ApplicationStatus;
  source: ApplicationSourceKind;
  sourceDetail: string | null;
  candidateName: string;
  candidateEmail: string;
  createdAt: number | string;
}

/**
 * The applications a bulk action on candidates acts on (issue 13): of each of the candidates, their
 * application to `jobId`, or without a job their newest one. Only the actor's company's candidates,
 * and only applications the actor sees; at most one per candidate.
 */
export async function applicationsOfCandidates(db: Queryable, actor: Actor, candidateIds: readonly string[], jobId?: string): Promise<string[]> {
  const ids = candidateIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct on (a.candidate_id) a.id from applications a
        where a.candidate_id = any(${uuidArray(ids)}) and ${ownedSql("a", actor)} and ${seesApplicationSql("a", actor)}
          ${jobId && isUuid(jobId) ? sql`and a.job_id = ${jobId}` : sql``}
        order by a.candidate_id, a.created_at desc, a.id desc`,
  );
  return rows.map((row) => row.id);
}
