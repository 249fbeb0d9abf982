/**
 * A candidate's self-scheduling page at the size issue 14 names: slots for 5 interviewers over 14
 * days with 200 existing interviews must answer p95 ≤ 50 ms (decision 103). On PostgreSQL:
 *
 *   npm run build
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:slots
 *
 * Seeds its own database (`openhire_bench_slots`) once a day (the data is laid out from today, so the
 * seed mark carries the date and a database seeded on an earlier day is seeded again): a company (its
 * recruiter signs up as the app's form does, and sends the links), two jobs with 400 applications,
 * five interviewers in three zones (Berlin, London, New York; three with hours of their own, two with
 * the default), 200 interviews of theirs over the next 14 days, each with 1 to 3 of them, inside their
 * working hours and never two at once for anyone (placed, like a team that keeps the hours all five
 * share for the interviews that need them, outside those hours where the interviewers' own allow:
 * placed at random, 200 interviews leave the five almost no time in common), 10 cancelled ones in the
 * shared hours, 10,000 past ones (two years at that pace), a few blocked times, and 50 applications
 * each with a scheduling link for all five (14 days, 4 hours' notice, a 15-minute buffer, 30 or 45
 * minutes); beside it 100 other companies with 500 interviews each. The links' tokens are derived
 * (base64url of the SHA-256 of `bench-slots-<i>`) and stored, as the app stores them, only as their
 * hash. Seeding takes a few seconds.
 *
 * Prints how long `readSchedulingPage` takes in-process (and its parts) and the plan of its one
 * statement (the link and its interviewers' times), then starts the production server (as `npm run serve`; WEB_CONCURRENCY
 * auto unless set) and times a static file (the yardstick), the page and its data request (the one
 * React Router makes on a client-side visit), 10 connections for BENCH_SECONDS (10) each after
 * BENCH_WARMUP (3) s, each request a different link of the 50 in turn. No session: the token is the
 * key. Every answer is checked: 200, and as many slot links (the page) or slot times (the data) as
 * `readSchedulingPage` finds for that link on the same database, with its first slot.
 * BENCH_ONLY=data times only the data request. Exits 1 when over budget: p95 ≤ 50 ms for the slots
 * (the data request), and the pages' p95 ≤ 100 ms at ≥ 100 req/s for the first visit's document.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { DEFAULT_WORKING_HOURS, type WorkingPeriod } from "~/schemas/availability";
import { CreateJobSchema } from "~/schemas/job";
import { SLOT_STEP_MINUTES } from "~/schemas/scheduling-link";
import { instantToZonedTime, zonedTimeToInstant } from "~/schemas/zoned-time";
import { createAuth } from "~/server/accounts/auth.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { interviewerTimes, readSchedulingPage, SLOT_LIMIT } from "~/server/interviews/scheduling-links.server";
import { availableSlots, intersect, type Span, workingSpans } from "~/server/interviews/slots";
import { createJob } from "~/server/jobs/jobs.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import { hashSecretToken } from "~/server/platform/secret-token.server";
import type { Actor } from "~/server/platform/tenancy.server";
import { benchDatabase, type LoadResult, percentile, seededMarkSql, startServer, timeLoad, STAFF_BUDGET } from "./http-load";

const PORT = Number(process.env.PORT ?? 3314);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = 10;
/**
 * Issue 14's budget is for the slots: the data request (what a client-side visit, a change of zone and
 * a pick each make) answers p95 ≤ 50 ms. The first visit's whole document is an HTML page like any
 * other, held to the pages' budget of issue 11: p95 ≤ 100 ms and ≥ 100 req/s (decision 103).
 */
const SLOTS_BUDGET = { p95: 50, rps: 0 };
const PAGE_BUDGET = { p95: STAFF_BUDGET.p95Ms, rps: STAFF_BUDGET.rps };
const SECRET = "bench-secret-bench-secret-bench-secret";
const NAME = "openhire_bench_slots";
const EMAIL = "bench-slots@example.test";
const PASSWORD = "correct horse battery staple";
const LINKS = 50;
const INTERVIEWS = 200;
const CANCELLED = 10;
/** The five's interviews before today: two years at the pace of the next 14 days. */
const PAST = 10_000;
const APPLICATIONS = [300, 100];
/** Other companies on the same database, each with 3 members, 20 applications and 500 interviews over a year. */
const OTHER_COMPANIES = 100;
/** The zone the candidate reads the page in. */
const ZONE = "Europe/Berlin";
const IN_PROCESS_CALLS = 200;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = Date.now();
const today = new Date(now).toISOString().slice(0, 10);
const dayStart = Date.parse(`${today}T00:00:00Z`);
/** The links' expiry when seeded: 14 days from now. */
const expiresAt = new Date(now + 14 * DAY);

// A finished seed marks the database with this comment, today's date in it: the interviews and the
// links are laid out from today, so on another day the database is seeded again.
const SEEDED = `openhire scheduling slots bench: seeded v3 on ${today}`;

const week = (days: number[], start: string, end: string): WorkingPeriod[] => days.map((day) => ({ day, start, end }));
/** The five, in the links' order; `hours: null` is the default (Monday to Friday, 09:00–17:00). */
const INTERVIEWERS: { id: string; name: string; timeZone: string; hours: WorkingPeriod[] | null }[] = [
  { id: "bench-slots-berlin-1", name: "Berta Becker", timeZone: "Europe/Berlin", hours: null },
  { id: "bench-slots-berlin-2", name: "Bruno Weber", timeZone: "Europe/Berlin", hours: [...week([1, 2, 3, 4], "08:00", "17:30"), ...week([5], "08:00", "15:00")] },
  { id: "bench-slots-london", name: "Lena Hughes", timeZone: "Europe/London", hours: null },
  { id: "bench-slots-new-york-1", name: "Nadia Ortiz", timeZone: "America/New_York", hours: week([1, 2, 3, 4, 5], "07:00", "15:00") },
  { id: "bench-slots-new-york-2", name: "Ned Parker", timeZone: "America/New_York", hours: [...week([1, 2, 3, 4, 5], "07:30", "16:00"), ...week([6], "10:00", "12:00")] },
];

/** Link i's token: 43 characters of base64url, the same on every run, so a reused database still works. */
const tokenOf = (i: number) => createHash("sha256").update(`bench-slots-${i}`).digest("base64url");
const tokens = Array.from({ length: LINKS }, (_, i) => tokenOf(i));

/** A small seeded generator (mulberry32): the layout is drawn once, when seeding, and kept for the day. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The interviews of the next 14 days (and the cancelled ones and the blocked times), in memory, then written in bulk. */
function layOut() {
  const rng = random(103);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
  // Over the links' window as it is when seeded: from the earliest slot (4 hours' notice) to their expiry.
  const from = now + 4 * HOUR;
  const until = expiresAt.getTime();
  const working = INTERVIEWERS.map((person) => workingSpans(person.timeZone, person.hours ?? DEFAULT_WORKING_HOURS, from, until));
  const shared = working.reduce((common, spans) => intersect(common, spans));
  const busy: Span[][] = INTERVIEWERS.map(() => []);
  const overlaps = (spans: readonly Span[], start: number, end: number) => spans.some((span) => span.start < end && start < span.end);
  const interviews: { start: number; minutes: number; who: number[] }[] = [];
  for (let k = 0; k < INTERVIEWS; k++) {
    const size = ((r) => (r < 0.8 ? 1 : r < 0.95 ? 2 : 3))(rng());
    const who = [k % INTERVIEWERS.length];
    while (who.length < size) {
      const other = Math.floor(rng() * INTERVIEWERS.length);
      if (!who.includes(other)) who.push(other);
    }
    const minutes = ((r) => (r < 0.5 ? 30 : r < 0.8 ? 45 : 60))(rng());
    let placed = false;
    // Fewer interviewers when the ones chosen have no common time left.
    for (let n = who.length; n >= 1 && !placed; n--) {
      const team = who.slice(0, n);
      for (let attempt = 0; attempt < 400 && !placed; attempt++) {
        const span = pick(working[team[0]!]!);
        const steps = Math.floor((span.end - span.start - minutes * MINUTE) / (15 * MINUTE));
        if (steps < 0) continue;
        const start = span.start + Math.floor(rng() * (steps + 1)) * 15 * MINUTE;
        const end = start + minutes * MINUTE;
        // The hours all five share are kept for the interviews that need them, as long as others can be found.
        if (attempt < 300 && overlaps(shared, start, end)) continue;
        if (team.every((p) => working[p]!.some((w) => w.start <= start && end <= w.end) && !overlaps(busy[p]!, start, end))) {
          for (const p of team) busy[p]!.push({ start, end });
          interviews.push({ start, minutes, who: team });
          placed = true;
        }
      }
    }
    if (!placed) throw new Error(`Interview ${k} found no time`);
  }
  // Cancelled interviews in the shared hours: the slots must not see them.
  const cancelled = Array.from({ length: CANCELLED }, (_, k) => {
    const span = pick(shared);
    return { start: span.start, minutes: 60, who: [k % INTERVIEWERS.length, (k + 2) % INTERVIEWERS.length] };
  });
  // A few blocked times, in the member's own zone: a holiday, a dentist, a training, a talk, and a conference already over.
  const localDate = (days: number, zone: string) => instantToZonedTime(new Date(from + days * DAY + 12 * HOUR), zone).date;
  const at = (p: number, days: number, time: string) => zonedTimeToInstant(localDate(days, INTERVIEWERS[p]!.timeZone), time, INTERVIEWERS[p]!.timeZone)!.getTime();
  const blocked = [
    { who: 2, start: at(2, 6, "00:00"), end: at(2, 7, "00:00"), reason: "Holiday" },
    { who: 3, start: at(3, 2, "08:00"), end: at(3, 2, "10:00"), reason: "Dentist" },
    { who: 0, start: at(0, 8, "13:00"), end: at(0, 8, "17:00"), reason: "Training" },
    { who: 4, start: at(4, 11, "12:00"), end: at(4, 11, "13:00"), reason: "Lunch talk" },
    { who: 1, start: dayStart - 8 * DAY, end: dayStart - 5 * DAY, reason: "Conference" },
  ];
  return { interviews, cancelled, blocked };
}

const { databaseUrl, reuse } = await benchDatabase(NAME, SEEDED);

// No statement timeout here: seeding and EXPLAIN ANALYZE are maintenance, not page work.
const handle = await openDatabase({ url: databaseUrl, max: 4, statementTimeoutMs: 0 });
await handle.migrate();
const db = handle.db;

if (reuse) {
  console.log(`Reusing the seeded database ${NAME} (seeded today, ${today}).`);
} else {
  const t0 = performance.now();
  const auth = createAuth(db, SECRET);
  const { userId } = await registerAccount(auth, { email: EMAIL, password: PASSWORD, fullName: "Bench Recruiter", companyName: "Bench Slots Co" }, new Headers());
  const [profile] = await queryRows<{ company_id: string }>(db, sql`select company_id from profiles where id = ${userId}`);
  const companyId = profile!.company_id;
  const actor = { userId, companyId };
  const jobs = [
    await createJob(db, actor, CreateJobSchema.parse({ title: "Staff Engineer", description: "Build the platform.", location: "Berlin, London or New York" })),
    await createJob(db, actor, CreateJobSchema.parse({ title: "Product Designer", description: "Design the product.", location: "Remote" })),
  ];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = (text: string, values: unknown[] = []) => client.query(text, values);
  await run(
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select id, name, id || '@example.test', true, now(), now() from unnest($1::text[], $2::text[]) as t(id, name)`,
    [INTERVIEWERS.map((p) => p.id), INTERVIEWERS.map((p) => p.name)],
  );
  await run(
    `insert into profiles (id, company_id, role, full_name, time_zone, working_hours)
     select id, $1, 'interviewer', name, zone, hours::jsonb from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as t(id, name, zone, hours)`,
    [companyId, INTERVIEWERS.map((p) => p.id), INTERVIEWERS.map((p) => p.name), INTERVIEWERS.map((p) => p.timeZone), INTERVIEWERS.map((p) => (p.hours ? JSON.stringify(p.hours) : null))],
  );
  for (const [index, job] of jobs.entries()) {
    const [applied] = (await run(`select id from pipeline_stages where job_id = $1 order by "order" limit 1`, [job.id])).rows as { id: string }[];
    await run(
      `insert into applications (company_id, job_id, candidate_name, candidate_email, form_data, current_pipeline_stage_id, created_at)
       select $1, $2, 'Candidate ' || $4 || '-' || g, 'candidate-' || $4 || '-' || g || '@example.test', '{"cover_letter": "I would love to join."}'::jsonb, $3, now() - (g || ' hours')::interval
       from generate_series(1, ${APPLICATIONS[index]}) g`,
      [companyId, job.id, applied!.id, index + 1],
    );
  }
  // The links go to the newest 50 of the first job's applications; the interviews to the others.
  const applicationIds = ((await run(`select id from applications where job_id = $1 order by created_at desc`, [jobs[0]!.id])).rows as { id: string }[]).map((r) => r.id);
  const linked = applicationIds.slice(0, LINKS);
  const interviewed = applicationIds.slice(LINKS);
  const { interviews, cancelled, blocked } = layOut();
  // Past interviews over the last two years (14 a day, 08:00 to 21:00 UTC): history the read must pass over.
  const past = Array.from({ length: PAST }, (_, k) => ({
    start: dayStart - (1 + Math.floor(k / 14)) * DAY + (8 + (k % 14)) * HOUR,
    minutes: 45,
    who: k % 3 === 0 ? [k % 5, (k + 1) % 5] : [k % 5],
  }));
  const rows = [
    ...interviews.map((row) => ({ ...row, cancelled: false })),
    ...cancelled.map((row) => ({ ...row, cancelled: true })),
    ...past.map((row) => ({ ...row, cancelled: false })),
  ].map((row, k) => ({ ...row, id: crypto.randomUUID(), applicationId: interviewed[k % interviewed.length]!, zone: INTERVIEWERS[row.who[0]!]!.timeZone }));
  await run(
    `insert into interviews (id, company_id, application_id, title, starts_at, duration_minutes, time_zone, location, uid, cancelled_at, created_by)
     select id, $1, application_id, 'Interview', starts_at, minutes, zone, 'https://meet.example.test/' || id, id || '@bench.openhire', case when cancelled then now() end, $2
     from unnest($3::uuid[], $4::uuid[], $5::timestamptz[], $6::int[], $7::text[], $8::boolean[]) as t(id, application_id, starts_at, minutes, zone, cancelled)`,
    [companyId, userId, rows.map((r) => r.id), rows.map((r) => r.applicationId), rows.map((r) => new Date(r.start)), rows.map((r) => r.minutes), rows.map((r) => r.zone), rows.map((r) => r.cancelled)],
  );
  const taking = rows.flatMap((row) => row.who.map((p) => ({ id: row.id, userId: INTERVIEWERS[p]!.id, start: new Date(row.start) })));
  await run(
    `insert into interview_interviewers (company_id, interview_id, user_id, starts_at)
     select $1, interview_id, user_id, starts_at from unnest($2::uuid[], $3::text[], $4::timestamptz[]) as t(interview_id, user_id, starts_at)`,
    [companyId, taking.map((t) => t.id), taking.map((t) => t.userId), taking.map((t) => t.start)],
  );
  await run(
    `insert into blocked_times (company_id, user_id, starts_at, ends_at, reason)
     select $1, user_id, starts_at, ends_at, reason from unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $5::text[]) as t(user_id, starts_at, ends_at, reason)`,
    [companyId, blocked.map((b) => INTERVIEWERS[b.who]!.id), blocked.map((b) => new Date(b.start)), blocked.map((b) => new Date(b.end)), blocked.map((b) => b.reason)],
  );
  await run(
    `insert into scheduling_links (company_id, application_id, token_hash, title, duration_minutes, interviewer_ids, location, min_notice_hours, buffer_minutes, time_zone, expires_at, created_by)
     select $1, application_id, token_hash, 'Technical interview', minutes, $2::text[], 'https://meet.example.test/technical', 4, 15, 'Europe/London', $3, $4
     from unnest($5::uuid[], $6::text[], $7::int[]) as t(application_id, token_hash, minutes)`,
    [companyId, INTERVIEWERS.map((p) => p.id), expiresAt, userId, linked, tokens.map(hashSecretToken), tokens.map((_, i) => (i % 2 === 0 ? 30 : 45))],
  );
  // Other companies' members, applications and interviews (a year of them, to a few weeks ahead): rows
  // the reads must not walk.
  await run(`insert into companies (name) select 'Other Company ' || g from generate_series(1, ${OTHER_COMPANIES}) g`);
  await run(`create temp table other_companies as select id, row_number() over (order by id) as n from companies where id <> $1`, [companyId]);
  await run(
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select 'bench-slots-other-' || c.n || '-' || k, 'Other Member ' || k, 'bench-slots-other-' || c.n || '-' || k || '@example.test', true, now(), now()
     from other_companies c, generate_series(1, 3) k`,
  );
  await run(
    `insert into profiles (id, company_id, role, full_name, time_zone)
     select 'bench-slots-other-' || c.n || '-' || k, c.id, 'interviewer', 'Other Member ' || k, 'Europe/Paris' from other_companies c, generate_series(1, 3) k`,
  );
  await run(`insert into jobs (company_id, title, description) select id, 'Engineer', 'Build things.' from other_companies`);
  await run(
    `insert into applications (company_id, job_id, candidate_name, candidate_email)
     select j.company_id, j.id, 'Other Candidate ' || g, 'other-' || g || '@example.test' from jobs j join other_companies c on c.id = j.company_id, generate_series(1, 20) g`,
  );
  await run(
    `create temp table other_interviews as
     select gen_random_uuid() as id, a.company_id, a.id as application_id, 'bench-slots-other-' || c.n || '-' || (1 + g % 3) as user_id,
            date_trunc('hour', now()) - interval '330 days' + g * interval '17 hours' as starts_at
     from other_companies c
     join lateral (select id, company_id, row_number() over (order by id) - 1 as r from applications where company_id = c.id) a on true
     join generate_series(0, 499) g on g % 20 = a.r`,
  );
  await run(
    `insert into interviews (id, company_id, application_id, title, starts_at, duration_minutes, time_zone, uid)
     select id, company_id, application_id, 'Interview', starts_at, 45, 'Europe/Paris', id || '@bench.openhire' from other_interviews`,
  );
  await run(`insert into interview_interviewers (company_id, interview_id, user_id, starts_at) select company_id, id, user_id, starts_at from other_interviews`);
  await run("analyze");
  await run(seededMarkSql(NAME, SEEDED));
  await client.end();
  console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
}

const [sender] = await queryRows<{ user_id: string; company_id: string }>(db, sql`select created_by as user_id, company_id from scheduling_links limit 1`);
if (!sender) throw new Error("No scheduling links");
const [sizes] = await queryRows<Record<string, number>>(
  db,
  sql`select (select count(*)::int from applications where company_id = ${sender.company_id}) as applications,
        (select count(*)::int from interviews where company_id = ${sender.company_id} and cancelled_at is null and starts_at > now() and starts_at < now() + interval '14 days') as upcoming_interviews,
        (select count(*)::int from interviews where company_id = ${sender.company_id} and cancelled_at is not null) as cancelled_interviews,
        (select count(*)::int from interviews where company_id = ${sender.company_id} and starts_at < now()) as past_interviews,
        (select count(*)::int from blocked_times where company_id = ${sender.company_id}) as blocked_times,
        (select count(*)::int from scheduling_links where company_id = ${sender.company_id}) as scheduling_links,
        (select count(*)::int from companies) - 1 as other_companies,
        (select count(*)::int from interviews) as interviews_all_companies,
        (select count(*)::int from interview_interviewers) as interviewer_rows_all_companies`,
);
console.log("Data set (the company's, then the database's):", sizes);
if (sizes!.scheduling_links !== LINKS) throw new Error(`Expected ${LINKS} scheduling links`);
const actor: Actor = { userId: sender.user_id, companyId: sender.company_id };

// ---------------------------------------------------------------------------
// What each link's page must hold, read in-process from the same database
// ---------------------------------------------------------------------------

/** Each link's slots (ISO instants) and its expiry, as `readSchedulingPage` finds them at `at`. */
async function expectedAt(at: Date): Promise<{ slots: string[]; expiresAt: string }[]> {
  const pages = [];
  for (const token of tokens) {
    const page = await readSchedulingPage(db, token, ZONE, at);
    if (page?.state !== "open") throw new Error(`Link ${token} is ${page?.state ?? "missing"}, not open`);
    pages.push({ slots: page.slots, expiresAt: page.expiresAt });
  }
  return pages;
}

const first = await expectedAt(new Date());
const counts = first.map((page) => page.slots.length).sort((a, b) => a - b);
console.log(
  `Slots a link offers (30 or 45 minutes, 4 h notice, 15 min buffer, ${SLOT_STEP_MINUTES}-minute grid, at most ${SLOT_LIMIT}): min ${counts[0]}, median ${percentile(counts, 50)}, max ${counts.at(-1)}; on ${new Set(first.flatMap((page) => page.slots.map((slot) => instantToZonedTime(new Date(slot), ZONE).date))).size} days in ${ZONE}`,
);
if (counts.at(-1) === 0) console.log("(No link offers any slot today: the answers are checked for “No times are free” only.)");

// ---------------------------------------------------------------------------
// In-process: readSchedulingPage and its parts, and the plan of its statement
// ---------------------------------------------------------------------------

async function median(label: string, call: (i: number) => Promise<unknown> | unknown) {
  const times: number[] = [];
  for (let i = 0; i < IN_PROCESS_CALLS + 20; i++) {
    const start = performance.now();
    await call(i);
    if (i >= 20) times.push(performance.now() - start);
  }
  console.log(`  ${label.padEnd(52)} median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`);
}
const linkFrom = () => new Date(Date.now() + 4 * HOUR);
const linkUntil = new Date(first[0]!.expiresAt);
const ids = INTERVIEWERS.map((p) => p.id);
const people = await interviewerTimes(db, actor, ids, linkFrom(), linkUntil);
console.log(`In-process (${IN_PROCESS_CALLS} calls each, after 20 untimed; no server running):`);
await median("readSchedulingPage (the whole read)", (i) => readSchedulingPage(db, tokens[i % LINKS]!, ZONE));
await median("  (a booking's read of the same times, under its locks)", () => interviewerTimes(db, actor, ids, linkFrom(), linkUntil));
await median("  availableSlots (the arithmetic)", (i) =>
  availableSlots({ from: linkFrom().getTime(), until: linkUntil.getTime(), durationMinutes: i % 2 === 0 ? 30 : 45, bufferMinutes: 15, stepMinutes: SLOT_STEP_MINUTES, interviewers: people, limit: SLOT_LIMIT }),
);
console.log(`  (the five's rows read: ${people.map((p) => `${p.interviews.length} interviews, ${p.blocked.length} blocked`).join("; ")})`);

// The page's one statement (the link by its token and its interviewers' times), as the app sends it
// (prepared): captured from the pool, then explained.
const pool = (db as unknown as { $client: pg.Pool }).$client;
const captured: { text: string; values: unknown[] }[] = [];
const originalQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
  const [text, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  captured.push(typeof text === "string" ? { text, values: values ?? [] } : { text: text.text, values: text.values ?? values ?? [] });
  return originalQuery(...args);
};
await readSchedulingPage(db, tokens[0]!, ZONE);
(pool as unknown as { query: typeof originalQuery }).query = originalQuery;
if (captured.length !== 1) throw new Error(`readSchedulingPage sent ${captured.length} statements, not one`);
const read = captured[0]!;
const explained = (await originalQuery(`explain (analyze, buffers) ${read.text}`, read.values)) as { rows: { "QUERY PLAN": string }[] };
console.log(`\n--- readSchedulingPage: its one statement\n${read.text}\n${explained.rows.map((row) => row["QUERY PLAN"]).join("\n")}\n`);

// ---------------------------------------------------------------------------
// Over HTTP: the production server, no session (the token is the key)
// ---------------------------------------------------------------------------

const SLOT_INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z/g;
const occurrences = (body: string, needle: string) => body.split(needle).length - 1;

interface Target {
  label: string;
  path: (i: number) => string;
  /** How many slots the answer shows, from its body. */
  count: (body: string) => number;
  /** How a slot appears in the answer. */
  shows: (slot: string) => string;
  /** How many of the answer's matches are not slots (the data's expiry, if it looks like one). */
  extra: (expiresAt: string) => number;
  /** What the answer says when there is no slot, if it says it in words. */
  none?: string;
  budget: { p95: number; rps: number };
}

const targets: Target[] = [
  {
    label: `GET /schedule/<token>?tz=${ZONE}`,
    path: (i) => `/schedule/${tokens[i % LINKS]}?tz=${ZONE}`,
    // Each slot is a link to `?tz=…&slot=<instant>` (aria-label "<day>, HH:MM").
    count: (body) => occurrences(body, "&amp;slot="),
    shows: (slot) => `&amp;slot=${encodeURIComponent(slot)}"`,
    extra: () => 0,
    none: "No times are free",
    budget: PAGE_BUDGET,
  },
  {
    label: `GET /schedule/<token>.data?tz=${ZONE}`,
    // The data request of a client-side visit, as React Router asks for it: the loaders' data (turbo-stream).
    path: (i) => `/schedule/${tokens[i % LINKS]}.data?tz=${ZONE}`,
    // Each slot's instant once (startsAt; the page's list of them is left out of the data).
    count: (body) => body.match(SLOT_INSTANT)?.length ?? 0,
    shows: (slot) => `"${slot}"`,
    extra: (expiresAt) => (expiresAt.match(SLOT_INSTANT) ? 1 : 0),
    budget: SLOTS_BUDGET,
  },
];

type Result = LoadResult & { label: string; budget: { p95: number; rps: number } | null };
const results: Result[] = [];
const report = (r: Result) =>
  console.log(
    `${r.label.padEnd(44)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p95 ${r.p95.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(5)} ms  ${(r.bytes / 1024).toFixed(1)} KiB (${(r.wireBytes / 1024).toFixed(1)} on the wire), ${r.answers} answers  (autocannon ${r.autocannon.join("/")} ms)${r.errors ? `  ${r.errors} WRONG ANSWERS` : ""}`,
  );
/** BENCH_ONLY=data times only the requests whose label holds that text (and the yardstick). */
const only = process.env.BENCH_ONLY;
let failed = false;
const { base, server } = await startServer({ port: PORT, databaseUrl, secret: SECRET });
try {
  // The yardstick: a static file of the same server, to compare runs on machines of the same kind.
  const yardstick = await timeLoad({
    base,
    path: () => "/favicon.svg",
    check: (_i, status, body) => status === 200 && body.includes("<svg"),
    seconds: DURATION,
    warmup: WARMUP,
    connections: CONNECTIONS,
  });
  results.push({ label: "static file (/favicon.svg)", budget: null, ...yardstick });
  report(results.at(-1)!);
  for (const target of targets.filter((t) => !only || t.label.includes(only))) {
    // The slots move with the clock (the notice runs from now): what each link offers when the run
    // starts and when it has surely ended. Each answer holds one or the other (at most one quarter
    // hour is crossed), and the first slot of the later one.
    const before = await expectedAt(new Date());
    const after = await expectedAt(new Date(Date.now() + (WARMUP + DURATION + 30) * 1000));
    const check = (i: number, status: number, body: string) => {
      const link = i % LINKS;
      const n = target.count(body) - target.extra(after[link]!.expiresAt);
      const firstSlot = after[link]!.slots[0];
      return (
        status === 200 &&
        (n === before[link]!.slots.length || n === after[link]!.slots.length) &&
        (firstSlot ? body.includes(target.shows(firstSlot)) : !target.none || body.includes(target.none))
      );
    };
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${base}${target.path(i)}`);
      const body = await response.text();
      if (!check(i, response.status, body)) {
        throw new Error(`${target.label}: ${target.path(i)} answered ${response.status} with ${target.count(body)} slots, not ${before[i]!.slots.length}`);
      }
    }
    const run = await timeLoad({ base, path: target.path, check, seconds: DURATION, warmup: WARMUP, connections: CONNECTIONS });
    results.push({ label: target.label, budget: target.budget, ...run });
    report(results.at(-1)!);
  }
} finally {
  server.kill("SIGTERM");
}

console.log(`\n| Request | req/s | p50 ms | p95 ms | p99 ms | answer KiB | on the wire KiB | budget |\n|---|---:|---:|---:|---:|---:|---:|---|`);
for (const r of results) {
  const { budget } = r;
  const ok = !budget || (r.p95 <= budget.p95 && r.rps >= budget.rps && r.errors === 0);
  failed ||= !ok;
  const verdict = budget ? `${ok ? "ok" : "OVER"}: p95 ≤ ${budget.p95} ms${budget.rps ? `, ≥ ${budget.rps} req/s` : ""}` : "—";
  console.log(
    `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.bytes / 1024).toFixed(1)} | ${(r.wireBytes / 1024).toFixed(1)} | ${verdict} |`,
  );
}
console.log(`(${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s of warm-up; percentiles from the time of every answer; every answer checked.)`);
await handle.close();
process.exit(failed ? 1 : 0);
