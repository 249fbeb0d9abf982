/**
 * Staff pages at scale (issue 11, decision 060): every staff page and its data request, for the
 * company that holds the data, on PostgreSQL. Budget: p95 <= 100 ms and >= 100 req/s at 10
 * concurrent users, with answers whose size does not grow with the company.
 *
 *   npm run build
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:staff
 *
 * Seeds the database `openhire_bench` once (kept and reused: a second run finds the data and starts
 * at once; BENCH_RESEED=1 seeds it again): 1,000 companies with 100,000 published jobs; one of them,
 * "Bench Big Company", has 199 jobs of 5,000 applications each (995,000) and 1,000,000 activity
 * events. Then starts the production server on it as `npm run serve` does (WEB_CONCURRENCY=auto:
 * one process per core, unless set; decision 075), signs in as that company's recruiter through
 * the sign-in form, and runs autocannon (10 connections, 10 s, after 3 s of untimed warm-up) on
 * each page and its `.data` request beside a static file of the same server, checking every answer
 * (status 200 and the company's data in the body) and varying the input where a cache could hide
 * the work (pages, filters, search terms, application ids). p50, p95 and p99 come from the time of
 * every answer. Last, EXPLAIN (ANALYZE, BUFFERS) of every statement those pages run, captured from
 * the app's own query functions. Exits 1 when a page is over budget.
 */
import { availableParallelism } from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { listCandidateActivity, listRecentActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { listAuditEntries } from "~/server/audit/queries.server";
import { listWebhookDeliveries } from "~/server/webhooks/endpoints.server";
import { getApplicationDetail, findJobChoices, getApplicationFilterChoices, listApplications } from "~/server/applications/queries.server";
import { getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { DEFAULT_REJECTION_REASONS } from "~/server/applications/rejection-reasons.server";
import { createAuth } from "~/server/accounts/auth.server";
import { getCandidate, listCandidates } from "~/server/candidates/queries.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { getDashboardStats, getGettingStarted } from "~/server/dashboard/queries.server";
import { startOfDayInTimeZone } from "~/server/platform/time-zone.server";
import { listStaffJobs } from "~/server/jobs/queries.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import type { Actor } from "~/server/platform/tenancy.server";
import { benchDatabase, type LoadResult, seededMarkSql, signIn, startServer, timeLoad, STAFF_BUDGET } from "./http-load";

const PORT = Number(process.env.PORT ?? 3311);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Untimed load before each page's run, so every server process has compiled its code (BENCH_WARMUP=0: none). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
/**
 * Untimed load of every page to be timed, in turn, once the server has started and before the first
 * timed run (decision 144): a new server process spends about twice the CPU a request that it does
 * once it has served a few thousand (the dashboard: 11.9 ms in its first 5 s, 6.5 ms after 30 s).
 * BENCH_SERVER_WARMUP=0: none.
 */
const SERVER_WARMUP = Number(process.env.BENCH_SERVER_WARMUP ?? 30);
const { connections: CONNECTIONS, p95Ms: BUDGET_P95_MS, rps: BUDGET_RPS } = STAFF_BUDGET;
const SECRET = "bench-secret-bench-secret-bench-secret";
const NAME = "openhire_bench";
const COMPANY = "Bench Big Company";
const EMAIL = "bench-recruiter@example.test";
const PASSWORD = "correct horse battery staple";
const BIG_JOBS = 199;
const PER_JOB = 5_000;
const OTHER_COMPANIES = 999;
/** The big company's published jobs: job g is a draft when g % 20 is 0, closed when it is 1 (below). */
const BIG_PUBLISHED = BIG_JOBS - Math.floor(BIG_JOBS / 20) - (Math.floor((BIG_JOBS - 1) / 20) + 1);
/** The others' jobs, all published: 100,000 published jobs in all. */
const OTHER_JOBS = 100_000 - BIG_PUBLISHED;
const EVENTS = 1_000_000;
/** The big company's audit trail (Settings › Audit): its recruiter's views, downloads and exports. */
const AUDIT_EVENTS = 1_000_000;
/** One webhook endpoint's delivery log, a busy month of it. */
const WEBHOOK_DELIVERIES = 100_000;
const BENCH_WEBHOOK_URL = "https://hooks.example.com/openhire-bench";
const FIRST = ["Olivia", "Liam", "Emma", "Noah", "Amelia", "Oliver", "Ava", "Elijah", "Sophia", "Mateo", "Isabella", "Lucas", "Mia", "Levi", "Evelyn", "Asher", "Harper", "James", "Luna", "Leo", "Camila", "Grayson", "Gianna", "Ezra", "Elizabeth", "Luca", "Eleanor", "Ethan", "Ella", "Aiden", "Abigail", "Wyatt", "Sofia", "Sebastian", "Avery", "Benjamin", "Scarlett", "Mason", "Emily", "Henry", "Aria", "Hudson", "Penelope", "Jack", "Chloe", "Jackson", "Layla", "Owen", "Mila", "Daniel"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts"];

// ---------------------------------------------------------------------------
// The data set, seeded once
// ---------------------------------------------------------------------------

// A finished seed marks the database with this comment; a database without it (a seed cut short,
// an older data set) is dropped and seeded again.
const SEEDED = "openhire staff bench: seeded v4";
const { databaseUrl, reuse } = await benchDatabase(NAME, SEEDED);

// No statement timeout here: seeding and EXPLAIN ANALYZE are maintenance, not page work.
const handle = await openDatabase({ url: databaseUrl, max: 4, statementTimeoutMs: 0 });
await handle.migrate();
const db = handle.db;

async function companyOfRecruiter(): Promise<string | undefined> {
  const [row] = await queryRows<{ company_id: string; n: number }>(
    db,
    sql`select p.company_id, (select count(*)::int from jobs j where j.company_id = p.company_id) as n
        from "user" u join profiles p on p.id = u.id where u.email = ${EMAIL}`,
  );
  return row && row.n === BIG_JOBS ? row.company_id : undefined;
}

let companyId = reuse ? await companyOfRecruiter() : undefined;
if (companyId) {
  console.log(`Reusing the seeded database ${NAME}.`);
} else {
  const t0 = performance.now();
  const auth = createAuth(db, SECRET);
  const { userId } = await registerAccount(auth, { email: EMAIL, password: PASSWORD, fullName: "Bench Recruiter", companyName: COMPANY }, new Headers());
  const [profile] = await queryRows<{ company_id: string }>(db, sql`select company_id from profiles where id = ${userId}`);
  companyId = profile!.company_id;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const start = performance.now();
    await client.query(text, values);
    console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };
  console.log("Seeding (once)…");
  // Bulk load as one statement per table, with the row triggers and foreign-key checks off
  // (replica role); the stage counters are then counted once, as migration 0006 does.
  await client.query("set session_replication_role = replica");
  await client.query("set maintenance_work_mem = '256MB'");
  await step(
    "companies",
    `insert into companies (id, name, created_at) select gen_random_uuid(), 'Company ' || g, now() - interval '2 years' from generate_series(1, ${OTHER_COMPANIES}) g`,
  );
  // The big company's jobs: one every few days over two years, a few drafts and closed ones.
  await step(
    "jobs",
    `insert into jobs (company_id, title, description, location, status, published_at, created_at)
     select $1, (array['Backend Engineer','Product Designer','Data Analyst','Site Reliability Engineer','Account Executive'])[1 + g % 5] || ' ' || g,
            'Build and run the services behind our product.', (array['Lisbon','Berlin','Remote','New York'])[1 + g % 4],
            case when g % 20 = 0 then 'draft' when g % 20 = 1 then 'closed' else 'published' end,
            now() - (g * 3 || ' days')::interval, now() - (g * 3 || ' days')::interval
     from generate_series(1, ${BIG_JOBS}) g
     union all
     select c.id, 'Engineer ' || g, 'Build things.', 'Remote', 'published', now() - (g % 700 || ' days')::interval, now() - (g % 700 || ' days')::interval
     from generate_series(1, ${OTHER_JOBS}) g
     join (select id, row_number() over (order by id) as r from companies where id <> $1) c on c.r = 1 + g % ${OTHER_COMPANIES}`,
    [companyId],
  );
  await step(
    "pipeline_stages",
    `insert into pipeline_stages (company_id, job_id, name, "order")
     select j.company_id, j.id, s.name, s.ord from jobs j
     cross join (values ('Applied', 1), ('Screening', 2), ('Interview', 3), ('Offer', 4), ('Hired', 5)) as s(name, ord)`,
  );
  // 5,000 applications per job of the big company, over the job's life up to now, whole seconds
  // (so many share a timestamp); 60% in Applied; 90% active. Five for each other company. Made
  // first as a scratch table, so that their candidates (one person per email, as migration 0007
  // makes them) exist before the applications that name them.
  const firstNames = `(array[${FIRST.map((n) => `'${n}'`).join(",")}])`;
  const lastNames = `(array[${LAST.map((n) => `'${n}'`).join(",")}])`;
  await step(
    "applications (scratch)",
    `create temp table seed_applications as
     select gen_random_uuid() as id, j.company_id, j.id as job_id,
            ${firstNames}[1 + (n + j.k) % ${FIRST.length}] || ' ' || ${lastNames}[1 + (n / ${FIRST.length} + j.k * 3) % ${LAST.length}] as candidate_name,
            lower(${firstNames}[1 + (n + j.k) % ${FIRST.length}] || '.' || ${lastNames}[1 + (n / ${FIRST.length} + j.k * 3) % ${LAST.length}]) || '.' || j.k || '.' || n || '@example.com' as candidate_email,
            jsonb_build_object('cover_letter', 'Hello, I would like to join.') as form_data,
            s.id as stage_id,
            case when n % 20 = 0 then 'rejected' when n % 20 = 1 then 'withdrawn' else 'active' end as status,
            date_trunc('second', now() - (j.age * (n::float8 / ${PER_JOB}))) as created_at
     from (select id, company_id, row_number() over (order by created_at) as k, now() - created_at as age from jobs where company_id = $1) j
     cross join generate_series(1, ${PER_JOB}) n
     join pipeline_stages s on s.job_id = j.id and s."order" = case when n % 10 < 6 then 1 else (n % 10) - 4 end
     union all
     select gen_random_uuid(), j.company_id, j.id, 'Other Candidate ' || n, 'other.' || n || '@example.com', '{}'::jsonb, s.id, 'active', now() - (n || ' hours')::interval
     from (select distinct on (company_id) id, company_id from jobs where company_id <> $1 order by company_id, created_at) j
     cross join generate_series(1, 5) n
     join pipeline_stages s on s.job_id = j.id and s."order" = 1`,
    [companyId],
  );
  // The candidates' own trigger writes their names document (search_names) as they are inserted.
  await client.query("set session_replication_role = origin");
  await step(
    "candidates",
    `insert into candidates (company_id, email_key, name, email, created_at, last_applied_at)
     select company_id, lower(btrim(candidate_email)), (array_agg(candidate_name order by created_at desc, id desc))[1],
            (array_agg(candidate_email order by created_at desc, id desc))[1], min(created_at), max(created_at)
     from seed_applications group by company_id, lower(btrim(candidate_email))`,
  );
  await client.query("set session_replication_role = replica");
  await step(
    "applications",
    `insert into applications (id, company_id, job_id, candidate_id, candidate_name, candidate_email, resume_url, form_data, current_pipeline_stage_id, status, rejection_reason, rejected_at, created_at)
     select a.id, a.company_id, a.job_id, c.id, a.candidate_name, a.candidate_email, null, a.form_data, a.stage_id, a.status,
            case when a.status = 'rejected' then 'Not qualified' end, case when a.status = 'rejected' then a.created_at + interval '1 day' end, a.created_at
     from seed_applications a join candidates c on c.company_id = a.company_id and c.email_key = lower(btrim(a.candidate_email))`,
  );
  // What the applications' triggers would have written: each candidate's answers document.
  await step("candidates' search_text", `update candidates set search_text = candidate_text_document(id)`);
  // That update wrote every candidate again, and each index with it: a trigram search then read
  // a 119 MB email index in 25 ms where the rebuilt one (50 MB) takes 4. A deployment's candidates
  // come from migration 0007 and their indexes were rebuilt by 0012's table rewrite, so rebuild them.
  await step("reindex candidates", "reindex table candidates");
  await client.query("drop table seed_applications");
  // 1,000,000 events: each application received, then moves of the newest for the rest.
  await step(
    "activity_events",
    `insert into activity_events (company_id, actor_id, type, subject_type, subject_id, data, created_at)
     select a.company_id, null, 'application_received', 'application', a.id,
            jsonb_build_object('candidateName', a.candidate_name, 'jobId', a.job_id, 'jobTitle', j.title), a.created_at
     from applications a join jobs j on j.id = a.job_id where a.company_id = $1
     union all
     select a.company_id, $2, 'application_stage_moved', 'application', a.id,
            jsonb_build_object('candidateName', a.candidate_name, 'jobId', a.job_id, 'fromStageName', 'Applied', 'toStageName', 'Screening'), a.created_at + interval '1 hour'
     from (select * from applications where company_id = $1 order by created_at desc limit ${EVENTS - BIG_JOBS * PER_JOB}) a`,
    [companyId, userId],
  );
  await client.query("set session_replication_role = origin");
  // Every company's rejection reasons, as sign-up gives them (decision 090); the big company signed up.
  await step(
    "rejection_reasons",
    `insert into rejection_reasons (company_id, name, position)
     select c.id, r.name, r.position - 1 from companies c cross join unnest($1::text[]) with ordinality as r(name, position)
     on conflict do nothing`,
    [DEFAULT_REJECTION_REASONS],
  );
  await step(
    "stage_counts",
    `insert into stage_counts (stage_id, company_id, job_id, applications, active)
     select s.id, s.company_id, s.job_id, count(a.id)::integer, (count(a.id) filter (where a.status = 'active'))::integer
     from pipeline_stages s left join applications a on a.current_pipeline_stage_id = s.id
     group by s.id
     on conflict (stage_id) do update set applications = excluded.applications, active = excluded.active`,
  );
  // The companies' counters (migration 0050) of the applications loaded without their triggers.
  await step(
    "application_counts",
    `insert into application_counts (company_id, applications, active)
     select company_id, count(*)::integer, (count(*) filter (where status = 'active'))::integer from applications group by company_id
     on conflict (company_id) do update set applications = excluded.applications, active = excluded.active`,
  );
  await step("vacuum analyze", "vacuum analyze");
  await client.query(seededMarkSql(NAME, SEEDED));
  await client.end();
  console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
}
const actor: Actor = { userId: (await queryRows<{ id: string }>(db, sql`select id from "user" where email = ${EMAIL}`))[0]!.id, companyId: companyId! };

// Settings › Audit (issue 17, decision 115) at the company's size: 1,000,000 entries of its recruiter
// viewing 100,000 of its candidates, one a minute back over two years, one in a hundred a CV
// downloaded and one in a thousand an export. Added to a database seeded before the audit trail was
// benched (decision 146), so it is its own step, run whenever the company has fewer entries.
const [audited] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_events where company_id = ${companyId}`);
if (audited!.n < AUDIT_EVENTS) {
  const start = performance.now();
  await db.execute(sql`
    with cands as (select id, row_number() over (order by id) as r from candidates where company_id = ${companyId} limit 100000)
    insert into audit_events (company_id, actor_id, action, subject_type, subject_id, data, ip, created_at)
    select ${companyId}, ${actor.userId},
           case when g % 100 = 0 then 'candidate.cv_downloaded' when g % 1000 = 1 then 'candidate.exported' else 'candidate.viewed' end,
           'candidate', c.id::text,
           case when g % 100 = 0 then jsonb_build_object('cvId', gen_random_uuid()) else '{}'::jsonb end,
           '203.0.113.' || (g % 250), now() - g * interval '63 seconds'
    from generate_series(1, ${AUDIT_EVENTS - audited!.n}) g join cands c on c.r = 1 + g % 100000`);
  await db.execute(sql`vacuum analyze audit_events`);
  console.log(`  audit_events: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

// A webhook endpoint's delivery log (decision 113) at the size of a busy month: 100,000 deliveries in
// the 30 days the log is kept (decision 124), one in fifty failed. Its own step, as the audit trail's.
let [endpoint] = await queryRows<{ id: string }>(db, sql`select id from webhook_endpoints where company_id = ${companyId} and url = ${BENCH_WEBHOOK_URL}`);
if (!endpoint) {
  [endpoint] = await queryRows<{ id: string }>(
    db,
    sql`insert into webhook_endpoints (company_id, url, description, events, secret, created_by)
        values (${companyId}, ${BENCH_WEBHOOK_URL}, 'Bench endpoint', array['application.created'], 'whsec_' || md5(random()::text), ${actor.userId})
        returning id`,
  );
}
const [delivered] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint!.id}`);
if (delivered!.n < WEBHOOK_DELIVERIES) {
  const start = performance.now();
  await db.execute(sql`
    insert into webhook_deliveries (company_id, endpoint_id, event_type, payload, status, attempts, response_status, response_body, duration_ms, created_at, last_attempt_at, delivered_at)
    select ${companyId}, ${endpoint!.id}, 'application.created',
           jsonb_build_object('type', 'application.created', 'bench', 'bench-delivery', 'data', jsonb_build_object('applicationId', gen_random_uuid(), 'jobId', gen_random_uuid(), 'candidateName', 'Candidate ' || g)),
           case when g % 50 = 0 then 'failed' else 'delivered' end, case when g % 50 = 0 then 6 else 1 end,
           case when g % 50 = 0 then 500 else 200 end, case when g % 50 = 0 then 'Internal Server Error' else 'ok' end, 20 + g % 200,
           now() - g * interval '25 seconds', now() - g * interval '25 seconds', case when g % 50 <> 0 then now() - g * interval '25 seconds' end
    from generate_series(1, ${WEBHOOK_DELIVERIES - delivered!.n}) g`);
  await db.execute(sql`vacuum analyze webhook_deliveries`);
  console.log(`  webhook_deliveries: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

const [sizes] = await queryRows<Record<string, number>>(
  db,
  sql`select (select count(*)::int from companies) as companies, (select count(*)::int from jobs where status = 'published') as published_jobs,
        (select count(*)::int from jobs where company_id = ${companyId}) as company_jobs,
        (select count(*)::int from applications where company_id = ${companyId}) as company_applications,
        (select count(*)::int from activity_events where company_id = ${companyId}) as company_events,
        (select count(*)::int from audit_events where company_id = ${companyId}) as company_audit_events`,
);
console.log("Data set:", sizes);

// Inputs the runs rotate through, so no answer repeats often enough for a cache to hide the work.
const [pipelineJob] = await queryRows<{ id: string; title: string }>(
  db,
  sql`select id, title from jobs where company_id = ${companyId} and status = 'published' order by created_at desc limit 1`,
);
const stagesOfPipelineJob = await queryRows<{ id: string }>(db, sql`select id from pipeline_stages where job_id = ${pipelineJob!.id} order by "order"`);
const sampleApplications = await queryRows<{ id: string; candidate_name: string }>(
  db,
  sql`select id, candidate_name from applications tablesample system (1) where company_id = ${companyId} limit 2000`,
);
const cursors = await queryRows<{ cursor: string }>(
  db,
  sql`select (extract(epoch from created_at) * 1000000)::bigint::text || '_' || id as cursor
      from applications tablesample system (0.5) where company_id = ${companyId} limit 500`,
);
const candidateCursors = await queryRows<{ cursor: string; id: string; name: string }>(
  db,
  sql`select (extract(epoch from last_applied_at) * 1000000)::bigint::text || '_' || id as cursor, id, name
      from candidates tablesample system (0.5) where company_id = ${companyId} limit 500`,
);
const jobIds = await queryRows<{ id: string }>(db, sql`select id from jobs where company_id = ${companyId}`);
const deliveryCursors = await queryRows<{ cursor: string }>(
  db,
  sql`select (extract(epoch from created_at) * 1000000)::bigint::text || '_' || id as cursor
      from webhook_deliveries tablesample system (2) where endpoint_id = ${endpoint!.id} limit 500`,
);
const auditCursors = await queryRows<{ cursor: string; subject_id: string; day: string }>(
  db,
  sql`select (extract(epoch from created_at) * 1000000)::bigint::text || '_' || id as cursor, subject_id, to_char(created_at, 'YYYY-MM-DD') as day
      from audit_events tablesample system (0.5) where company_id = ${companyId} limit 500`,
);
const jobCursors = await queryRows<{ cursor: string }>(
  db,
  sql`select (extract(epoch from created_at) * 1000000)::bigint::text || '_' || id as cursor from jobs where company_id = ${companyId}`,
);
const contains = (body: string, expected: string | RegExp) => (typeof expected === "string" ? body.includes(expected) : expected.test(body));
const names = FIRST.flatMap((first) => LAST.map((last) => `${first} ${last}`));

/** A page of the audit trail with entries on it: its rows, or the data's non-empty list of entries. */
const AUDIT_ROWS = /<tr class="align-top">|"entries",\[\d/;

const cpuText = (cpu: NonNullable<LoadResult["cpu"]>) => `${cpu.server.toFixed(1)} / ${cpu.database.toFixed(1)} / ${cpu.bench.toFixed(1)}`;

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

// ---------------------------------------------------------------------------
// The production server, signed in through the sign-in form
// ---------------------------------------------------------------------------

// Started as `npm run serve` starts it (the same heap limits), one process per core unless
// WEB_CONCURRENCY says otherwise (decision 075).
console.log(`Server: WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "auto"}`);
const { base, server } = await startServer({ port: PORT, databaseUrl, secret: SECRET });

interface Target {
  label: string;
  /** The path of request i. */
  path: (i: number) => string;
  /** What the body of request i must contain. */
  expect: (i: number) => string | RegExp;
  /** Held to the budget (the static file is only the yardstick). */
  budget: boolean;
}

type Result = LoadResult & { label: string; budget: boolean };

let failed = false;
const results: Result[] = [];
try {
  const cookie = await signIn(base, EMAIL, PASSWORD);

  const page = (label: string, path: (i: number) => string, expect: (i: number) => string | RegExp): Target[] => [
    { label, path, expect, budget: true },
    // The data request a client-side navigation makes: the loaders alone, as turbo-stream.
    { label: `${label} (data)`, path: (i) => dataPath(path(i)), expect, budget: true },
  ];
  const dataPath = (path: string) => {
    const [pathname, query] = path.split("?") as [string, string | undefined];
    return `${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`;
  };
  const applicationsQuery = (i: number) => {
    const params = new URLSearchParams();
    switch (i % 5) {
      case 0:
        break;
      case 1:
        params.set("status", pick(["active", "rejected", "withdrawn"], i));
        break;
      case 2:
        params.set("job", pick(jobIds, i).id);
        break;
      case 3:
        params.set("job", pipelineJob!.id);
        params.set("stage", pick(stagesOfPipelineJob, i).id);
        break;
      default:
        params.set("status", "active");
    }
    // Deep pages by a cursor of the whole list (a job's own list may hold nothing that old).
    if (i % 3 > 0 && !params.has("job")) params.set(i % 6 === 1 ? "before" : "after", pick(cursors, i * 7).cursor);
    return `/applications${params.size ? `?${params}` : ""}`;
  };
  const targets: Target[] = [
    { label: "static file (/favicon.svg)", path: () => "/favicon.svg", expect: () => "<svg", budget: false },
    ...page("/dashboard", () => "/dashboard", () => "Bench Recruiter"),
    ...page(
      "/manage/jobs (pages)",
      (i) => (i % 4 === 0 ? "/manage/jobs" : `/manage/jobs?after=${pick(jobCursors, i).cursor}`),
      () => COMPANY,
    ),
    ...page("/manage/jobs/{id} (5,000)", () => `/manage/jobs/${pipelineJob!.id}`, () => pipelineJob!.title),
    // The same board with its lane of rejected and withdrawn applications shown (decision 090), one to three pages of it.
    ...page("/manage/jobs/{id}?rejected (5,000)", (i) => `/manage/jobs/${pipelineJob!.id}?rejected=${(i % 3) + 1}`, () => "Not qualified"),
    // The big company's candidates' emails (first.last.<job>.<n>@example.com); the others' are other.<n>@.
    ...page("/applications (filters, pages)", applicationsQuery, () => /[a-z]+\.[a-z]+\.\d+\.\d+@example\.com/),
    ...page(
      "/applications?q=name or email",
      (i) => `/applications?q=${encodeURIComponent(i % 4 === 3 ? `${pick(names, i * 31).split(" ")[1]!.toLowerCase()}.${(i % 199) + 1}.` : pick(names, i * 31))}`,
      (i) => (i % 4 === 3 ? "@example.com" : pick(names, i * 31)),
    ),
    ...page("/applications/{id}", (i) => `/applications/${pick(sampleApplications, i).id}`, (i) => pick(sampleApplications, i).candidate_name),
    // Candidates (issue 12): the list at any page, a search, and a profile.
    ...page(
      "/candidates (pages)",
      (i) => (i % 4 === 0 ? "/candidates" : `/candidates?${i % 4 === 1 ? "before" : "after"}=${pick(candidateCursors, i).cursor}`),
      () => /[a-z]+\.[a-z]+\.\d+\.\d+@example\.com/,
    ),
    ...page(
      "/candidates?q=name or email",
      (i) => `/candidates?q=${encodeURIComponent(i % 4 === 3 ? `${pick(names, i * 31).split(" ")[1]!.toLowerCase()}.${(i % 199) + 1}.` : pick(names, i * 31))}`,
      (i) => (i % 4 === 3 ? "@example.com" : pick(names, i * 31)),
    ),
    ...page("/candidates/{id}", (i) => `/candidates/${pick(candidateCursors, i).id}`, (i) => pick(candidateCursors, i).name),
    // Settings › Audit (decision 146): the trail at any page, and filtered by an action (common or one
    // entry in a thousand), a group, the member, a candidate or a day, sometimes a page deep.
    ...page(
      "/settings/audit (pages)",
      (i) => (i % 4 === 0 ? "/settings/audit" : `/settings/audit?${i % 4 === 1 ? "before" : "after"}=${pick(auditCursors, i).cursor}`),
      () => AUDIT_ROWS,
    ),
    ...page(
      "/settings/audit (filters)",
      (i) => {
        const at = pick(auditCursors, i * 7);
        const params = new URLSearchParams();
        switch (i % 6) {
          case 0:
            params.set("action", "candidate.exported");
            break;
          case 1:
            params.set("action", "candidate.cv_downloaded");
            break;
          case 2:
            params.set("action", "group:candidate-data");
            break;
          case 3:
            params.set("member", actor.userId);
            break;
          case 4:
            params.set("subject", at.subject_id);
            break;
          default:
            params.set("from", at.day);
            params.set("to", at.day);
        }
        if (i % 3 === 1 && i % 6 !== 4) params.set("after", at.cursor);
        return `/settings/audit?${params}`;
      },
      () => AUDIT_ROWS,
    ),
    // A webhook endpoint's delivery log (decision 146): its first page, or one before or after any delivery.
    ...page(
      "/settings/webhooks/{id} (delivery log)",
      (i) => `/settings/webhooks/${endpoint!.id}${i % 4 === 0 ? "" : `?${i % 4 === 1 ? "before" : "after"}=${pick(deliveryCursors, i).cursor}`}`,
      () => "bench-delivery",
    ),
  ];

  // BENCH_ONLY=applications times only the pages whose label contains that text, or the one page
  // whose label it is ("/dashboard": the page without its data request).
  // (BENCH_STATIC=0 leaves the static file out, for a CPU profile of the pages alone.)
  const only = process.env.BENCH_ONLY;
  const exact = targets.some((t) => t.label === only);
  const shown = targets.filter((t) => (t.budget ? !only || (exact ? t.label === only : t.label.includes(only)) : process.env.BENCH_STATIC !== "0"));
  // The server warmed on every page to be timed, each request the next page's next address.
  if (SERVER_WARMUP > 0 && shown.length > 0) {
    const warm = await timeLoad({
      base,
      cookie,
      path: (i) => shown[i % shown.length]!.path(Math.floor(i / shown.length)),
      check: (i, status, body) => status === 200 && contains(body, shown[i % shown.length]!.expect(Math.floor(i / shown.length))),
      seconds: SERVER_WARMUP,
      warmup: 0,
      connections: CONNECTIONS,
    });
    console.log(`Server warmed on ${shown.length} pages for ${SERVER_WARMUP} s: ${warm.answers} answers, ${warm.errors} wrong.`);
    if (warm.errors > 0) throw new Error(`The warm-up had wrong answers: ${warm.wrong.join("; ")}`);
  }
  for (const target of shown) {
    // Each check before timing: the page answers 200 with the company's data.
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${base}${target.path(i)}`, { headers: { cookie } });
      const body = await response.text();
      if (response.status !== 200 || !contains(body, target.expect(i))) {
        throw new Error(`${target.label}: ${target.path(i)} answered ${response.status} without "${target.expect(i)}"`);
      }
    }
    const run = await timeLoad({
      base,
      cookie,
      path: target.path,
      check: (i, status, body) => status === 200 && contains(body, target.expect(i)),
      seconds: DURATION,
      warmup: WARMUP,
      connections: CONNECTIONS,
      server,
    });
    const result: Result = { label: target.label, ...run, budget: target.budget };
    results.push(result);
    console.log(
      `${result.label.padEnd(40)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(0).padStart(5)} ms  p95 ${result.p95.toFixed(0).padStart(5)} ms  p99 ${result.p99.toFixed(0).padStart(5)} ms  ${(result.bytes / 1024).toFixed(1).padStart(7)} KiB (${(result.wireBytes / 1024).toFixed(1)} on the wire)  (autocannon ${result.autocannon.join("/")} ms)${result.cpu ? `  CPU ${cpuText(result.cpu)} ms` : ""}${result.errors ? `  ${result.errors} WRONG ANSWERS` : ""}`,
    );
    for (const line of result.wrong) console.log(`  wrong: ${line}`);
  }
} finally {
  server.kill("SIGTERM");
}

console.log(
  "\n| Page | req/s | p50 ms | p95 ms | p99 ms | answer KiB | on the wire KiB | CPU ms a request: server / PostgreSQL / bench | budget |\n|---|---:|---:|---:|---:|---:|---:|---:|---|",
);
for (const r of results) {
  const ok = !r.budget || (r.p95 <= BUDGET_P95_MS && r.rps >= BUDGET_RPS && r.errors === 0);
  if (!ok) failed = true;
  console.log(
    `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${(r.bytes / 1024).toFixed(1)} | ${(r.wireBytes / 1024).toFixed(1)} | ${r.cpu ? cpuText(r.cpu) : "—"} | ${r.budget ? (ok ? "ok" : "OVER") : "—"} |`,
  );
}
console.log("(Percentiles from the time of every answer, measured by the bench; autocannon's p50/p97.5/p99 are printed beside each run as a check.)");
// What the budget leaves each request of CPU on this machine, for the server, PostgreSQL and the bench together.
console.log(
  `(CPU from /proc over each timed run, per answer: the server's processes, every postgres process, the bench's own. At ${BUDGET_RPS} req/s on ${availableParallelism()} cores a request has at most ${((availableParallelism() * 1000) / BUDGET_RPS).toFixed(0)} ms of CPU in all, less for p95 ≤ ${BUDGET_P95_MS} ms at ${CONNECTIONS} connections.)`,
);

// ---------------------------------------------------------------------------
// The plans: every statement the staff pages run, captured from the app's own functions
// ---------------------------------------------------------------------------

const pool = (db as unknown as { $client: pg.Pool }).$client;
const captured: { text: string; values: unknown[] }[] = [];
const originalQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  if (typeof first === "string") captured.push({ text: first, values: second ?? [] });
  else captured.push({ text: first.text, values: first.values ?? second ?? [] });
  return originalQuery(...args);
};
const sample = sampleApplications[0]!;
const calls: [string, () => Promise<unknown>][] = [
  ["dashboard: stats", () => getDashboardStats(db, actor, startOfDayInTimeZone(new Date(), "UTC"))],
  ["dashboard: recent activity", () => listRecentActivity(db, actor)],
  ["dashboard: get started", () => getGettingStarted(db, actor)],
  ["jobs list: a page", () => listStaffJobs(db, actor, { after: { at: pick(jobCursors, 50).cursor.split("_")[0]!, id: pick(jobCursors, 50).cursor.split("_")[1]! } })],
  ["pipeline board (5,000)", () => getPipelineBoard(db, actor, pipelineJob!.id)],
  ["pipeline board (5,000) with its rejected lane", () => getPipelineBoard(db, actor, pipelineJob!.id, {}, 25)],
  ["applications: first page", () => listApplications(db, actor, {})],
  ["applications: a deep page", () => listApplications(db, actor, { after: { at: cursors[0]!.cursor.split("_")[0]!, id: cursors[0]!.cursor.split("_")[1]! } })],
  ["applications: status withdrawn", () => listApplications(db, actor, { status: "withdrawn" })],
  ["applications: one job", () => listApplications(db, actor, { jobId: pipelineJob!.id })],
  ["applications: one job, one stage", () => listApplications(db, actor, { jobId: pipelineJob!.id, stageId: stagesOfPipelineJob[1]!.id })],
  ["applications: search a name", () => listApplications(db, actor, { q: "Olivia Smith" })],
  ["applications: search an email part", () => listApplications(db, actor, { q: "smith.17." })],
  ["applications: the chosen job and its stages", () => getApplicationFilterChoices(db, actor, pipelineJob!.id)],
  ["applications: job filter choices", () => findJobChoices(db, actor, "engineer 1")],
  ["application page", () => getApplicationDetail(db, actor, sample.id)],
  ["candidates: first page", () => listCandidates(db, actor, {})],
  ["candidates: a deep page", () => listCandidates(db, actor, { after: { at: candidateCursors[0]!.cursor.split("_")[0]!, id: candidateCursors[0]!.id } })],
  ["candidates: search a name", () => listCandidates(db, actor, { q: "Olivia Smith" })],
  ["candidates: search an email part", () => listCandidates(db, actor, { q: "smith.17." })],
  ["candidate page", () => getCandidate(db, actor, candidateCursors[0]!.id)],
  ["candidate page: history", () => listCandidateActivity(db, actor, candidateCursors[0]!.id)],
  ["application page: history", () => listSubjectActivity(db, actor, sample.id)],
  ["audit trail: first page", () => listAuditEntries(db, actor, {}, "UTC", {})],
  ["audit trail: a deep page", () => listAuditEntries(db, actor, {}, "UTC", { after: { at: auditCursors[0]!.cursor.split("_")[0]!, id: auditCursors[0]!.cursor.split("_")[1]! } })],
  ["audit trail: one action in a thousand", () => listAuditEntries(db, actor, { action: "candidate.exported" }, "UTC", {})],
  ["audit trail: the candidate-data group", () => listAuditEntries(db, actor, { action: "group:candidate-data" }, "UTC", {})],
  ["audit trail: one member", () => listAuditEntries(db, actor, { member: actor.userId }, "UTC", {})],
  ["audit trail: one candidate", () => listAuditEntries(db, actor, { subject: auditCursors[0]!.subject_id }, "UTC", {})],
  ["audit trail: one day", () => listAuditEntries(db, actor, { from: auditCursors[0]!.day, to: auditCursors[0]!.day }, "UTC", {})],
  ["webhook delivery log: first page", () => listWebhookDeliveries(db, actor, endpoint!.id, {})],
  ["webhook delivery log: a deep page", () => listWebhookDeliveries(db, actor, endpoint!.id, { after: { at: deliveryCursors[0]!.cursor.split("_")[0]!, id: deliveryCursors[0]!.cursor.split("_")[1]! } })],
];
for (const [label, call] of calls) {
  captured.length = 0;
  await call();
  const statements = [...captured];
  for (const [index, statement] of statements.entries()) {
    const explained = (await originalQuery(`explain (analyze, buffers) ${statement.text}`, statement.values)) as { rows: { "QUERY PLAN": string }[] };
    console.log(`\n--- ${label}${statements.length > 1 ? ` (${index + 1}/${statements.length})` : ""}\n${statement.text}`);
    console.log(explained.rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
}
await handle.close();
process.exitCode = failed ? 1 : 0;
