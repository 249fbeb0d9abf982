import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/server/accounts/auth.server";
import { type DatabaseHandle, openDatabase, queryRows } from "~/server/platform/db.server";
import { createStaff, createTestJob, TEST_PASSWORD, uniqueEmail } from "../factories";
import { type ServerProcess, startServer } from "../helpers/server-process";

// Issue 9: "two app processes on one PostgreSQL database share sessions, rate limits and the
// background queue (each email written once), and both start together while migrations run under
// the lock. This is how the product grows past one machine; keep it proven."
// Run by scripts/test-processes.mjs only when TEST_DATABASE_URL names a PostgreSQL server.

const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = randomBytes(32).toString("hex");
/** The key openDatabase's migrate() locks (app/server/platform/db.server.ts). */
const MIGRATION_LOCK = 727274;
const databaseName = `openhire_two_servers_${randomBytes(6).toString("hex")}`;

let databaseUrl: string;
let handle: DatabaseHandle;
let a: ServerProcess;
let b: ServerProcess;
let staff: { email: string };
let jobId: string;

async function admin<T>(run: (client: pg.Client) => Promise<T>, url = serverUrl!): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Polls `check` until it answers true (the servers work in the background); fails after a deadline. */
async function eventually(what: string, check: () => Promise<boolean>, state: () => Promise<unknown> = async () => "") {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}: ${JSON.stringify(await state())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  if (!serverUrl) throw new Error("This test needs TEST_DATABASE_URL (a PostgreSQL server); npm run test:processes only runs it when it is set.");
  await admin((client) => client.query(`create database ${databaseName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await handle?.close();
  if (serverUrl) await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
});

describe("two production servers on one PostgreSQL database", () => {
  it("start together on an empty database: both wait for the migration lock, the migrations run once, both come up", async () => {
    // Hold the migration lock, so both servers are seen waiting for it before either migrates.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const env = { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: SECRET, DATABASE_POOL_SIZE: "4" };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
      await eventually("both servers wait for the migration lock", async () => {
        const { rows } = await holder.query(
          `select count(*)::int as waiting from pg_locks
           where locktype = 'advisory' and objid = $1 and not granted and database = (select oid from pg_database where datname = current_database())`,
          [MIGRATION_LOCK],
        );
        return rows[0].waiting === 2;
      });
      const { rows: tables } = await holder.query("select to_regclass('public.jobs') as jobs, to_regclass('drizzle.__drizzle_migrations') as migrations");
      expect(tables[0]).toEqual({ jobs: null, migrations: null });
    } finally {
      await holder.end();
    }
    await Promise.all([a.healthy(), b.healthy()]);

    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    handle = await openDatabase({ url: databaseUrl, max: 2 });
    const [applied] = await queryRows<{ count: number; distinct: number }>(
      handle.db,
      sql`select count(*)::int as count, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual({ count: journal.entries.length, distinct: journal.entries.length });

    const made = await createStaff(handle.db, createAuth(handle.db, SECRET), { email: uniqueEmail("two-servers") });
    staff = { email: made.email };
    jobId = (await createTestJob(handle.db, made.staff, { title: "Site Reliability Engineer" })).id;
  });

  it("share sessions: signed in on A, signed in on B; signed out on B, signed out on A", async () => {
    const signIn = await fetch(`${a.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.url },
      body: new URLSearchParams({ email: staff.email, password: TEST_PASSWORD, redirectTo: "/manage/jobs" }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    expect(cookie).toContain("session_token");

    const staffPage = (url: string) => fetch(`${url}/manage/jobs`, { redirect: "manual", headers: { cookie } });
    const onB = await staffPage(b.url);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Site Reliability Engineer");

    const signOut = await fetch(`${b.url}/logout`, { method: "POST", redirect: "manual", headers: { cookie, origin: b.url } });
    expect(signOut.status).toBe(302);
    const onA = await staffPage(a.url);
    expect(onA.status).toBe(302);
    expect(onA.headers.get("location")).toMatch(/^\/login/);
  });

  it("share rate limits and the email queue: 20 applications from one client over both servers, the 21st refused on either, each email written and delivered once", async () => {
    const client = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const apply = (url: string, email: string) =>
      fetch(`${url}/jobs/${jobId}/site-reliability-engineer/apply`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url, "x-forwarded-for": client },
        body: new URLSearchParams({
          candidate_name: "Grace Hopper",
          candidate_email: email,
          resume_url: "https://example.com/grace.pdf",
          cover_letter: "I would love to keep your servers up.",
          privacy_consent: "on",
        }),
      });
    const candidates = Array.from({ length: 20 }, (_, index) => uniqueEmail(`candidate-${index}`));
    // Ten on each server, two at a time (one on each), so both mail workers run at once.
    for (let index = 0; index < candidates.length; index += 2) {
      const answers = await Promise.all([apply(a.url, candidates[index]!), apply(b.url, candidates[index + 1]!)]);
      expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    }
    // Each server alone counted ten: only a shared count refuses these.
    expect((await apply(b.url, uniqueEmail("refused"))).status).toBe(429);
    expect((await apply(a.url, uniqueEmail("refused"))).status).toBe(429);
    const [limit] = await queryRows<{ count: number }>(handle.db, sql`select count from rate_limits where key = ${`apply:${client}`}`);
    expect(limit?.count).toBe(22);

    await eventually("every confirmation is written and delivered (printed: no SMTP_URL)", async () => {
      const [row] = await queryRows<{ queued: number; unsent: number; received: number }>(
        handle.db,
        sql`select (select count(*)::int from application_email_queue) as queued,
                   (select count(*)::int from email_messages where status not in ('sent', 'logged')) as unsent,
                   (select count(*)::int from email_messages where kind = 'application-received') as received`,
      );
      return row!.queued === 0 && row!.unsent === 0 && row!.received >= candidates.length;
    }, () => queryRows(handle.db, sql`select kind, status, count(*)::int from email_messages group by kind, status`));
    const confirmations = await queryRows<{ to: string; attempts: number }>(
      handle.db,
      sql`select "to", attempts from email_messages where kind = 'application-received' order by "to"`,
    );
    expect(confirmations.map((message) => message.to)).toEqual([...candidates].sort());
    expect(confirmations.every((message) => message.attempts === 1)).toBe(true);
    const duplicates = await queryRows(
      handle.db,
      sql`select application_id, kind, "to" from email_messages where application_id is not null group by application_id, kind, "to" having count(*) > 1`,
    );
    expect(duplicates).toEqual([]);

    // Printed (the log transport) by exactly one of the two servers, once.
    await Promise.all([a.stop(), b.stop()]);
    const printed = a.output() + b.output();
    for (const email of candidates) {
      expect(printed.split(`To: ${email}\n`).length - 1, email).toBe(1);
    }
  });
});
