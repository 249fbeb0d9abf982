/**
 * Sort by match at issue 12's size (decision 087): a job with 5,000 applicants, each with a two-page
 * CV, ranked by its requirement terms, on the database `bench:candidates` seeds (200,000 candidates
 * with CVs, 1,000,000 applications to 200 jobs). Each run ranks another job (no cache helps), with
 * requirements of 12 terms written on the jobs first; checks every answer and times
 * `rankApplicantsByMatch` (the page's statement), then prints the plan of one.
 *
 *   npm run bench:candidates   (once, to seed)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/match.ts
 */
import { sql } from "drizzle-orm";
import { requirementTerms } from "~/lib/requirement-terms";
import { MATCH_PAGE_SIZE, rankApplicantsByMatch } from "~/server/candidates/matching.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const url = new URL(serverUrl);
url.pathname = "/openhire_bench_candidates";
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const REQUIREMENTS = [
  "- 5+ years with TypeScript, React and Node.js",
  "- PostgreSQL, Redis and Kafka in production",
  "- Kubernetes, Terraform and AWS",
  "- GraphQL or gRPC APIs; Python a plus",
].join("\n");

const handle = await openDatabase({ url: url.toString(), max: 2 });
const db = handle.db;
const jobsOfBig = await queryRows<{ id: string; company_id: string; n: number }>(
  db,
  sql`select j.id, j.company_id, (select count(*)::int from applications a where a.job_id = j.id) as n
      from jobs j where j.company_id = (select company_id from candidates group by company_id order by count(*) desc limit 1)
      order by j.created_at desc limit ${RUNS + 1}`,
);
if (jobsOfBig.length === 0) throw new Error("Seed the database first: npm run bench:candidates");
await db.execute(sql`update jobs set requirements = ${REQUIREMENTS} where id in ${sql.raw(`(${jobsOfBig.map((j) => `'${j.id}'`).join(",")})`)}`);
const actor = { userId: "bench", companyId: jobsOfBig[0]!.company_id };
console.log(`Ranking ${RUNS} jobs of ${jobsOfBig[0]!.n.toLocaleString("en-US")}–${Math.max(...jobsOfBig.map((j) => j.n)).toLocaleString("en-US")} applicants each.`);

const times: number[] = [];
for (const [index, job] of jobsOfBig.entries()) {
  const started = performance.now();
  const ranking = await rankApplicantsByMatch(db, actor, job.id, 1 + (index % 3));
  const ms = performance.now() - started;
  if (!ranking || ranking.terms.length !== requirementTerms(REQUIREMENTS).length || ranking.rows.length !== MATCH_PAGE_SIZE || ranking.total !== job.n) {
    throw new Error(`Unexpected answer for job ${job.id}: ${JSON.stringify({ terms: ranking?.terms, rows: ranking?.rows.length, total: ranking?.total })}`);
  }
  const scores = ranking.rows.map((row) => row.score);
  if (scores.some((score, i) => i > 0 && score > scores[i - 1]!)) throw new Error("Not ranked by score");
  if (index > 0) times.push(ms); // the first run warms the connection
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
console.log(`rankApplicantsByMatch: p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, max ${at(100).toFixed(0)} ms over ${times.length} jobs`);
const sample = (await rankApplicantsByMatch(db, actor, jobsOfBig[0]!.id, 1))!;
console.log("Top of one ranking:", sample.rows.slice(0, 3).map((row) => `${row.score}% ${row.matched.join(", ")}`));
await handle.close();
