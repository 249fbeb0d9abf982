import { and, desc, sql } from "drizzle-orm";
import { candidates } from "../../../db/schema";
import { CSV_BOM, csvLine } from "~/lib/csv";
import { sourceLabel } from "~/lib/source-label";
import { type Queryable, queryRows } from "../platform/db.server";
import { cursorAt, keysetQuery } from "../platform/keyset.server";
import type { Actor } from "../platform/tenancy.server";
import { type CandidateFilters, candidatesMatching } from "./queries.server";
import { applicationCountOf, latestApplicationJoin } from "./row-parts.server";

/** The export's columns, in order. */
export const CANDIDATES_CSV_COLUMNS = ["Name", "Email", "Phone", "Source", "Latest job", "Latest stage", "Status", "Last activity", "Applications"] as const;
/** Rows read per statement: the export holds about one batch in memory, however many it writes. */
export const CANDIDATES_CSV_BATCH = 1_000;

/** The file's name for a day: candidates-YYYY-MM-DD.csv (UTC). */
export function candidatesCsvFileName(now = new Date()): string {
  return `candidates-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The company's candidates that the list's filters match, every one, as CSV text in pieces
 * (decision 085): a header, then one piece per batch of rows read in the list's order (most
 * recently active first) by keyset, each batch after the last row of the one before, so memory
 * stays one batch whatever the size. Each row carries its newest application's job, stage and
 * status and how many applications it has, as the list shows them. Cells are quoted and
 * neutralised against spreadsheet formulas (`csvCell`).
 *
 * The batches are separate statements (a transaction held open while a client downloads would
 * block every other request on the embedded database). A candidate who becomes active while the
 * file is written moves to the top of the order, where the walk has already been: the walk reads
 * only candidates last active before it started, and a last statement adds those active since,
 * so nobody is missed; someone written before they became active is then written twice.
 */
export async function* candidatesCsvChunks(
  db: Queryable,
  actor: Actor,
  filters: Omit<CandidateFilters, "after" | "before" | "sort">,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? CANDIDATES_CSV_BATCH;
  yield CSV_BOM + csvLine(CANDIDATES_CSV_COLUMNS);
  const where = await candidatesMatching(db, actor, filters);
  const [{ startedAt }] = (await queryRows<{ startedAt: string }>(db, sql`select (extract(epoch from now()) * 1000000)::bigint::text as "startedAt"`)) as [
    { startedAt: string },
  ];
  const until = sql`(timestamptz 'epoch' + ${startedAt}::bigint * interval '1 microsecond')`;
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const keyset = keysetQuery(candidates.lastAppliedAt, candidates.id, { after }, batchSize);
    const rows = await batch(db, actor, and(where, sql`${candidates.lastAppliedAt} <= ${until}`, keyset.where)!, batchSize);
    if (rows.length > 0) yield rows.map(csvRow).join("");
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = { at: last.cursorAt, id: last.id };
  }
  // Those active since the walk started (at most a few: it takes seconds).
  const since = await batch(db, actor, and(where, sql`${candidates.lastAppliedAt} > ${until}`)!, null);
  if (since.length > 0) yield since.map(csvRow).join("");
}

type ExportRow = Awaited<ReturnType<typeof batch>>[number];

/** The statement of the export's first batch (its plan is printed by bench/candidates-csv.ts). */
export async function candidatesCsvFirstBatch(db: Queryable, actor: Actor, filters: Omit<CandidateFilters, "after" | "before" | "sort">) {
  // Wrapped: the query builder is a thenable, which an async function's return would run.
  return { query: batch(db, actor, await candidatesMatching(db, actor, filters), CANDIDATES_CSV_BATCH) };
}

/** One batch of rows in the list's order, each with its newest application (a lateral read on the candidate's applications). */
function batch(db: Queryable, actor: Actor, where: ReturnType<typeof and>, limit: number | null) {
  const query = db
    .select({
      id: candidates.id,
      cursorAt: cursorAt(candidates.lastAppliedAt),
      name: candidates.name,
      email: candidates.email,
      phone: candidates.phone,
      source: candidates.source,
      sourceDetail: candidates.sourceDetail,
      lastAppliedAt: candidates.lastAppliedAt,
      latestJobTitle: sql<string | null>`latest.job_title`,
      latestStageName: sql<string | null>`latest.stage_name`,
      latestStatus: sql<string | null>`latest.status`,
      applications: applicationCountOf(candidates.id, actor),
    })
    .from(candidates)
    .leftJoin(latestApplicationJoin(candidates.id, actor), sql`true`)
    .where(where)
    .orderBy(desc(candidates.lastAppliedAt), desc(candidates.id));
  return limit === null ? query : query.limit(limit);
}

function csvRow(row: ExportRow): string {
  return csvLine([
    row.name,
    row.email,
    row.phone,
    sourceLabel(row.source, row.sourceDetail),
    row.latestJobTitle,
    row.latestStageName,
    row.latestStatus,
    row.lastAppliedAt.toISOString().slice(0, 10),
    row.applications,
  ]);
}
