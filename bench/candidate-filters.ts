/**
 * The candidates list's filters, tags and orders at the size issue 12 names (decision 084): one
 * company with 200,000 candidates and 1,000,000 applications to 200 jobs, and tags from one carried
 * by half the candidates to one carried by one. Times `listCandidates` itself (the statements the
 * page runs, one request at a time: the page's HTTP cost is bench:staff's) for every filter, alone
 * and combined, at the first page and a deep one, in both orders, and prints EXPLAIN (ANALYZE,
 * BUFFERS) of every statement.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/candidate-filters.ts
 *
 * Seeds the database `openhire_bench_candidates` once and reuses it (BENCH_RESEED=1 seeds it again).
 * BENCH_RUNS (default 15) runs of each case after one untimed run; BENCH_PLANS=0 leaves the plans out;
 * BENCH_ONLY=<text> runs the cases whose label contains it.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { type CandidateFilters, listCandidates } from "~/server/candidates/queries.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import type { Actor } from "~/server/platform/tenancy.server";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const NAME = "openhire_bench_candidates";
const SEEDED = "openhire candidates bench: seeded v2";
const CANDIDATES = 200_000;
const JOBS = 200;
const OTHER_COMPANIES = 50;

const url = new URL(serverUrl);
url.pathname = `/${NAME}`;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const [found] = (await admin.query("select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1", [NAME])).rows as {
  comment: string | null;
}[];
const reuse = found?.comment === SEEDED && process.env.BENCH_RESEED !== "1";
if (!reuse) {
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
}
await admin.end();

const handle = await openDatabase({ url: url.toString(), max: 2, statementTimeoutMs: 0 });
await handle.migrate();
const db = handle.db;

if (!reuse) {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const step = async (label: string, text: string) => {
    const start = performance.now();
    await client.query(text);
    console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };
  console.log("Seeding (once)…");
  // Bulk load with the row triggers and foreign-key checks off (replica role); the candidates'
  // last activity is written as the triggers would (their newest application's date).
  await client.query("set session_replication_role = replica");
  await client.query("set maintenance_work_mem = '256MB'");
  await step("companies", `insert into companies (id, name) select gen_random_uuid(), 'Company ' || g from generate_series(0, ${OTHER_COMPANIES}) g`);
  await step(
    "jobs",
    `insert into jobs (company_id, title, description, status, created_at)
     select c.id, 'Job ' || g, 'Work.', 'published', now() - (g * 3 || ' days')::interval
     from (select id, row_number() over (order by name) - 1 as r from companies) c
     cross join generate_series(1, ${JOBS}) g
     where c.r = 0 or g <= 2`,
  );
  await step(
    "pipeline_stages",
    `insert into pipeline_stages (company_id, job_id, name, "order")
     select j.company_id, j.id, s.name, s.ord from jobs j
     cross join (values ('Applied', 1), ('Screening', 2), ('Interview', 3), ('Offer', 4), ('Hired', 5)) as s(name, ord)`,
  );
  // Candidate n (0-based) of the big company: 1 to 9 applications (5 on average), the newest of
  // them at a time spread over two years, each older one 5 days before.
  await step(
    "candidates",
    `insert into candidates (company_id, name, email, email_key, source, last_applied_at, created_at)
     select c.id, f.first || ' ' || l.last || ' ' || n, lower(f.first || '.' || l.last || '.' || n || '@example.com'),
            lower(f.first || '.' || l.last || '.' || n || '@example.com'),
            case when n % 20 < 14 then 'job_board' when n % 20 < 17 then 'referrer' when n % 20 < 19 then 'campaign' else 'added' end,
            now() - ((n::bigint * 7919) % 63072000) * interval '1 second',
            now() - ((n::bigint * 7919) % 63072000) * interval '1 second' - (n % 9) * interval '5 days'
     from (select id from companies order by name limit 1) c
     cross join generate_series(0, ${CANDIDATES - 1}) n
     join (select first, row_number() over () - 1 as i from unnest(array['Olivia','Liam','Emma','Noah','Amelia','Oliver','Ava','Elijah','Sophia','Mateo','Isabella','Lucas','Mia','Levi','Evelyn','Asher','Harper','James','Luna','Leo']) first) f on f.i = n % 20
     join (select last, row_number() over () - 1 as i from unnest(array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin']) last) l on l.i = (n / 20) % 20`,
  );
  await step(
    "candidates of the other companies",
    `insert into candidates (company_id, name, email, email_key)
     select c.id, 'Other ' || n, 'other.' || n || '@example.com', 'other.' || n || '@example.com'
     from (select id from companies order by name offset 1) c cross join generate_series(1, 200) n`,
  );
  await step(
    "applications",
    `with big_jobs as (select id, row_number() over (order by created_at) - 1 as k from jobs where company_id = (select id from companies order by name limit 1)),
          people as (select id, company_id, name, email, last_applied_at, (regexp_match(name, ' (\\d+)$'))[1]::int as n from candidates
                     where company_id = (select id from companies order by name limit 1))
     insert into applications (company_id, job_id, candidate_id, candidate_name, candidate_email, current_pipeline_stage_id, status, created_at)
     select p.company_id, j.id, p.id, p.name, p.email, s.id,
            case when (p.n + a) % 10 = 0 then 'rejected' when (p.n + a) % 10 = 1 then 'withdrawn' else 'active' end,
            p.last_applied_at - a * interval '5 days'
     from people p
     cross join lateral generate_series(0, p.n % 9) a
     join big_jobs j on j.k = (p.n * 13 + a * 37) % ${JOBS}
     join pipeline_stages s on s.job_id = j.id and s."order" = 1 + (p.n + a) % 5`,
  );
  await step(
    "applications of the other companies",
    `insert into applications (company_id, job_id, candidate_id, candidate_name, candidate_email, current_pipeline_stage_id, created_at)
     select c.company_id, j.id, c.id, c.name, c.email, s.id, c.last_applied_at
     from candidates c
     join lateral (select id from jobs where company_id = c.company_id order by created_at limit 1) j on true
     join pipeline_stages s on s.job_id = j.id and s."order" = 1
     where c.company_id <> (select id from companies order by name limit 1)`,
  );
  // Tags: Common on half the candidates, five on 5% each, Rare on 100, Single on one.
  await step(
    "tags",
    `insert into tags (company_id, name)
     select (select id from companies order by name limit 1), name
     from unnest(array['Common','Mid 1','Mid 2','Mid 3','Mid 4','Mid 5','Rare','Single']) name`,
  );
  await step(
    "candidate_tags",
    `with people as (select id, company_id, last_applied_at, (regexp_match(name, ' (\\d+)$'))[1]::int as n from candidates
                     where company_id = (select id from companies order by name limit 1)),
          t as (select id, name from tags)
     insert into candidate_tags (candidate_id, tag_id, company_id, candidate_last_applied_at)
     select p.id, t.id, p.company_id, p.last_applied_at from people p join t on
            (t.name = 'Common' and p.n % 2 = 0)
         or (t.name like 'Mid %' and p.n % 20 = substring(t.name from 5)::int * 3)
         or (t.name = 'Rare' and p.n % 2000 = 7)
         or (t.name = 'Single' and p.n = 123457)`,
  );
  await client.query("set session_replication_role = origin");
  await step("vacuum analyze", "vacuum analyze");
  await client.query(`comment on database ${NAME} is '${SEEDED}'`);
  await client.end();
  console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
}

const [company] = await queryRows<{ id: string }>(db, sql`select id from companies order by name limit 1`);
const actor: Actor = { userId: "bench", companyId: company!.id };
const [sizes] = await queryRows<Record<string, number>>(
  db,
  sql`select (select count(*)::int from candidates where company_id = ${actor.companyId}) as candidates,
             (select count(*)::int from applications where company_id = ${actor.companyId}) as applications,
             (select count(*)::int from candidate_tags where company_id = ${actor.companyId}) as tag_links`,
);
console.log("Data set:", sizes);

const jobs = await queryRows<{ id: string; applications: number }>(
  db,
  sql`select j.id, (select count(*)::int from applications a where a.job_id = j.id) as applications from jobs j where j.company_id = ${actor.companyId} order by j.created_at desc`,
);
const job = jobs[100]!;
const [stage] = await queryRows<{ id: string }>(db, sql`select id from pipeline_stages where job_id = ${job.id} and "order" = 2`);
/** A candidate in the middle of the list by last activity, and by name, for deep pages. */
const [middle] = await queryRows<{ at: string; id: string; name_key: string }>(
  db,
  sql`select (extract(epoch from last_applied_at) * 1000000)::bigint::text as at, id, lower(name) as name_key
      from candidates where company_id = ${actor.companyId} order by last_applied_at desc, id desc offset ${CANDIDATES / 2} limit 1`,
);
const byActivity = { at: middle!.at, id: middle!.id };
const byName = { at: middle!.name_key, id: middle!.id };
const yearAgo = new Date(Date.now() - 365 * 86_400_000);
const week = { appliedFrom: yearAgo, appliedBefore: new Date(yearAgo.getTime() + 7 * 86_400_000) };

const allCases: [string, CandidateFilters][] = [
  ["no filter, first page", {}],
  ["no filter, deep page", { after: byActivity }],
  ["tag Common (100,000), first page", { tag: "Common" }],
  ["tag Common, deep page", { tag: "Common", after: byActivity }],
  ["tag Mid 1 (10,000), first page", { tag: "Mid 1" }],
  ["tag Mid 1, deep page", { tag: "Mid 1", after: byActivity }],
  ["tag Rare (100)", { tag: "Rare" }],
  ["tag Single (1)", { tag: "Single" }],
  [`job (${job.applications.toLocaleString("en-US")} applications)`, { jobId: job.id }],
  ["job, deep page", { jobId: job.id, after: byActivity }],
  ["job and stage", { jobId: job.id, stageId: stage!.id }],
  ["job and status rejected", { jobId: job.id, status: "rejected" }],
  ["status withdrawn (any application)", { status: "withdrawn" }],
  ["applied within one week a year ago", week],
  ["applied since a year ago", { appliedFrom: yearAgo }],
  ["applied within a week, tag Mid 2", { ...week, tag: "Mid 2" }],
  ["source campaign, tag Common", { source: "campaign", tag: "Common" }],
  ["job and tag Rare (intersection: none or few)", { jobId: job.id, tag: "Rare" }],
  ["job, status active, tag Common, applied since a year ago", { jobId: job.id, status: "active", tag: "Common", appliedFrom: yearAgo }],
  ["search 'olivia', tag Mid 1 (no one is both)", { q: "olivia", tag: "Mid 1" }],
  ["search 'noah', tag Mid 1", { q: "noah", tag: "Mid 1" }],
  ["search 'smith 12'", { q: "smith 12" }],
  ["by name, first page", { sort: "name" }],
  ["by name, deep page", { sort: "name", after: byName }],
  ["by name, tag Mid 1", { sort: "name", tag: "Mid 1" }],
  ["by name, job", { sort: "name", jobId: job.id }],
  ["by name, search 'olivia'", { sort: "name", q: "olivia" }],
];

/** BENCH_ONLY=<text>: the cases whose label contains it. */
const cases = allCases.filter(([label]) => !process.env.BENCH_ONLY || label.includes(process.env.BENCH_ONLY));

/** Median and max of the runs, in ms. */
async function time(filters: CandidateFilters) {
  await listCandidates(db, actor, filters);
  const times: number[] = [];
  let answer: Awaited<ReturnType<typeof listCandidates>> | undefined;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    answer = await listCandidates(db, actor, filters);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, rows: answer!.rows.length, total: answer!.totalCapped ? `${answer!.total}+` : String(answer!.total) };
}

console.log(`\n| Case | rows | matches | median ms | max ms |\n|---|---:|---:|---:|---:|`);
for (const [label, filters] of cases) {
  const r = await time(filters);
  console.log(`| ${label} | ${r.rows} | ${r.total} | ${r.median.toFixed(1)} | ${r.max.toFixed(1)} |`);
}

if (process.env.BENCH_PLANS !== "0") {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const captured: { text: string; values: unknown[] }[] = [];
  const originalQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === "string") captured.push({ text: first, values: second ?? [] });
    else captured.push({ text: first.text, values: first.values ?? second ?? [] });
    return originalQuery(...args);
  };
  for (const [label, filters] of cases) {
    captured.length = 0;
    await listCandidates(db, actor, filters);
    const statements = [...captured];
    for (const [index, statement] of statements.entries()) {
      const explained = (await originalQuery(`explain (analyze, buffers) ${statement.text}`, statement.values)) as { rows: { "QUERY PLAN": string }[] };
      console.log(`\n--- ${label}${statements.length > 1 ? ` (${index + 1}/${statements.length})` : ""}\n${statement.text}\n-- ${JSON.stringify(statement.values)}`);
      console.log(explained.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
  }
}
await handle.close();
