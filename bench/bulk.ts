/**
 * Bulk actions at scale (issue 13): moving or rejecting 1,000 applications at once, as a recruiter
 * does it, must take at most 2 s. On PostgreSQL, on the data set of `npm run bench:staff` (one
 * company with 995,000 applications, its newest job with 5,000; run that bench first to seed it):
 *
 *   npm run build
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:bulk
 *
 * Starts the production server, signs in through the sign-in form, and posts the applications
 * list's own form as the browser sends it (`/applications.data`): "Select all matching" for the
 * job's active applications, i.e. its newest 1,000, then Move (alternating between two stages) or
 * Reject with a reason and each candidate's rejection email from a template (recorded to leave in
 * an hour, so the bench sends no mail). Each answer is checked: the count it names, and afterwards
 * the rows, their history entries and their emails in the database. Between two rejections the
 * applications are made active again and their emails and events removed, outside the timing.
 * Meanwhile nine other users of the company load the applications list (autocannon, 9 connections,
 * pages of the job's list), so the bulk actions meet the load a team puts on the server; their
 * figures are printed too (BENCH_BACKGROUND=0 runs the actions alone).
 * Prints every run and the slowest; exits 1 when one is over budget.
 */
import pg from "pg";
import { type LoadResult, signIn, startServer, timeLoad } from "./http-load";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.PORT ?? 3312);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BACKGROUND = process.env.BENCH_BACKGROUND !== "0";
const BUDGET_MS = 2000;
const SECRET = "bench-secret-bench-secret-bench-secret";
const EMAIL = "bench-recruiter@example.test";
const PASSWORD = "correct horse battery staple";
const url = new URL(serverUrl);
url.pathname = "/openhire_bench";
const databaseUrl = url.toString();

const client = new pg.Client({ connectionString: databaseUrl });
try {
  await client.connect();
} catch {
  console.error("No openhire_bench database: run `npm run bench:staff` first, which seeds it.");
  process.exit(1);
}
const query = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];

const [company] = await query<{ id: string; user_id: string }>(
  `select p.company_id as id, u.id as user_id from "user" u join profiles p on p.id = u.id where u.email = $1`,
  [EMAIL],
);
if (!company) throw new Error("The bench company is missing: run `npm run bench:staff` first.");
const [job] = await query<{ id: string }>(`select id from jobs where company_id = $1 and status = 'published' order by created_at desc limit 1`, [company.id]);
const stages = await query<{ id: string; name: string }>(`select id, name from pipeline_stages where job_id = $1 order by "order"`, [job!.id]);
const [reason] = await query<{ id: string }>(`select id from rejection_reasons where company_id = $1 order by position limit 1`, [company.id]);
const [template] = await query<{ id: string }>(`select id from email_templates where company_id = $1 order by created_at limit 1`, [company.id]);
if (!reason || !template) throw new Error("The bench company has no rejection reason or template");
const [{ n: active }] = (await query<{ n: number }>(`select count(*)::int as n from applications where job_id = $1 and status = 'active'`, [job!.id])) as [{ n: number }];
console.log(`Job ${job!.id}: ${active} active applications; acting on the newest 1,000 of them each time.`);

/** The 1,000 the action takes: the job's newest active applications. */
const targetIds = async () =>
  (
    await query<{ id: string }>(`select id from applications where job_id = $1 and status = 'active' order by created_at desc, id desc limit 1000`, [job!.id])
  ).map((row) => row.id);

// Where the 1,000 are now, to put them back at the end: the data set stays what bench:staff seeded.
const before = await query<{ id: string; stage: string }>(
  `select id, current_pipeline_stage_id as stage from applications where id = any($1::uuid[])`,
  [await targetIds()],
);
const startedAt = new Date();

const { base, server } = await startServer({ port: PORT, databaseUrl, secret: SECRET });
const results: { label: string; ms: number }[] = [];
try {
  const cookie = await signIn(base, EMAIL, PASSWORD);
  const post = async (form: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(`${base}/applications.data`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: base },
      body: new URLSearchParams(form),
    });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`The action answered ${response.status}: ${body.slice(0, 300)}`);
    return { ms, body };
  };
  const selection = { all: "1", job: job!.id, status: "active" };
  // Nine colleagues browsing the list while the runs go on (long enough to cover every run).
  const statuses = ["", "&status=active", "&status=rejected"];
  const background: Promise<LoadResult> | null = BACKGROUND
    ? timeLoad({
        base,
        cookie,
        path: (i) => `/applications.data?job=${job!.id}${statuses[i % 3]}`,
        check: (_i, status, body) => status === 200 && body.includes("candidateEmail"),
        seconds: 20 + RUNS * 4,
        warmup: 0,
        connections: 9,
      })
    : null;

  for (let run = 0; run < RUNS; run++) {
    // Move: the newest 1,000 go to Screening, then back to Applied, and so on.
    const ids = await targetIds();
    const to = stages[run % 2 === 0 ? 1 : 0]!;
    const moved = await post({ intent: "bulk-move", stageId: to.id, ...selection });
    const [{ n: there }] = (await query<{ n: number }>(
      `select count(*)::int as n from applications where id = any($1::uuid[]) and current_pipeline_stage_id = $2`,
      [ids, to.id],
    )) as [{ n: number }];
    if (!/Moved 1,000 applications|already there/.test(moved.body) || there !== 1000) throw new Error(`The move did not take all 1,000: ${moved.body.slice(0, 200)}`);
    results.push({ label: `move 1,000 to ${to.name}`, ms: moved.ms });
    console.log(`move 1,000 to ${to.name}: ${moved.ms.toFixed(0)} ms`);

    // Reject with a reason and each candidate's email, then put everything back (untimed).
    const rejected = await post({ intent: "bulk-reject", reasonId: reason.id, templateId: template.id, delay: "3600", ...selection });
    const [check] = await query<{ rejected: number; emails: number; events: number }>(
      `select (select count(*)::int from applications where id = any($1::uuid[]) and status = 'rejected') as rejected,
              (select count(*)::int from email_messages where application_id = any($1::uuid[]) and kind = 'rejection') as emails,
              (select count(*)::int from activity_events where subject_id = any($1::uuid[]) and type = 'application_status_changed') as events`,
      [ids],
    );
    if (!rejected.body.includes("Rejected 1,000 applications") || check!.rejected !== 1000 || check!.emails !== 1000 || check!.events !== 1000) {
      throw new Error(`The rejection did not take all 1,000: ${JSON.stringify(check)} ${rejected.body.slice(0, 200)}`);
    }
    results.push({ label: "reject 1,000 with emails", ms: rejected.ms });
    console.log(`reject 1,000 with a reason and each one's email: ${rejected.ms.toFixed(0)} ms`);
    await client.query("begin");
    await client.query(`delete from email_messages where application_id = any($1::uuid[]) and kind = 'rejection'`, [ids]);
    await client.query(`delete from activity_events where subject_id = any($1::uuid[]) and type = 'application_status_changed' and data->>'to' = 'rejected'`, [ids]);
    await client.query(`update applications set status = 'active', rejection_reason = null, rejected_at = null where id = any($1::uuid[])`, [ids]);
    await client.query("commit");
  }
  if (background) {
    const load = await background;
    console.log(
      `Meanwhile, 9 users loading the applications list: ${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(0)} ms, p95 ${load.p95.toFixed(0)} ms, ${load.errors} errors`,
    );
    if (load.errors > 0) throw new Error("The list answered errors under the bulk actions");
  }
} finally {
  server.kill("SIGTERM");
  // Back as seeded: the stages of the 1,000 (the counters follow by trigger), and no history of the runs.
  await client.query("begin");
  await client.query(
    `update applications a set current_pipeline_stage_id = b.stage from jsonb_to_recordset($1::jsonb) as b(id uuid, stage uuid)
     where a.id = b.id and a.current_pipeline_stage_id is distinct from b.stage`,
    [JSON.stringify(before)],
  );
  // The runs' moves only (they name the stage by id; the seed's events, some dated ahead, do not).
  await client.query(
    `delete from activity_events where company_id = $1 and type = 'application_stage_moved' and data ? 'toStageId' and created_at >= $2`,
    [company.id, startedAt],
  );
  await client.query("commit");
  await client.end();
}

const slowest = Math.max(...results.map((result) => result.ms));
console.log(`\nSlowest of ${results.length}: ${slowest.toFixed(0)} ms (budget ${BUDGET_MS} ms).`);
if (slowest > BUDGET_MS) {
  console.error("Over budget.");
  process.exitCode = 1;
}
