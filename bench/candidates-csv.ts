/**
 * Duplicates, CSV export and CSV import at the size issue 12 names (decision 085): one company
 * with 200,000 candidates (and one application each), among other companies' candidates.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:candidates-csv
 *   npm run bench:candidates-csv                      (the embedded database, in memory)
 *
 * On PostgreSQL it creates (and drops) its own database, openhire_bench_candidates. It measures,
 * on the service functions the pages call:
 *   - "Possible duplicates" for 50 candidates of the big company (median and worst), with the plan;
 *   - the CSV export of all 200,000 (time, size, the process's peak RSS), with its first batch's plan;
 *   - a 10,000-row CSV import: the preview (read, check, store) and the confirmed import (checked
 *     again and written in one transaction): a quarter of the rows already candidates (linked), the
 *     others new, half of those with a job (3,750 applications).
 * BENCH_CANDIDATES (200000) and BENCH_OTHER_CANDIDATES (100000, over 10 companies) change the sizes.
 */
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { CreateJobSchema } from "~/schemas/job";
import { createAuth } from "~/server/accounts/auth.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { findPossibleDuplicates, possibleDuplicatesQuery } from "~/server/candidates/duplicates.server";
import { candidatesCsvChunks, candidatesCsvFirstBatch } from "~/server/candidates/export.server";
import { importCandidates, previewCandidateImport } from "~/server/candidates/import.server";
import { createJob } from "~/server/jobs/jobs.server";
import { type DatabaseHandle, openDatabase, queryRows } from "~/server/platform/db.server";
import type { Actor } from "~/server/platform/tenancy.server";

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 200_000);
const OTHERS = Number(process.env.BENCH_OTHER_CANDIDATES ?? 100_000);
const IMPORT_ROWS = 10_000;
const serverUrl = process.env.BENCH_DATABASE_URL;
const NAME = "openhire_bench_candidates";

async function open(): Promise<DatabaseHandle> {
  if (!serverUrl) return openDatabase({ dataDir: "memory://" });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${NAME}`;
  // The seed's statements run for longer than the app's timeout allows.
  return openDatabase({ url: url.toString(), max: 2, statementTimeoutMs: 0 });
}

const handle = await open();
const db = handle.db;
await handle.migrate();
const auth = createAuth(db, "bench-secret-bench-secret-bench-secret");
const rss = () => process.memoryUsage().rss / 1024 / 1024;

async function company(name: string): Promise<Actor> {
  const { userId } = await registerAccount(
    auth,
    { email: `${name.toLowerCase().replace(/\W/g, "")}-${Date.now()}@example.test`, password: "correct horse battery staple", fullName: "Bench Recruiter", companyName: name },
    new Headers(),
  );
  const [profile] = await queryRows<{ company_id: string }>(db, sql`select company_id from profiles where id = ${userId}`);
  return { userId, companyId: profile!.company_id };
}

/**
 * Candidates as people write their names: 300 first names and 400 last names (so a name is shared by
 * about 2 people in 200,000), emails first.last.N at 5 domains, phones unique but for every 500th
 * person, who shares one with the person before, written another way.
 */
async function seed(actor: Actor, count: number, jobs: string[]) {
  const started = performance.now();
  await db.transaction(async (tx) => {
    // The bench writes applications with their candidate given and counts nothing: no triggers.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into candidates (company_id, name, email, email_key, phone, last_applied_at, created_at)
      select ${actor.companyId}, f || ' ' || l, e, lower(e),
             case when n % 500 = 0 then '+1 (555) ' || lpad((n - 1)::text, 7, '0') else '1-555-' || lpad(n::text, 7, '0') end,
             timestamptz '2026-01-01' + n * interval '1 minute', timestamptz '2026-01-01' + n * interval '1 minute'
      from (select n, 'First' || (n % 300) as f, 'Last' || ((n / 300) % 400) as l,
                   'first' || (n % 300) || '.last' || ((n / 300) % 400) || '.' || n || '@domain' || (n % 5) || '.test' as e
            from generate_series(1, ${count}) n) p`);
    if (jobs.length > 0) {
      await tx.execute(sql`
        insert into applications (company_id, job_id, candidate_id, candidate_name, candidate_email, current_pipeline_stage_id, created_at, form_data)
        select c.company_id, j.id, c.id, c.name, c.email,
               (select s.id from pipeline_stages s where s.job_id = j.id order by s."order" limit 1), c.last_applied_at, '{}'::jsonb
        from candidates c
        join lateral (select id from jobs where company_id = c.company_id order by id offset (abs(hashtext(c.email)) % ${jobs.length}) limit 1) j on true
        where c.company_id = ${actor.companyId}`);
    }
  });
  await db.execute(sql`analyze candidates`);
  await db.execute(sql`analyze applications`);
  return performance.now() - started;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a drizzle statement, as text. */
async function plan(query: { toSQL(): { sql: string; params: unknown[] } } | ReturnType<typeof sql>): Promise<string> {
  const { sql: text, params } = "toSQL" in query ? query.toSQL() : new PgDialect().sqlToQuery(query);
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }).$client;
  const result = await client.query(`explain (analyze, buffers) ${text}`, params);
  return result.rows.map((row) => Object.values(row)[0]).join("\n");
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

console.log(`Database: ${serverUrl ? "PostgreSQL" : "PGlite (in memory)"}; ${CANDIDATES.toLocaleString("en-US")} candidates in one company, ${OTHERS.toLocaleString("en-US")} in 10 others.`);
const big = await company("Big Company");
const bigJobs: string[] = [];
for (let i = 0; i < 20; i++) bigJobs.push((await createJob(db, big, CreateJobSchema.parse({ title: `Job ${i}`, description: "A job." }))).id);
console.log(`Seeded the big company in ${((await seed(big, CANDIDATES, bigJobs)) / 1000).toFixed(1)} s.`);
for (let i = 0; i < 10; i++) await seed(await company(`Other ${i}`), Math.floor(OTHERS / 10), []);

// ---------------------------------------------------------------------------------------------
// Possible duplicates
// ---------------------------------------------------------------------------------------------
const sample = await queryRows<{ id: string }>(db, sql`select id from candidates where company_id = ${big.companyId} order by random() limit 50`);
await findPossibleDuplicates(db, big, sample[0]!.id);
const times: number[] = [];
let found = 0;
for (const { id } of sample) {
  const started = performance.now();
  found += (await findPossibleDuplicates(db, big, id)).length;
  times.push(performance.now() - started);
}
const [withPhoneTwin] = await queryRows<{ id: string }>(db, sql`select id from candidates where company_id = ${big.companyId} and phone like '+1 (555)%' limit 1`);
console.log(`\nPossible duplicates, 50 candidates: median ${pct(times, 50).toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms (${found} found in all).`);
console.log(await plan(possibleDuplicatesQuery(big, withPhoneTwin!.id)));

// ---------------------------------------------------------------------------------------------
// CSV export of every candidate
// ---------------------------------------------------------------------------------------------
if (typeof globalThis.gc === "function") globalThis.gc();
const rssBefore = rss();
let peak = rssBefore;
let bytes = 0;
let lines = 0;
const exportStarted = performance.now();
for await (const piece of candidatesCsvChunks(db, big, {})) {
  bytes += Buffer.byteLength(piece);
  lines += piece.split("\r\n").length - 1;
  peak = Math.max(peak, rss());
}
const exportMs = performance.now() - exportStarted;
console.log(
  `\nExport of ${(lines - 1).toLocaleString("en-US")} candidates: ${(exportMs / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV; ` +
    `RSS ${rssBefore.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak.`,
);
console.log(await plan((await candidatesCsvFirstBatch(db, big, {})).query));

// ---------------------------------------------------------------------------------------------
// CSV import of 10,000 rows
// ---------------------------------------------------------------------------------------------
const existing = await queryRows<{ email: string }>(db, sql`select email from candidates where company_id = ${big.companyId} order by random() limit ${IMPORT_ROWS / 4}`);
const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
  const email = i < existing.length ? existing[i]!.email : `imported.${i}@import.test`;
  // The people already there come without a job (they may have applied to it); half the new ones with one.
  const job = i >= existing.length && i % 2 ? "Job 3" : "";
  return `Imported Person ${i},${email},+44 20 ${String(i).padStart(8, "0")},Bench,${job},${job && i % 4 === 1 ? "Screening" : ""}`;
});
const file = new TextEncoder().encode(`Name,Email,Phone,Source,Job,Stage\n${rows.join("\n")}\n`);
let started = performance.now();
const { importId } = await previewCandidateImport(db, big, { name: "bench.csv", bytes: file });
const previewMs = performance.now() - started;
const [previewed] = await queryRows<{ error_count: number }>(db, sql`select error_count from candidate_imports where id = ${importId}`);
if (previewed!.error_count > 0) throw new Error(`The bench's file has ${previewed!.error_count} rows with errors`);
started = performance.now();
const result = await importCandidates(db, { ...big, displayName: "Bench Recruiter" }, importId);
const importMs = performance.now() - started;
console.log(
  `\nImport of ${IMPORT_ROWS.toLocaleString("en-US")} rows (${(file.length / 1024).toFixed(0)} KB): preview ${(previewMs / 1000).toFixed(2)} s, ` +
    `import ${(importMs / 1000).toFixed(2)} s; wrote ${JSON.stringify(result)}.`,
);

await handle.close();
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
}
