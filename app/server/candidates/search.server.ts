import { and, type SQL, sql } from "drizzle-orm";
import { applications, candidates, cvs } from "../../../db/schema";
import type { ApplicationStatus } from "~/schemas/application-review";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import { type SearchMatch, SNIPPET_MARK_END, SNIPPET_MARK_START } from "~/schemas/candidate-search";
import { likePattern } from "../jobs/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import type { KeysetPosition } from "../platform/keyset.server";
import { type Actor, ownedSql } from "../platform/tenancy.server";
import { applicationCountOf, latestApplicationJoin, shownTagsOf, tagCountOf } from "./row-parts.server";



const TIER_FACTOR = 10_000_000_000_000_000n; // 10^16: above any microsecond timestamp of this era
const TIERS: Record<number, SearchMatch> = { 3: "names", 2: "tags", 1: "text" };

/**
 * The search's terms as PostgreSQL full-text search reads a search box (websearch_to_tsquery):
 * words (stemmed: "engineers" finds "engineer"), "quoted phrases", -exclusions and `or`.
 */
const tsQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** A search of one plain word (no quotes, no minus, no "or") also finds part of a name or an email. */
function isPlainWord(q: string) {
  return !/[\s"]/.test(q) && !q.startsWith("-");
}

/** A plain word's match on part of a name or an email (trigram indexes), or false. */
function partialMatch(q: string): SQL {
  return isPlainWord(q) ? sql`(${candidates.name} ilike ${likePattern(q)} or ${candidates.email} ilike ${likePattern(q)})` : sql`false`;
}

/** Whether a candidate matches a search at all, in any of its documents (the CSV export's condition). */
export function candidateSearchMatches(q: string): SQL {
  return sql`(${candidates.searchNames} @@ ${tsQuery(q)} or ${candidates.searchText} @@ ${tsQuery(q)} or ${partialMatch(q)})`;
}

export interface SearchPageOptions extends KeysetPosition {
  q: string;
  pageSize: number;
  /** Matches counted (and ordered) at most; more are said as "10,000+". */
  cap: number;
  /** How many of a row's tags it names (A to Z); it says how many more there are. */
  tagsPerRow: number;
}

/**
 * "Search candidates" (decision 086): one full-text query over who the candidates are (name,
 * email, phone: weight A; tags: B) and what they wrote (answers and CV text: C), inside the
 * company and `filters`. Results come best match first (A, then B, then C), the most recently
 * active first within each, a keyset page at a time; each row says where it matched and, for a
 * match in what they wrote, shows the passage with the terms marked.
 *
 * Cost: the two GIN indexes give the matching rows; ordering needs only each match's small
 * `search_names` and date (never the large text document, except to check a phrase), and the
 * passages are cut for the page's rows only.
 */
export async function searchCandidatesPage(db: Queryable, actor: Actor, filters: readonly SQL[], options: SearchPageOptions) {
  const q = options.q;
  const partial = partialMatch(q);
  const inNames = sql`(${candidates.searchNames} @@ (select q from query) or ${partial})`;
  const whereNames = and(ownedSql("candidates", actor), inNames, ...filters);
  const whereText = and(ownedSql("candidates", actor), sql`${candidates.searchText} @@ (select q from query)`, sql`not ${inNames}`, ...filters);
  const { after, before } = options;
  const cursor = before ?? after;
  const position = cursor ? sql`and (m.sort_key, m.id) ${before ? sql`>` : sql`<`} (${cursor.at}::bigint, ${cursor.id}::uuid)` : sql``;
  const direction = before ? sql`asc` : sql`desc`;
  const rows = await queryRows<{
    /** Null on the one row of an empty page. */
    id: string | null;
    sort_key: string;
    name: string;
    email: string;
    last_applied_at: Date | string;
    source: ApplicationSourceKind;
    source_detail: string | null;
    tier: number;
    matched: number;
    latest_job_title: string | null;
    latest_stage_name: string | null;
    latest_status: ApplicationStatus | null;
    applications: number;
    tags: string[] | null;
    tag_count: number | null;
    snippet: string | null;
  }>(
    db,
    sql`with query as materialized (select ${tsQuery(q)} as q),
        -- Who they are first (few), then what they wrote, each the most recently active first, so
        -- the best and newest matches are among those kept when more than the cap match.
        by_names as (
          select ${candidates.id} as id, ${candidates.lastAppliedAt} as last_applied_at,
                 (case when ts_filter(${candidates.searchNames}, '{a}') @@ (select q from query) or ${partial} then 3 else 2 end) as tier
          from ${candidates}
          where ${whereNames}
          order by ${candidates.lastAppliedAt} desc, ${candidates.id} desc
          limit ${options.cap + 1}
        ),
        by_text as (
          select ${candidates.id} as id, ${candidates.lastAppliedAt} as last_applied_at, 1 as tier
          from ${candidates}
          where ${whereText}
          order by ${candidates.lastAppliedAt} desc, ${candidates.id} desc
          limit ${options.cap + 1}
        ),
        matches as (select * from by_names union all select * from by_text),
        ranked as (
          select id, tier, (tier::bigint * ${TIER_FACTOR.toString()}::bigint + (extract(epoch from last_applied_at) * 1000000)::bigint) as sort_key
          from matches
        ),
        page as (
          select m.id, m.tier, m.sort_key from ranked m
          where true ${position}
          order by m.sort_key ${direction}, m.id ${direction}
          limit ${options.pageSize + 1}
        )
        select c.id, p.sort_key::text as sort_key, c.name, c.email, c.last_applied_at, c.source, c.source_detail, p.tier,
               counted.matched,
               latest.job_title as latest_job_title, latest.stage_name as latest_stage_name, latest.status as latest_status,
               ${applicationCountOf(sql`c.id`, actor)} as applications,
               ${shownTagsOf(sql`c.id`, actor, options.tagsPerRow)} as tags,
               ${tagCountOf(sql`c.id`, actor)} as tag_count,
               case when p.tier = 1 then ts_headline('english',
                   left(concat_ws(E'\\n',
                     (select string_agg(v.text, E'\\n') from ${cvs} v where v.candidate_id = c.id and v.text is not null),
                     (select string_agg(concat_ws(E'\\n', a.form_data->>'cover_letter',
                              (select string_agg(f.value #>> '{}', E'\\n') from jsonb_each(coalesce(a.form_data->'custom_fields', '{}'::jsonb)) f
                               where jsonb_typeof(f.value) = 'string')), E'\\n')
                      from ${applications} a where a.candidate_id = c.id)), 100000),
                   (select q from query),
                   ${`StartSel=${SNIPPET_MARK_START}, StopSel=${SNIPPET_MARK_END}, MaxFragments=2, MaxWords=18, MinWords=8, FragmentDelimiter=" … "`})
               end as snippet
        -- One row even when the page is empty (a page past the last match), for the count.
        from (select count(*)::int as matched from matches) counted
        left join page p on true
        left join ${candidates} c on c.id = p.id
        left join ${latestApplicationJoin(sql`c.id`, actor)} on true
        order by p.sort_key ${direction} nulls last, p.id ${direction}`,
  );
  const matched = rows[0]?.matched ?? 0;
  const found = rows.filter((row) => row.id !== null);
  const more = found.length > options.pageSize;
  const page = found.slice(0, options.pageSize);
  if (before) page.reverse();
  const cursorOf = (row: (typeof found)[number] | undefined) => (row ? { at: row.sort_key, id: row.id! } : null);
  return {
    rows: page.map((row) => ({
      id: row.id!,
      name: row.name,
      email: row.email,
      lastAppliedAt: new Date(row.last_applied_at).toISOString(),
      source: row.source,
      sourceDetail: row.source_detail,
      latestJobTitle: row.latest_job_title,
      latestStageName: row.latest_stage_name,
      latestStatus: row.latest_status,
      applications: Number(row.applications),
      tags: row.tags ?? [],
      tagCount: Number(row.tag_count ?? 0),
      match: TIERS[Number(row.tier)] ?? "text",
      snippet: row.snippet,
    })),
    next: before ? cursorOf(page.at(-1)) : more ? cursorOf(page.at(-1)) : null,
    previous: before ? (more ? cursorOf(page[0]) : null) : after ? cursorOf(page[0]) : null,
    total: Math.min(matched, options.cap),
    totalCapped: matched > options.cap,
  };
}
