import { and, type SQL, sql } from "drizzle-orm";
import { applications, candidates, cvs } from "../../../db/schema";
import type { ApplicationStatus } from "~/schemas/application-review";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import { type SearchMatch, SNIPPET_MARK_END, SNIPPET_MARK_START } from "~/schemas/candidate-search";
import { likePattern } from "../jobs/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { type KeysetPosition, keysetQuery } from "../platform/keyset.server";
import { type Actor, ownedSql } from "../platform/tenancy.server";
import { applicationCountOf, latestApplicationJoin, shownTagsOf, tagCountOf } from "./row-parts.server";



const TIER_FACTOR = 10_000_000_000_000_000n; // 10^16: above any microsecond timestamp of this era
const TIERS: Record<number, SearchMatch> = { 3: "names", 2: "tags", 1: "text" };
/** How many candidates of the filters, in the list's order, a group's page is first looked for among. */
const SEARCH_WINDOW = 1000;

/**
 * The search's terms as PostgreSQL full-text search reads a search box (websearch_to_tsquery):
 * words (stemmed: "engineers" finds "engineer"), "quoted phrases", -exclusions and `or`.
 */
const tsQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/**
 * The statement's `query`: the search's terms (`q`), and for each word it looks for (not those it
 * excludes) a pattern that finds where the word begins in a text (`starts`), from the stemmed words
 * of the query (`'machin' <-> 'learn' & !'java'`). A stem that ends in "i" drops it ("technologi"
 * also finds "technology"). Punctuation in a word ("node.js") is escaped.
 */
const queryCte = (q: string) => sql`query as materialized (
          select q, array(
            select '\\m' || regexp_replace(case when m[2] ~ '.{3}i$' then left(m[2], -1) else m[2] end, '([^[:alnum:]])', '\\\\\\1', 'g')
            from regexp_matches(q::text, '(!?)''((?:[^'']|'''')+)''', 'g') m
            where m[1] = ''
          ) as starts
          from (select ${tsQuery(q)} as q) parsed
        )`;

/** How a passage is cut and marked (`ts_headline`'s options). */
const PASSAGE_OPTIONS = `StartSel=${SNIPPET_MARK_START}, StopSel=${SNIPPET_MARK_END}, MaxFragments=2, MaxWords=18, MinWords=8, FragmentDelimiter=" … "`;
/** Characters of text kept before a window's first match and after its last (decision 141). */
const WINDOW_BEFORE = 150;
const WINDOW_AFTER = 350;
/** Matches further apart than this get a window each, not one window from the first to the last. */
const WINDOW_GAP = 600;

/**
 * The passage of a candidate's CVs and answers that shows why they matched, with the terms marked
 * (decision 141). `ts_headline` reads and stems every word of the text it is given, about 1 ms for a
 * two-page CV, so it is given windows of the text around where the query's words first occur: one
 * from the first to the last of those when they are close, else one around each. Only when the
 * windows hold no match (a stem that is not how the word is spelt, a phrase that first occurs
 * apart: for a phrase the windows must hold it) is the whole text read. The text is padded with a
 * space at each end so that a window's partial first and last words are dropped, never a whole one.
 */
function passageOf(candidateId: SQL, q: string): SQL {
  const doc = sql`' ' || left(concat_ws(E'\\n',
                     (select string_agg(v.text, E'\\n') from ${cvs} v where v.candidate_id = ${candidateId} and v.text is not null),
                     (select string_agg(concat_ws(E'\\n', a.form_data->>'cover_letter',
                              (select string_agg(f.value #>> '{}', E'\\n') from jsonb_each(coalesce(a.form_data->'custom_fields', '{}'::jsonb)) f
                               where jsonb_typeof(f.value) = 'string')), E'\\n')
                      from ${applications} a where a.candidate_id = ${candidateId})), 100000) || ' '`;
  // A window without the partial words at its ends: from its first space to its last (a regular
  // expression anchored at the end cost more than the passage itself).
  const piece = (from: SQL, length: SQL) =>
    sql`(select substr(x, strpos(x, ' ') + 1, length(x) - strpos(x, ' ') - strpos(reverse(x), ' ')) from (select substr(d.doc, ${from}, ${length}) as x) piece)`;
  const windows = sql`case
                 when h.first_at is null then left(d.doc, ${WINDOW_BEFORE + WINDOW_AFTER})
                 when h.last_at - h.first_at <= ${WINDOW_GAP} then ${piece(sql`greatest(h.first_at - ${WINDOW_BEFORE}, 1)`, sql`h.last_at - greatest(h.first_at - ${WINDOW_BEFORE}, 1) + ${WINDOW_AFTER}`)}
                 else ${piece(sql`greatest(h.first_at - ${WINDOW_BEFORE}, 1)`, sql`${WINDOW_BEFORE + WINDOW_AFTER}`)} || ' … ' || ${piece(sql`h.last_at - ${WINDOW_BEFORE}`, sql`${WINDOW_BEFORE + WINDOW_AFTER}`)}
               end`;
  // A phrase's words may each be marked where they first occur apart: then the windows must hold the
  // phrase itself (read again, for phrases only); otherwise a marked term is enough.
  const found = q.includes('"') ? sql`to_tsvector('english', w.text) @@ (select q from query)` : sql`strpos(w.passage, ${SNIPPET_MARK_START}) > 0`;
  // Each step is its own subquery (offset 0) so that the text, the positions and the passage are each
  // worked out once, not again wherever they are used.
  return sql`(select case when ${found} then w.passage else ts_headline('english', w.doc, (select q from query), ${PASSAGE_OPTIONS}) end
             from (
               select cut.doc, cut.text, ts_headline('english', cut.text, (select q from query), ${PASSAGE_OPTIONS}) as passage
               from (
                 select d.doc, ${windows} as text
                 from (select ${doc} as doc offset 0) d
                 cross join lateral (
                   select min(at) as first_at, max(at) as last_at
                   from (select regexp_instr(d.doc, word_start, 1, 1, 0, 'i') as at from unnest((select starts from query)) word_start offset 0) hit
                   where at > 0
                 ) h
                 offset 0
               ) cut
               offset 0
             ) w)`;
}

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
  /**
   * The filters may keep few candidates spread anywhere in the list's order (a tag, a job, a
   * status, dates): each group's page is then read from the search indexes' matches at once, never
   * looked for among the newest, which could mean probing thousands of candidates for a filter.
   */
  narrowing?: boolean;
  /**
   * Up to how many matches the page is sorted out of the matches themselves: by default the cap, so
   * whenever the count holds them all (decision 143); past it, each group's page is looked for as
   * described below. The tests set it lower to go that way.
   */
  fewMatches?: number;
}

/**
 * "Search candidates" (decision 086): one full-text query over who the candidates are (name,
 * email, phone: weight A; tags: B) and what they wrote (answers and CV text: C), inside the
 * company and `filters`. Results come best match first (A, then B, then C), the most recently
 * active first within each, a keyset page at a time; each row says where it matched and, for a
 * match in what they wrote, shows the passage with the terms marked.
 *
 * Cost (decisions 086 and 125): the matches are read once from the search indexes, up to the cap, to
 * count them; when they are all there (at most the cap, decision 143), the page is sorted out of
 * them in the same statement. Otherwise a second statement (decision 136) looks for each group's page
 * first among the next 1,000 candidates of the filters in the list's order, where a common word fills it at
 * once, and only when that window comes up short and the list holds more, read from the search
 * indexes' matches and sorted (a rare word has few); with filters that may keep few candidates anywhere in the order (tag, job, status, dates) it
 * is read from the matches at once. How many match is counted up to the cap in any order. Ordering
 * needs only each match's date (never the large text document, except to check a phrase), and the
 * passages are cut for the page's rows only.
 */
export async function searchCandidatesPage(db: Queryable, actor: Actor, filters: readonly SQL[], options: SearchPageOptions) {
  const q = options.q;
  const fewMatches = Math.min(options.fewMatches ?? options.cap, options.cap);
  const partial = partialMatch(q);
  const inNames = sql`(${candidates.searchNames} @@ (select q from query) or ${partial})`;
  const inNamesA = sql`(ts_filter(${candidates.searchNames}, '{a}') @@ (select q from query) or ${partial})`;
  const within = [ownedSql("candidates", actor), ...filters];
  // The three groups, best first: who they are (name, email, phone), their tags, what they wrote.
  const tiers: [number, SQL][] = [
    [3, sql`(${inNames} and ${inNamesA})`],
    [2, sql`(${candidates.searchNames} @@ (select q from query) and not ${inNamesA})`],
    [1, sql`(${candidates.searchText} @@ (select q from query) and not ${inNames})`],
  ];
  const { after, before } = options;
  const given = before ?? after;
  // The cursor's key is group × 10¹⁶ + last activity in µs (`sort_key` below); a malformed one is no cursor.
  const key = given && /^\d{1,30}$/.test(given.at) ? BigInt(given.at) : undefined;
  const forwards = !(before && key !== undefined);
  const cursorTier = key === undefined ? undefined : Number(key / TIER_FACTOR);
  // Within the cursor's own group, the list's keyset (last activity, then the id) after or before it.
  const inCursorTier = keysetQuery(
    candidates.lastAppliedAt,
    candidates.id,
    key === undefined || !given ? {} : { [forwards ? "after" : "before"]: { at: (key % TIER_FACTOR).toString(), id: given.id } },
    options.pageSize,
  );
  const direction = forwards ? sql`desc` : sql`asc`;
  const order = sql.join(inCursorTier.orderBy, sql`, `);
  const take = inCursorTier.limit;
  // Each group's page: first looked for among the next SEARCH_WINDOW candidates of the filters in
  // the list's order (a common word fills it there at once), and only when the window comes up short
  // and holds more, read from the indexes' matches (a rare word has few). No estimate decides it.
  const ctes: SQL[] = [];
  const pages: SQL[] = [];
  const inRange = (tier: number) => cursorTier === undefined || (forwards ? tier <= cursorTier : tier >= cursorTier);
  // Who they are and their tags match few candidates unless the search is one plain word (a
  // common first name, a tag on half of them): a search of several words, or one inside filters that
  // may keep few candidates anywhere in the order, reads those groups from their small index at once.
  const namesAtOnce = options.narrowing || !isPlainWord(q);
  // Both groups then come from one read of the names index: each match is in the first group if
  // who they are matches (weight A, or part of a name or an email), in the second otherwise. Two
  // reads built the same bitmap twice and checked each row twice.
  const bothNameGroups = namesAtOnce && inRange(3) && inRange(2);
  if (bothNameGroups) {
    // In the cursor's group only the rows after (or before) it; the other group's rows all.
    const position = cursorTier === 3 || cursorTier === 2 ? sql`(tier <> ${cursorTier} or ${inCursorTier.where})` : sql`true`;
    pages.push(sql`select id, last_applied_at, tier from (select id, last_applied_at, tier from (
          select ${candidates.id} as id, ${candidates.lastAppliedAt} as last_applied_at,
                 (case when ${inNamesA} then 3 else 2 end)::int as tier
          from ${candidates}
          where ${and(...within, inNames)}
        ) as ${candidates}
        where ${position}
        order by tier ${direction}, ${candidates.lastAppliedAt} + interval '0 seconds' ${direction}, ${candidates.id} ${direction}
        limit ${take}) names`);
  }
  for (const [tier, condition] of tiers) {
    if (!inRange(tier)) continue;
    if (bothNameGroups && tier > 1) continue;
    const position = cursorTier === tier ? inCursorTier.where : undefined;
    const inList = and(...within, position);
    const fallback = sql`select ${candidates.id} as id, ${candidates.lastAppliedAt} as last_applied_at from ${candidates}
          where ${and(...within, position, condition)}
          -- Not the activity index's order, so that the planner reads the matches from the search
          -- indexes and sorts them (a walk in that order expecting a page soon read every candidate).
          order by ${candidates.lastAppliedAt} + interval '0 seconds' ${direction}, ${candidates.id} ${direction}
          limit ${take}`;
    // (Who they are and their tags at once: above. What they wrote is looked for among the newest
    // first, unless the filters narrow.)
    if (options.narrowing || (tier > 1 && namesAtOnce)) {
      pages.push(sql`select id, last_applied_at, ${tier}::int as tier from (${fallback}) fallback`);
      continue;
    }
    ctes.push(sql`hits_${sql.raw(String(tier))} as (
          select ${candidates.id} as id, ${candidates.lastAppliedAt} as last_applied_at
          from (select * from ${candidates} where ${inList} order by ${order} limit ${SEARCH_WINDOW}) as ${candidates}
          where ${condition}
          order by ${order}
          limit ${take}
        ),
        enough_${sql.raw(String(tier))} as (
          select (select count(*) from hits_${sql.raw(String(tier))}) >= ${take}
              or (select count(*) from (select 1 from ${candidates} where ${inList} limit ${SEARCH_WINDOW}) w) < ${SEARCH_WINDOW} as yes
        )`);
    pages.push(sql`select id, last_applied_at, ${tier}::int as tier from hits_${sql.raw(String(tier))} where (select yes from enough_${sql.raw(String(tier))})
        union all
        select id, last_applied_at, ${tier}::int as tier from (${fallback}) fallback
        where not (select yes from enough_${sql.raw(String(tier))})`);
  }
  const merged = pages.length > 0 ? sql.join(pages, sql` union all `) : sql`select null::uuid as id, null::timestamptz as last_applied_at, null::int as tier where false`;
  // All the matches counted (decisions 125 and 143; `few` below): their group is told by each one's
  // row, and the page is the next `take` of them after (or before) the cursor in the list's order of
  // group, then activity.
  const sortKey = (tier: SQL, lastAppliedAt: SQL | typeof candidates.lastAppliedAt) => sql`(${tier}::bigint * ${TIER_FACTOR.toString()}::bigint + (extract(epoch from ${lastAppliedAt}) * 1000000)::bigint)`;
  const fewKey = sortKey(sql`t.tier`, candidates.lastAppliedAt);
  const fewPosition =
    key === undefined || !given
      ? sql`true`
      : sql`(${fewKey}, ${candidates.id}) ${forwards ? sql`<` : sql`>`} (${key.toString()}::bigint, ${given.id}::uuid)`;
  // Read from `found` itself, named as the table, whose columns it carries under the table's names: the
  // group's conditions and the sort key read them there, not from each match's row again (decision 135).
  const fewPage = sql`select ${candidates.id} as id, ${candidates.lastAppliedAt} as last_applied_at, t.tier from found as ${candidates}
        cross join lateral (select (case when ${inNames} and ${inNamesA} then 3 when ${inNames} then 2 else 1 end)::int as tier) t
        where (select yes from few) and ${fewPosition}
        order by ${fewKey} ${direction}, ${candidates.id} ${direction}
        limit ${take}`;
  type Row = {
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
  };
  // The page's rows as the list shows them, from `page` (id, tier, sort_key) and `counted` (matched).
  const shown = sql`select c.id, p.sort_key::text as sort_key, c.name, c.email, c.last_applied_at, c.source, c.source_detail, p.tier,
               counted.matched,
               latest.job_title as latest_job_title, latest.stage_name as latest_stage_name, latest.status as latest_status,
               ${applicationCountOf(sql`c.id`, actor)} as applications,
               ${shownTagsOf(sql`c.id`, actor, options.tagsPerRow)} as tags,
               ${tagCountOf(sql`c.id`, actor)} as tag_count,
               case when p.tier = 1 then ${passageOf(sql`c.id`, q)} end as snippet
        -- One row even when the page is empty (a page past the last match), for the count.
        from counted
        left join page p on true
        left join ${candidates} c on c.id = p.id
        left join ${latestApplicationJoin(sql`c.id`, actor)} on true
        order by p.sort_key ${direction} nulls last, p.id ${direction}`;
  // First the matches, counted, and when the count holds them all (up to the cap: a name, an email,
  // most searches of two words) the page out of them, in one statement (decision 143). Only past the
  // cap, where `found` is an arbitrary part of the matches, a second statement looks for each group's
  // page: PostgreSQL plans a statement for its values on every call, and planning those branches when
  // the page comes from the matches cost as much as running them (decision 136).
  let rows = await queryRows<Row>(
    db,
    sql`with ${queryCte(q)},
        -- The matches, up to the cap, in any order (the indexes' bitmaps): counted, and when all there,
        -- sorted for the page, by what it takes to tell each one's group and place (its names, and for a
        -- plain word its name and email) carried here.
        found as materialized (
          select ${candidates.id} as id, ${candidates.lastAppliedAt} as last_applied_at, ${candidates.searchNames} as search_names${
            isPlainWord(q) ? sql`, ${candidates.name} as name, ${candidates.email} as email` : sql``
          } from ${candidates}
          where ${and(...within, sql`(${inNames} or ${candidates.searchText} @@ (select q from query))`)}
          limit ${options.cap + 1}
        ),
        counted as (select count(*)::int as matched from found),
        few as (select (select matched from counted) <= ${fewMatches} as yes),
        page as (select m.id, m.tier, ${sortKey(sql`m.tier`, sql`m.last_applied_at`)} as sort_key from (${fewPage}) m)
        ${shown}`,
  );
  const firstMatched = rows[0]?.matched ?? 0;
  if (firstMatched > fewMatches) {
    rows = await queryRows<Row>(
      db,
      sql`with ${queryCte(q)},
          counted as (select ${firstMatched}::int as matched),
          ${sql.join(ctes, sql`, `)}${ctes.length > 0 ? sql`,` : sql``}
          page as (
            select m.id, m.tier, ${sortKey(sql`m.tier`, sql`m.last_applied_at`)} as sort_key
            from (${merged}) m
            order by sort_key ${direction}, m.id ${direction}
            limit ${take}
          )
          ${shown}`,
    );
  }
  const matched = rows[0]?.matched ?? 0;
  const found = rows.filter((row) => row.id !== null);
  const more = found.length > options.pageSize;
  const page = found.slice(0, options.pageSize);
  if (!forwards) page.reverse();
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
    next: !forwards ? cursorOf(page.at(-1)) : more ? cursorOf(page.at(-1)) : null,
    previous: !forwards ? (more ? cursorOf(page[0]) : null) : key !== undefined ? cursorOf(page[0]) : null,
    total: Math.min(matched, options.cap),
    totalCapped: matched > options.cap,
  };
}
