/**
 * Query plans of the public board's searches (decision 024), printed by bench/jobs-bench.mjs on its
 * seeded database, or alone against any database:
 *
 *   npx tsx bench/board-plans.ts postgres://postgres@127.0.0.1:5432/openhire_bench_jobs
 *
 * Runs EXPLAIN (ANALYZE, BUFFERS) on exactly the statements `listBoardJobs` sends, in its order
 * (a deep page without a search from the board's anchors, decision 074).
 */
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import { boardAnchors, boardPageQueries, JOB_BOARD_PAGE_SIZE } from "~/server/job-board/queries.server";

const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/openhire_bench_jobs";
const searches: { label: string; q?: string; page?: number }[] = [
  { label: "a term that matches nothing", q: `nomatch${Math.floor(Math.random() * 1e9)}` },
  { label: "a common term (one job in five)", q: "engineer" },
  { label: "a term in every job", q: "join" },
  { label: "a company name", q: "Company 42" },
  { label: "a phrase", q: '"senior engineer" berlin' },
  { label: "page 100 of a common term", q: "engineer", page: 100 },
  { label: "page 4,000 without a search", page: 4000 },
];

const handle = await openDatabase({ url, max: 1 });
try {
  const started = performance.now();
  const anchors = await boardAnchors(handle.db);
  console.log(`\n--- the board's anchors: ${anchors.length}, read in ${(performance.now() - started).toFixed(1)} ms (once per cache lifetime) ---`);
  for (const search of searches) {
    const { queries } = boardPageQueries(search, anchors);
    const q = search.q === undefined ? "" : `q=${JSON.stringify(search.q)}`;
    for (const [step, query] of queries.entries()) {
      const filled = (await queryRows(handle.db, query)).length > JOB_BOARD_PAGE_SIZE;
      const rows = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`explain (analyze, buffers) ${query}`);
      console.log(`\n--- ${search.label}: ${q}${search.page ? ` page=${search.page}` : ""} (statement ${step + 1} of ${queries.length}${filled ? ", fills the page" : ""}) ---`);
      console.log(rows.map((row) => row["QUERY PLAN"]).join("\n"));
      if (filled) break;
    }
  }
} finally {
  await handle.close();
}
