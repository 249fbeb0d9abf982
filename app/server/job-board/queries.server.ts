import { type SQL, sql } from "drizzle-orm";
import type { FormField } from "~/schemas/form-field";
import type { CvFieldSetting } from "~/schemas/cv";
import { logoPath } from "~/schemas/careers";
import { privacyNoticeOf, type PrivacyNotice } from "~/schemas/privacy";
import { askedEeoQuestions, type EeoQuestionKey } from "~/schemas/eeo";
import { type BoardFilters, hasFilters } from "~/schemas/job-board";
import { type Queryable, queryRows } from "../platform/db.server";
import { cachedValue } from "./cache.server";

export const JOB_BOARD_PAGE_SIZE = 20;

export interface BoardJob {
  id: string;
  title: string;
  description: string;
  requirements: string | null;
  location: string | null;
  type: string;
  remoteType: string | null;
  salaryMin: string | null;
  salaryMax: string | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  publishedAt: string | null;
  companyName: string;
  /** The company's careers page address (decision 108); null until it has one. */
  companySlug: string | null;
  department: string | null;
  featured: boolean;
}

/** What the board and a careers page read of a job (`BOARD_COLUMNS`): a posting's row without what only the feeds and the API show. */
interface BoardRow extends Omit<PostingRow, "remote_countries" | "closes_on" | "updated_at"> {
  company_name: string;
  company_slug: string | null;
}

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

/**
 * How many of the newest published jobs a search first looks through in the board's order. A term
 * found often enough there fills its page from them at once; any other search collects its
 * matches through the GIN indexes instead (decision 024).
 */
export const JOB_BOARD_RECENT_WINDOW = 1_000;

/**
 * Every this many published jobs in the board's order, the board remembers where it stands (an
 * anchor), so that a deep page without a search reads at most this many index entries from the
 * nearest anchor instead of every entry before it (decision 074).
 */
export const JOB_BOARD_ANCHOR_ROWS = 500;

/** A published job at a known position of the board (0 is the newest). */
export interface BoardAnchor {
  position: number;
  publishedAt: string | null;
  id: string;
}

export interface BoardPageOptions {
  q?: string;
  page?: number;
  /** Narrow the board (decision 108): a filtered page is read from the board's order with the filters. */
  filters?: BoardFilters;
  /** JOB_BOARD_RECENT_WINDOW unless a test needs a small one. */
  recentWindow?: number;
  /** JOB_BOARD_ANCHOR_ROWS unless a test needs a small one. */
  anchorRows?: number;
}

/**
 * The board's anchors: the job at every `anchorRows`-th position, newest first. One pass over the
 * board index (40 to 100 ms at 100,000 jobs), kept with the page cache: fresh for
 * `JOB_BOARD_CACHE_TTL_MS`, then replaced in the background, and dropped whenever a job changes
 * on this node.
 */
export async function boardAnchors(db: Queryable, anchorRows = JOB_BOARD_ANCHOR_ROWS): Promise<BoardAnchor[]> {
  return cachedValue(`board anchors ${anchorRows}`, async () => {
    const rows = await queryRows<{ n: string | number; published_at: Date | string | null; id: string }>(
      db,
      sql`select n, published_at, id from (
            select p.published_at, p.id, row_number() over (order by p.published_at desc nulls last, p.id desc nulls last) - 1 as n
            from jobs p where p.status = 'published') numbered
          where n % ${anchorRows} = 0 order by n`,
    );
    return rows.map((row) => ({ position: Number(row.n), publishedAt: iso(row.published_at), id: row.id }));
    // Expired anchors answer while new ones load: still keys of the board, off by at most the jobs
    // that other nodes published in the last seconds. A change on this node drops them at once.
  }, { stale: true });
}

/** The nearest anchor at or before the page's first row, when the page lies past the first anchor. */
function anchorFor(anchors: BoardAnchor[], offset: number, anchorRows: number): BoardAnchor | undefined {
  if (offset < anchorRows || anchors.length === 0) return undefined;
  return anchors[Math.min(Math.floor(offset / anchorRows), anchors.length - 1)];
}

/**
 * One page of published jobs of every company, newest first by published_at, optionally
 * matching a full-text search (websearch syntax: words, "phrases", -exclusions) over title,
 * description, requirements, location (jobs.search_document) or the company name.
 */
export async function listBoardJobs(db: Queryable, options: BoardPageOptions) {
  const anchorRows = options.anchorRows ?? JOB_BOARD_ANCHOR_ROWS;
  const deep = !options.q?.trim() && !(options.filters && hasFilters(options.filters)) && (Math.max(1, Math.floor(options.page ?? 1)) - 1) * JOB_BOARD_PAGE_SIZE >= anchorRows;
  const anchors = deep ? await boardAnchors(db, anchorRows) : [];
  const { q, page, queries } = boardPageQueries(options, anchors);
  let rows: BoardRow[] = [];
  for (const query of queries) {
    rows = await queryRows<BoardRow>(db, query);
    if (rows.length > JOB_BOARD_PAGE_SIZE) break;
  }
  const jobs = rows.slice(0, JOB_BOARD_PAGE_SIZE).map(toBoardJob);
  return { q, page, jobs, hasNextPage: rows.length > JOB_BOARD_PAGE_SIZE };
}

/**
 * The statements behind `listBoardJobs`, tried in order until one fills the page (a full page
 * and one more row); the last one is always exact. bench/board-plans.ts prints their plans.
 */
export function boardPageQueries(options: BoardPageOptions, anchors: BoardAnchor[] = []) {
  const recentWindow = options.recentWindow ?? JOB_BOARD_RECENT_WINDOW;
  const anchorRows = options.anchorRows ?? JOB_BOARD_ANCHOR_ROWS;
  const q = options.q?.trim().slice(0, 200) ?? "";
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const limit = JOB_BOARD_PAGE_SIZE + 1;
  const offset = (page - 1) * JOB_BOARD_PAGE_SIZE;
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const matchingCompanies = sql`select c.id from companies c where to_tsvector('english', c.name) @@ ${tsquery}`;
  const order = sql`order by p.published_at desc nulls last, p.id desc nulls last`;
  // The page's ids first, then their rows.
  const withRows = (pageIds: SQL) =>
    sql`select ${BOARD_COLUMNS}
        from (${pageIds}) p
        join jobs b on b.id = p.id
        join companies c on c.id = b.company_id
        ${order}`;
  const filters = options.filters && hasFilters(options.filters) ? options.filters : undefined;
  // Each filter as a condition on the job `j` (true when none).
  const filtered = filters ? filterConditions("j", filters) : sql`true`;

  const anchor = q ? undefined : anchorFor(anchors, offset, anchorRows);
  if (anchor) {
    // From the anchor on, in the board's order: a range of the board index (jobs without a
    // publication date come last, after every dated one), skipping fewer than `anchorRows` entries.
    const skip = offset - anchor.position;
    const window = skip + limit;
    const fromAnchor =
      anchor.publishedAt === null
        ? sql`select p.id, p.published_at from jobs p where p.status = 'published' and p.published_at is null and p.id <= ${anchor.id}
            ${order} limit ${window}`
        : sql`(select p.id, p.published_at from jobs p where p.status = 'published'
              and (p.published_at, p.id) <= (${anchor.publishedAt}::timestamptz, ${anchor.id}::uuid)
              ${order} limit ${window})
            union all
            (select p.id, p.published_at from jobs p where p.status = 'published' and p.published_at is null
              ${order} limit ${window})`;
    return {
      q,
      page,
      queries: [withRows(sql`select p.id, p.published_at from (${fromAnchor}) p ${order} limit ${limit} offset ${skip}`)],
    };
  }
  if (!q && filters) {
    // A filtered page (decision 108): the board's order with the filters. One company's jobs come
    // from their own index. Type, remote and department are tested on the board index's entries
    // (it includes them), so a page reads index entries until it is full.
    const walk = withRows(sql`select j.id, j.published_at from jobs j where j.status = 'published' and ${filtered}
      order by j.published_at desc nulls last, j.id desc nulls last limit ${limit} offset ${offset}`);
    if (filters.company || !locationQuery(filters.location)) return { q, page, queries: [walk] };
    // A location: the newest jobs first, as a search does (decision 024), then every match from the
    // location's own index, so a place few or no jobs name never walks the whole board.
    const everyMatch = withRows(sql`with matches as materialized (
        select j.id, j.published_at from jobs j where j.status = 'published' and ${filtered})
      select p.id, p.published_at from matches p ${order} limit ${limit} offset ${offset}`);
    if (offset + limit > recentWindow) return { q, page, queries: [everyMatch] };
    const recent = withRows(sql`select j.id, j.published_at from (
        select j.id, j.published_at, j.type, j.remote_type, j.department, j.location_document from jobs j
        where j.status = 'published' order by j.published_at desc nulls last, j.id desc nulls last limit ${recentWindow}) j
      where ${filtered} order by j.published_at desc nulls last, j.id desc nulls last limit ${limit} offset ${offset}`);
    return { q, page, queries: [recent, everyMatch] };
  }
  if (!q) {
    // A page before the first anchor: its ids come from the board index alone.
    return {
      q,
      page,
      queries: [
        withRows(sql`select p.id, p.published_at from jobs p where p.status = 'published'
          ${order} limit ${limit} offset ${offset}`),
      ],
    };
  }
  // Every match through the GIN indexes (the job's document; the company name), then the newest.
  // Materialized, so that the planner cannot walk the board's order instead and test every
  // published job until it has a page, which reads them all when nothing matches. The second
  // half leaves out what the first found, so no de-duplication is needed.
  const allMatches = withRows(sql`with matches as materialized (
        select j.id, j.published_at from jobs j
        where j.status = 'published' and j.search_document @@ ${tsquery} and ${filtered}
        union all
        select j.id, j.published_at from jobs j
        where j.status = 'published' and j.company_id in (${matchingCompanies})
          and not (j.search_document @@ ${tsquery}) and ${filtered})
      select p.id, p.published_at from matches p ${order} limit ${limit} offset ${offset}`);
  if (offset + limit > recentWindow) return { q, page, queries: [allMatches] };
  // A common term fills its page from the newest jobs: at most `recentWindow` of them
  // are read in the board's order, whatever the term.
  const recentMatches = withRows(sql`select p.id, p.published_at from (
        select j.id, j.published_at, j.company_id, j.search_document from jobs j where j.status = 'published' and ${filtered}
        order by j.published_at desc nulls last, j.id desc nulls last limit ${recentWindow}) p
      where p.search_document @@ ${tsquery} or p.company_id = any(array(${matchingCompanies}))
      ${order} limit ${limit} offset ${offset}`);
  return { q, page, queries: [recentMatches, allMatches] };
}

/** What the board and a careers page read of a job `b` and its company `c`. */
const BOARD_COLUMNS = sql`b.id, b.title, b.description, b.requirements, b.location, b.type, b.remote_type,
  b.salary_min, b.salary_max, b.salary_currency, b.salary_period, b.published_at, b.department, b.featured,
  c.name as company_name, c.slug as company_slug`;

/**
 * A location filter as a text search query: each word of it as the start of a word of the job's
 * location ("new york" finds "New York, NY", "berl" finds "Berlin"). Only letters and digits are
 * kept, so nothing typed is query syntax; null when no word is left.
 */
export function locationQuery(text: string | undefined): string | null {
  const words = (text ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((word) => `${word}:*`).join(" & ") : null;
}

/** The filters as conditions on the job aliased `alias`. */
function filterConditions(alias: string, filters: BoardFilters): SQL {
  const j = sql.identifier(alias);
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(sql`${j}.type = ${filters.type}`);
  if (filters.remote) conditions.push(sql`${j}.remote_type = ${filters.remote}`);
  const location = locationQuery(filters.location);
  if (location) conditions.push(sql`${j}.location_document @@ to_tsquery('simple', ${location})`);
  if (filters.department) conditions.push(sql`lower(${j}.department) = lower(${filters.department})`);
  if (filters.company) conditions.push(sql`${j}.company_id = (select c.id from companies c where c.slug = ${filters.company})`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** How many featured jobs lead the board's first page (decision 108). */
export const FEATURED_ON_BOARD = 3;

/**
 * The newest featured jobs matching the filters, for the top of the board's first page: at most
 * `FEATURED_ON_BOARD`, from their own small index.
 */
export async function listFeaturedJobs(db: Queryable, filters: BoardFilters = {} as BoardFilters): Promise<BoardJob[]> {
  const rows = await queryRows<BoardRow>(
    db,
    sql`select ${BOARD_COLUMNS} from jobs b join companies c on c.id = b.company_id
        where b.status = 'published' and b.featured and ${hasFilters(filters) ? filterConditions("b", filters) : sql`true`}
        order by b.published_at desc nulls last, b.id desc nulls last limit ${FEATURED_ON_BOARD}`,
  );
  return rows.map(toBoardJob);
}

/** The board's shape of a job row. */
function toBoardJob(row: BoardRow): BoardJob {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    requirements: row.requirements,
    location: row.location,
    type: row.type,
    remoteType: row.remote_type,
    salaryMin: row.salary_min,
    salaryMax: row.salary_max,
    salaryCurrency: row.salary_currency,
    salaryPeriod: row.salary_period,
    publishedAt: iso(row.published_at),
    companyName: row.company_name,
    companySlug: row.company_slug,
    department: row.department,
    featured: row.featured,
  };
}

export interface PublicJob extends BoardJob {
  status: string;
  companyId: string;
  companyWebsite: string | null;
  createdAt: string;
  formSchema: FormField[];
  /** Whether the apply form asks for a CV (decision 083). */
  cvField: CvFieldSetting;
  remoteCountries: string[] | null;
  closesOn: string | null;
  updatedAt: string;
  /** The company's logo (decision 108), when it has one. */
  companyLogoPath: string | null;
  /** The privacy notice the apply form shows (decision 114): the company's link or text, or the default. */
  privacyNotice: PrivacyNotice;
  /** The equal-opportunity survey's questions the apply form asks (decision 118): none when it is off. */
  eeoQuestions: EeoQuestionKey[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One job with its company, whatever its status (the page decides what to show), or null. */
export async function getPublicJob(db: Queryable, id: string): Promise<PublicJob | null> {
  if (!UUID.test(id)) return null;
  const [row] = await queryRows<
    BoardRow & { status: string; company_id: string; company_website: string | null; created_at: Date | string; form_schema: FormField[] | string; cv_field: CvFieldSetting;
      remote_countries: string[] | null; closes_on: string | Date | null; updated_at: Date | string; company_logo_key: string | null;
      privacy_notice_kind: string | null; privacy_notice_url: string | null; privacy_notice_text: string | null;
      eeo_survey_enabled: boolean; eeo_survey_questions: string[] }
  >(
    db,
    sql`select j.id, j.title, j.description, j.requirements, j.location, j.type, j.remote_type, j.status,
          j.salary_min, j.salary_max, j.salary_currency, j.salary_period, j.published_at, j.created_at, j.updated_at, j.form_schema, j.cv_field,
          j.remote_countries, j.closes_on::text as closes_on, j.department, j.featured,
          j.company_id, c.name as company_name, c.slug as company_slug, c.website as company_website, c.logo_key as company_logo_key,
          c.privacy_notice_kind, c.privacy_notice_url, c.privacy_notice_text, c.eeo_survey_enabled, c.eeo_survey_questions
        from jobs j join companies c on c.id = j.company_id
        where j.id = ${id}`,
  );
  if (!row) return null;
  const formSchema = typeof row.form_schema === "string" ? (JSON.parse(row.form_schema) as FormField[]) : row.form_schema;
  return {
    ...toBoardJob(row),
    status: row.status,
    companyId: row.company_id,
    companyWebsite: row.company_website,
    companyLogoPath: row.company_slug ? logoPath(row.company_slug, row.company_logo_key) : null,
    createdAt: iso(row.created_at)!,
    formSchema: [...(formSchema ?? [])].sort((a, b) => a.order - b.order),
    cvField: row.cv_field,
    remoteCountries: row.remote_countries,
    closesOn: row.closes_on === null ? null : String(row.closes_on),
    updatedAt: iso(row.updated_at)!,
    privacyNotice: privacyNoticeOf({ name: row.company_name, kind: row.privacy_notice_kind, url: row.privacy_notice_url, text: row.privacy_notice_text }),
    eeoQuestions: askedEeoQuestions(row.eeo_survey_enabled, row.eeo_survey_questions),
  };
}

/**
 * Every published job's address and date, newest first: for sitemap.xml (its owner wires this in;
 * a sitemap file holds at most 50,000 URLs, so pass `limit`/`offset` to split it).
 */
export async function listPublishedJobPaths(db: Queryable, options: { limit?: number; offset?: number } = {}) {
  const rows = await queryRows<{ id: string; title: string; published_at: Date | string | null }>(
    db,
    sql`select id, title, published_at from jobs where status = 'published'
        order by published_at desc nulls last, id desc nulls last
        limit ${options.limit ?? 50_000} offset ${options.offset ?? 0}`,
  );
  return rows.map((row) => ({ id: row.id, title: row.title, publishedAt: iso(row.published_at) }));
}

/** A company as its careers page shows it (decision 108). */
export interface CareersCompany {
  id: string;
  name: string;
  slug: string;
  website: string | null;
  brandColor: string | null;
  careersIntro: string | null;
  logoKey: string | null;
  logoContentType: string | null;
}

/** The company whose careers page is at /companies/{slug}, or null. The address, not a session, names it. */
export async function getCareersCompany(db: Queryable, slug: string): Promise<CareersCompany | null> {
  if (!/^[a-z0-9-]{1,40}$/.test(slug)) return null;
  const [row] = await queryRows<{
    id: string; name: string; slug: string; website: string | null; brand_color: string | null;
    careers_intro: string | null; logo_key: string | null; logo_content_type: string | null;
  }>(db, sql`select id, name, slug, website, brand_color, careers_intro, logo_key, logo_content_type from companies where slug = ${slug}`);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    website: row.website,
    brandColor: row.brand_color,
    careersIntro: row.careers_intro,
    logoKey: row.logo_key,
    logoContentType: row.logo_content_type,
  };
}

/** Jobs a careers page shows at once; more are further pages. */
export const CAREERS_PAGE_SIZE = 25;

/**
 * One page of a company's published jobs for its careers page: featured first, then newest first,
 * with the filters. From the company's own index (`jobs_company_board_idx`).
 */
export async function listCompanyJobs(db: Queryable, companyId: string, filters: BoardFilters, page = 1) {
  const offset = (Math.max(1, Math.floor(page)) - 1) * CAREERS_PAGE_SIZE;
  const rows = await queryRows<BoardRow>(
    db,
    sql`select ${BOARD_COLUMNS} from jobs b join companies c on c.id = b.company_id
        where b.company_id = ${companyId} and b.status = 'published' and ${hasFilters(filters) ? filterConditions("b", filters) : sql`true`}
        order by b.featured desc, b.published_at desc nulls last, b.id desc nulls last
        limit ${CAREERS_PAGE_SIZE + 1} offset ${offset}`,
  );
  return { jobs: rows.slice(0, CAREERS_PAGE_SIZE).map(toBoardJob), hasNextPage: rows.length > CAREERS_PAGE_SIZE };
}

/** The departments and locations of a company's published jobs: its careers page's filter choices. */
export async function companyFilterChoices(db: Queryable, companyId: string): Promise<{ departments: string[]; locations: string[] }> {
  const rows = await queryRows<{ kind: "department" | "location"; value: string }>(
    db,
    sql`select distinct 'department' as kind, department as value from jobs
          where company_id = ${companyId} and status = 'published' and department is not null
        union
        select distinct 'location' as kind, location as value from jobs
          where company_id = ${companyId} and status = 'published' and location is not null
        order by 1, 2 limit 400`,
  );
  return {
    departments: rows.filter((row) => row.kind === "department").map((row) => row.value),
    locations: rows.filter((row) => row.kind === "location").map((row) => row.value),
  };
}

/** A published job as the feeds and the public API read it (decisions 109, 110), from `jobs j`. */
export interface PostingRow {
  id: string;
  title: string;
  description: string;
  requirements: string | null;
  location: string | null;
  type: string;
  remote_type: string | null;
  remote_countries: string[] | null;
  department: string | null;
  featured: boolean;
  salary_min: string | null;
  salary_max: string | null;
  salary_currency: string | null;
  salary_period: string | null;
  closes_on: string | null;
  published_at: Date | string | null;
  updated_at: Date | string;
}

export const POSTING_COLUMNS = sql`j.id, j.title, j.description, j.requirements, j.location, j.type, j.remote_type, j.remote_countries,
  j.department, j.featured, j.salary_min, j.salary_max, j.salary_currency, j.salary_period, j.closes_on::text as closes_on,
  j.published_at, j.updated_at`;

/** What a job alert matches (decision 111): the board's search and filters, and one company or every one. */
export interface AlertSearch {
  q: string;
  type: string | null;
  remoteType: string | null;
  location: string;
  department: string;
  companyId: string | null;
}

/** A job alert's digest holds at most this many jobs; the rest are "and N more" with a link to the search. */
export const ALERT_DIGEST_JOBS = 20;

/**
 * The published jobs matching an alert's search that were published after `since` and no later
 * than `until`, featured first (a promoted job is always among those listed), then newest, at most
 * `ALERT_DIGEST_JOBS`, and how many match in all: a range of publication dates, which the board's
 * indexes are ordered by.
 */
export async function listNewAlertJobs(db: Queryable, search: AlertSearch, since: Date, until: Date): Promise<{ jobs: BoardJob[]; total: number }> {
  const q = search.q.trim().slice(0, 200);
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const filters = { type: search.type ?? undefined, remote: search.remoteType ?? undefined, location: search.location, department: search.department } as BoardFilters;
  const conditions = [
    hasFilters(filters) ? filterConditions("b", filters) : sql`true`,
    search.companyId ? sql`b.company_id = ${search.companyId}` : sql`true`,
    q ? sql`(b.search_document @@ ${tsquery} or b.company_id in (select c.id from companies c where to_tsvector('english', c.name) @@ ${tsquery}))` : sql`true`,
  ];
  const rows = await queryRows<BoardRow & { total: string | number }>(
    db,
    sql`select ${BOARD_COLUMNS}, count(*) over () as total from jobs b join companies c on c.id = b.company_id
        where b.status = 'published' and b.published_at > ${since.toISOString()}::timestamptz and b.published_at <= ${until.toISOString()}::timestamptz
          and ${sql.join(conditions, sql` and `)}
        order by b.featured desc, b.published_at desc, b.id desc limit ${ALERT_DIGEST_JOBS}`,
  );
  return { jobs: rows.map(toBoardJob), total: rows.length ? Number(rows[0]!.total) : 0 };
}
