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
  // The terms as a value the planner reads (the function is immutable, so it is folded at planning
  // time and the columns' statistics say how common each word is): a word in every CV walks the
  // activity index and stops after a page; a rare one reads its few matches from the text index.
  const query = tsQuery(q);
  const partial = partialMatch(q);
  const inNames = sql`(${candidates.searchNames} @@ ${query} or ${partial})`;
  const inNamesA = sql`(ts_filter(${candidates.searchNames}, '{a}') @@ ${query} or ${partial})`;
  const within = [ownedSql("candidates", actor), ...filters];
  const tiers: [number, SQL | undefined][] = [
    [3, and(...within, inNames, inNamesA)],
    [2, and(...within, sql`${candidates.searchNames} @@ ${query}`, sql`not ${inNamesA}`)],
    [1, and(...within, sql`${candidates.searchText} @@ ${query}`, sql`not ${inNames}`)],
  ];
  const { after, before } = options;
  const forwards = !before;
  const cursor = before ?? after;
  const key = cursor && /^\d{1,30}$/.test(cursor.at) ? BigInt(cursor.at) : undefined;
  const cursorTier = key === undefined ? undefined : Number(key / TIER_FACTOR);
  const cursorMicros = key === undefined ? undefined : key % TIER_FACTOR;
  // The page: each tier's first rows after the cursor in the list's order (newest first), read on
  // their own, then merged. A tier wholly on the far side of the cursor is not read.
  const direction = forwards ? sql`desc` : sql`asc`;
  const parts: SQL[] = [];
  for (const [tier, condition] of tiers) {
    if (cursorTier !== undefined && (forwards ? tier > cursorTier : tier < cursorTier)) continue;
    const position =
      cursorTier === tier && cursor
        ? sql`(${candidates.lastAppliedAt}, ${candidates.id}) ${forwards ? sql`<` : sql`>`} (timestamptz 'epoch' + ${cursorMicros!.toString()}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`
        : undefined;
    parts.push(sql`(select ${candidates.id} as id, ${tier}::int as tier, ${candidates.lastAppliedAt} as last_applied_at
                    from ${candidates}
                    where ${and(condition, position)}
                    order by ${candidates.lastAppliedAt} ${direction}, ${candidates.id} ${direction}
                    limit ${options.pageSize + 1})`);
  }
  const pageRows = parts.length > 0 ? sql.join(parts, sql` union all `) : sql`select null::uuid as id, null::int as tier, null::timestamptz as last_applied_at where false`;
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
    sql`with page as (
          select m.id, m.tier, (m.tier::bigint * ${TIER_FACTOR.toString()}::bigint + (extract(epoch from m.last_applied_at) * 1000000)::bigint) as sort_key
          from (${pageRows}) m
          order by sort_key ${direction}, m.id ${direction}
          limit ${options.pageSize + 1}
        )
        select c.id, p.sort_key::text as sort_key, c.name, c.email, c.last_applied_at, c.source, c.source_detail, p.tier,
               -- How many match, up to the cap: in any order, so the indexes' bitmaps can answer.
               (select count(*)::int from (select 1 from ${candidates}
                  where ${and(...within, sql`(${inNames} or ${candidates.searchText} @@ ${query})`)}
                  limit ${options.cap + 1}) counted) as matched,
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
                   ${query},
                   ${`StartSel=${SNIPPET_MARK_START}, StopSel=${SNIPPET_MARK_END}, MaxFragments=2, MaxWords=18, MinWords=8, FragmentDelimiter=" … "`})
               end as snippet
        -- One row even when the page is empty (a page past the last match), for the count.
        from (select 1) one
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
