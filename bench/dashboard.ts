/**
 * Dashboard budget: 1,000,000 applications across 10,000 companies, p95 <= 100 ms.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard.ts
 *
 * Creates a fresh database (openhire_bench_dashboard), migrates it, seeds 10,000 companies
 * each with a job (8 stages), 100 applications and 100 activity events, then times the
 * dashboard's queries (stats in a time zone + recent activity) for random companies and
 * prints their query plans. BENCH_KEEP=1 keeps the database for the HTTP bench.
 */
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import { listRecentActivity } from "~/server/activity/queries.server";
import { getDashboardStats, startOfDayInTimeZone } from "~/server/dashboard/queries.server";
import type { Actor } from "~/server/platform/tenancy.server";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const PER_COMPANY = Number(process.env.BENCH_PER_COMPANY ?? 100);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);
const name = "openhire_bench_dashboard";

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const handle = await openDatabase({ url: url.toString(), max: 4 });
await handle.migrate();
const db = handle.db;

const t0 = performance.now();
await db.execute(sql`
  insert into companies (id, name)
  select gen_random_uuid(), 'Company ' || g from generate_series(1, ${COMPANIES}) g`);
await db.execute(sql`
  insert into jobs (company_id, title, description, status, published_at, created_at)
  select id, 'Engineer', 'Build things', case when random() < 0.8 then 'published' else 'draft' end, now(), now()
  from companies`);
await db.execute(sql`
  insert into pipeline_stages (company_id, job_id, name, "order")
  select j.company_id, j.id, s.name, s.ord
  from jobs j cross join (values ('Applied', 1), ('Screening', 2), ('First Interview', 3), ('Technical Assessment', 4),
    ('Final Interview', 5), ('Offer', 6), ('Hired', 7), ('Rejected', 8)) as s(name, ord)`);
// Applications over the last 30 days; about 1 in 30 is from today.
await db.execute(sql`
  insert into applications (company_id, job_id, candidate_name, candidate_email, form_data, current_pipeline_stage_id, status, created_at)
  select j.company_id, j.id, 'Candidate ' || g, 'c' || g || '@example.test', '{}'::jsonb, s.id,
         case when g % 10 = 0 then 'rejected' else 'active' end,
         now() - random() * interval '30 days'
  from jobs j
  join pipeline_stages s on s.job_id = j.id and s."order" = 1
  cross join generate_series(1, ${PER_COMPANY}) g`);
await db.execute(sql`
  insert into activity_events (company_id, actor_id, type, subject_type, subject_id, data, created_at)
  select a.company_id, null, 'application_received', 'application', a.id,
         jsonb_build_object('candidateName', a.candidate_name, 'jobId', a.job_id, 'jobTitle', 'Engineer'), a.created_at
  from applications a`);
await db.execute(sql`analyze`);
const [counts] = await queryRows<{ applications: string; events: string }>(
  db,
  sql`select (select count(*) from applications) as applications, (select count(*) from activity_events) as events`,
);
console.log(`Seeded ${COMPANIES} companies, ${counts!.applications} applications, ${counts!.events} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// The actors whose dashboards are timed: one per sampled company.
const actors = await queryRows<Actor>(
  db,
  sql`select id as "companyId", coalesce(created_by, '') as "userId" from companies order by random() limit ${SAMPLES}`,
);
const zones = ["UTC", "America/New_York", "Asia/Tokyo", "Europe/Lisbon"];

async function dashboard(actor: Actor, i: number) {
  await Promise.all([
    getDashboardStats(db, actor, startOfDayInTimeZone(new Date(), zones[i % zones.length]!)),
    listRecentActivity(db, actor, 10),
  ]);
}

// Warm up, then time one dashboard (all its queries) per sampled company.
for (const actor of actors.slice(0, 20)) await dashboard(actor, 0);
const times: number[] = [];
for (const [i, actor] of actors.entries()) {
  const start = performance.now();
  await dashboard(actor, i);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
console.log(`Dashboard queries over ${times.length} companies: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${pct(100).toFixed(1)} ms (budget p95 <= 100 ms)`);

const sample = actors[0]!.companyId;
const midnight = startOfDayInTimeZone(new Date(), "America/New_York").toISOString();
const plans: Record<string, string> = {
  "Active Jobs": `select count(*) from jobs where company_id = '${sample}' and status = 'published'`,
  "Applications Today": `select count(*) from applications where company_id = '${sample}' and created_at >= '${midnight}'`,
  "Pending Reviews": `select count(*) from applications where company_id = '${sample}' and status = 'active'`,
  "Recent Activity": `select e.*, p.full_name, u.email from activity_events e left join "user" u on u.id = e.actor_id left join profiles p on p.id = e.actor_id where e.company_id = '${sample}' order by e.created_at desc, e.id desc limit 10`,
};
for (const [label, query] of Object.entries(plans)) {
  const rows = await queryRows<{ "QUERY PLAN": string }>(db, sql.raw(`explain (analyze, buffers off, timing off) ${query}`));
  console.log(`\n--- ${label} ---\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
}
await handle.close();
if (process.env.BENCH_KEEP !== "1") {
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
}
process.exit(pct(95) <= 100 ? 0 : 1);
