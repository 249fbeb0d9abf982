/**
 * The application page at the size issue 13 names: an application with 50 notes, 10 scorecards and
 * 100 emails must answer p95 ≤ 100 ms, 10 users at once (≥ 100 req/s). On PostgreSQL:
 *
 *   npm run build
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:application
 *
 * Seeds its own database once (`openhire_bench_application`): a company (its recruiter signs up as
 * the app's form does), ten teammates, a job with 5,000 applications, and 20 of them each with 50
 * notes (a mention and a link in each), 10 requests for feedback all answered by submitted
 * scorecards, 100 emails in the thread (80 sent, 20 replies) and 100 changes in its history.
 * Starts the production server, signs the recruiter in through the sign-in form and loads each tab
 * of the page (decision 100) in turn, the 20 applications one after another (so no two requests in
 * a row ask for the same page), 10 connections for BENCH_SECONDS (10) per tab, after a warm-up.
 * Each answer is checked: 200, and the tab holds its own newest content and, where it shows only
 * the newest, the link to the rest. Prints the figures; exits 1 when a tab is over budget.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { createAuth } from "~/server/accounts/auth.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { createJob } from "~/server/jobs/jobs.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import { CreateJobSchema } from "~/schemas/job";
import { benchDatabase, seededMarkSql, signIn, startServer, timeLoad, STAFF_BUDGET } from "./http-load";

const PORT = Number(process.env.PORT ?? 3313);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const { p95Ms: BUDGET_P95_MS, rps: BUDGET_RPS } = STAFF_BUDGET;
const SECRET = "bench-secret-bench-secret-bench-secret";
const NAME = "openhire_bench_application";
const EMAIL = "bench-application@example.test";
const PASSWORD = "correct horse battery staple";
const SEEDED = "openhire application page bench: seeded v2";
const APPLICATIONS = 5_000;
const TARGETS = 20;
const NOTES = 50;
const REVIEWERS = 10;
const EMAILS = 100;
const REPLIES = 20;
const CHANGES = 100;

const { databaseUrl, reuse } = await benchDatabase(NAME, SEEDED);

const handle = await openDatabase({ url: databaseUrl, max: 4, statementTimeoutMs: 0 });
await handle.migrate();
const db = handle.db;

if (reuse) {
  console.log(`Reusing the seeded database ${NAME}.`);
} else {
  const t0 = performance.now();
  const auth = createAuth(db, SECRET);
  const { userId } = await registerAccount(auth, { email: EMAIL, password: PASSWORD, fullName: "Bench Recruiter", companyName: "Bench Application Co" }, new Headers());
  const [profile] = await queryRows<{ company_id: string }>(db, sql`select company_id from profiles where id = ${userId}`);
  const companyId = profile!.company_id;
  const actor = { userId, companyId };
  const job = await createJob(db, actor, CreateJobSchema.parse({ title: "Staff Engineer", description: "Build the platform.", location: "Remote" }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = (text: string, values: unknown[] = []) => client.query(text, values);
  await run(
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select 'bench-reviewer-' || g, 'Reviewer ' || g, 'bench-reviewer-' || g || '@example.test', true, now(), now() from generate_series(1, ${REVIEWERS}) g`,
  );
  await run(
    `insert into profiles (id, company_id, role, full_name) select 'bench-reviewer-' || g, $1, 'interviewer', 'Reviewer ' || g from generate_series(1, ${REVIEWERS}) g`,
    [companyId],
  );
  const [applied] = (await run(`select id from pipeline_stages where job_id = $1 order by "order" limit 1`, [job.id])).rows as { id: string }[];
  await run(
    `insert into applications (company_id, job_id, candidate_name, candidate_email, form_data, current_pipeline_stage_id, created_at)
     select $1, $2, 'Candidate ' || g, 'candidate-' || g || '@example.test', '{"cover_letter": "I would love to join."}'::jsonb, $3, now() - (g || ' minutes')::interval
     from generate_series(1, ${APPLICATIONS}) g`,
    [companyId, job.id, applied!.id],
  );
  const targets = ((await run(`select id from applications where job_id = $1 order by created_at desc limit ${TARGETS}`, [job.id])).rows as { id: string }[]).map((r) => r.id);
  const [attributes] = (await run(`select coalesce(json_agg(json_build_object('id', id, 'category', category, 'name', name) order by position), '[]') as list from scorecard_attributes where company_id = $1 and job_id is null`, [companyId])).rows as {
    list: { id: string; category: string; name: string }[];
  }[];
  for (const id of targets) {
    await run(
      `insert into notes (company_id, candidate_id, application_id, author_id, body, created_at)
       select a.company_id, a.candidate_id, a.id, $2, 'bench note ' || g || ': @[Reviewer 1](bench-reviewer-1) see https://example.test/doc/' || g || E'\\nand a second line.', now() - (g || ' seconds')::interval
       from applications a, generate_series(0, ${NOTES - 1}) g where a.id = $1`,
      [id, userId],
    );
    await run(
      `insert into feedback_requests (company_id, application_id, reviewer_id, requested_by)
       select $1, $2, 'bench-reviewer-' || g, $3 from generate_series(1, ${REVIEWERS}) g`,
      [companyId, id, userId],
    );
    await run(
      `insert into scorecards (company_id, application_id, job_id, author_id, recommendation, ratings, notes, submitted_at)
       select $1, $2, $4, 'bench-reviewer-' || g, (array['strong_no','no','yes','strong_yes'])[1 + g % 4],
              (select jsonb_agg(jsonb_build_object('attributeId', x->>'id', 'category', x->>'category', 'name', x->>'name', 'rating', 1 + (g % 4))) from json_array_elements($3::json) x),
              'Scorecard notes of reviewer ' || g, now()
       from generate_series(1, ${REVIEWERS}) g`,
      [companyId, id, JSON.stringify(attributes!.list), job.id],
    );
    await run(
      `insert into email_messages (company_id, application_id, kind, "to", subject, body, status, attempts, sent_at, created_at, direction, "from", message_id)
       select $1, $2::uuid,
              case when g > ${EMAILS - REPLIES} then 'reply' else 'message' end,
              case when g > ${EMAILS - REPLIES} then 'reply@example.test' else 'candidate@example.test' end,
              'Bench email ' || g, 'Hello,' || E'\\n\\n' || 'this is email ' || g || E'.\\n\\nOn Monday someone wrote:\\n> earlier text',
              case when g > ${EMAILS - REPLIES} then 'received' else 'sent' end, 1, now(), now() - ((${EMAILS} - g) || ' minutes')::interval,
              case when g > ${EMAILS - REPLIES} then 'inbound' else 'outbound' end,
              case when g > ${EMAILS - REPLIES} then 'Candidate <candidate@example.test>' end,
              case when g > ${EMAILS - REPLIES} then '<bench-' || $2::text || '-' || g || '@example.test>' end
       from generate_series(1, ${EMAILS}) g`,
      [companyId, id],
    );
    await run(
      `insert into activity_events (company_id, actor_id, type, subject_type, subject_id, data, created_at)
       select $1, $3, 'application_stage_moved', 'application', $2::uuid,
              jsonb_build_object('candidateName', 'Candidate', 'fromStageName', 'Applied', 'toStageName', 'Bench stage ' || g), now() - ((${CHANGES} - g) || ' minutes')::interval
       from generate_series(1, ${CHANGES}) g`,
      [companyId, id, userId],
    );
  }
  await run("analyze");
  await run(seededMarkSql(NAME, SEEDED));
  await client.end();
  console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
}

const targets = (
  await queryRows<{ id: string }>(
    db,
    sql`select a.id from applications a join "user" u on u.email = ${EMAIL} join profiles p on p.id = u.id
        where a.company_id = p.company_id and exists (select 1 from notes n where n.application_id = a.id) order by a.id`,
  )
).map((row) => row.id);
await handle.close();
if (targets.length !== TARGETS) throw new Error(`Expected ${TARGETS} seeded applications, found ${targets.length}`);

/*
 * Each tab of the page (decision 100) is what a user meets on a visit: measured one at a time,
 * each answer checked for that tab's own content at this size.
 */
const TABS: { tab: string; query: string; check: (body: string) => boolean }[] = [
  { tab: "Overview", query: "", check: (body) => body.includes("I would love to join.") && (DATA || body.includes("Application form answers")) },
  { tab: "Feedback", query: "?tab=feedback", check: (body) => body.includes("Scorecard notes of reviewer") && (DATA || body.includes("Submitted feedback")) },
  { tab: "Emails", query: "?tab=email", check: (body) => body.includes(`Bench email ${EMAILS}`) && (DATA || body.includes("Show the whole thread")) },
  { tab: "Notes", query: "?tab=notes", check: (body) => body.includes("bench note 0:") && (DATA || body.includes("Show all notes")) },
  { tab: "History", query: "?tab=history", check: (body) => body.includes(`Bench stage ${CHANGES}`) && (DATA || body.includes("Show earlier changes")) },
];
/** BENCH_DATA=1: the page's data request, as the browser makes it on a client-side visit (a click on a tab). */
const DATA = Boolean(process.env.BENCH_DATA);

const { base, server } = await startServer({ port: PORT, databaseUrl, secret: SECRET });
let failed = false;
try {
  const cookie = await signIn(base, EMAIL, PASSWORD);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`Application page${DATA ? " (data)" : ""}: ${NOTES} notes, ${REVIEWERS} scorecards, ${EMAILS} emails, ${CHANGES} changes; 10 users, ${TARGETS} applications in turn`);
  for (const { tab, query, check } of TABS) {
    const result = await timeLoad({
      base,
      cookie,
      // The data request of a tab is /applications/<id>.data?tab=…, as React Router asks for it.
      path: (i) => `/applications/${targets[i % TARGETS]}${DATA ? ".data" : ""}${query}`,
      check: (_i, status, body) => status === 200 && check(body),
      seconds: DURATION,
      warmup: WARMUP,
    });
    const over = result.errors > 0 || result.p95 > BUDGET_P95_MS || result.rps < BUDGET_RPS;
    failed ||= over;
    console.log(
      `${tab.padEnd(9)} ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, ${kb(result.bytes)} (${kb(result.wireBytes)} on the wire), ${result.answers} answers, ${result.errors} failed checks${over ? "  OVER BUDGET" : ""}`,
    );
  }
  console.log(failed ? `Over budget (p95 ≤ ${BUDGET_P95_MS} ms, ≥ ${BUDGET_RPS} req/s, every answer checked).` : "Within budget.");
} finally {
  server.kill();
}
process.exit(failed ? 1 : 0);
