/**
 * The task queue (decision 080) on the embedded database and on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/queue.ts
 *
 * For each database: the queue's start (installing pg-boss's schema, then on an installed one);
 * 1,000 no-op tasks enqueued one by one, then worked by one node one and ten at a time (tasks a
 * second), alone and with the app reading without pause meanwhile (on PGlite the two take turns on
 * its one connection: the reads' times show what the app waits); the time from enqueue to the
 * handler's start, outside a transaction (the running queue is woken) and inside one (the task is
 * found by the next poll); and the statements the app's own queue (the outbox's two recurring
 * tasks, default settings) sends while the app is idle, over BENCH_IDLE_SECONDS (default 60).
 * PGlite runs in a directory on disk, as the app does by default. Prints the plan of pg-boss's
 * claim with 1,000 tasks waiting.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "~/schemas/zod";
import { applicationEmailSweep, emailRetryPass } from "~/server/mail/mail-tasks.server";
import { type DatabaseHandle, openDatabase, queryRows } from "~/server/platform/db.server";
import { startQueue } from "~/server/queue/queue.server";
import { defineTask, type Task } from "~/server/queue/tasks.server";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TASKS = 1000;
const LATENCY_SAMPLES = 30;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);

// Every statement sent to a database, counted where the drivers send them. PGlite's transaction
// wrapper (the queue's statements without parameters) counts as one.
let statements = 0;
let fetchStatement: { text: string; values: unknown[] } | undefined;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const [text, values] = args as [unknown, unknown];
  if (typeof text === "string" && text.includes("FOR UPDATE SKIP LOCKED") && Array.isArray(values)) fetchStatement ??= { text, values };
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;
for (const method of ["query", "exec", "transaction"] as const) {
  const original = PGlite.prototype[method] as (...a: unknown[]) => unknown;
  (PGlite.prototype as unknown as Record<string, unknown>)[method] = function (this: PGlite, ...args: unknown[]) {
    statements += 1;
    const [text, values] = args;
    if (method === "query" && typeof text === "string" && text.includes("FOR UPDATE SKIP LOCKED") && Array.isArray(values)) fetchStatement ??= { text, values };
    return original.apply(this, args);
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const describe = (times: number[]) => `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}`;

/** A small read of the app's, again and again while `going()`: each one's time. */
async function readContinuously(handle: DatabaseHandle, going: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (going()) {
    const before = performance.now();
    await queryRows(handle.db, sql`select count(*) from jobs`);
    times.push(performance.now() - before);
  }
  return times;
}

async function readFor(handle: DatabaseHandle, durationMs: number): Promise<number[]> {
  const until = performance.now() + durationMs;
  return readContinuously(handle, () => performance.now() < until);
}

/** A task whose runs are counted, each resolving a waiter when the count reaches it. */
function countedTask(name: string, concurrency: number) {
  let runs = 0;
  let started: Array<{ count: number; resolve: (at: number) => void }> = [];
  const task = defineTask({
    name,
    schema: z.object({ n: z.number() }),
    concurrency,
    handler: async () => {
      runs += 1;
      const at = performance.now();
      for (const waiter of started.filter((candidate) => runs >= candidate.count)) waiter.resolve(at);
      started = started.filter((candidate) => runs < candidate.count);
    },
  });
  return {
    task,
    runs: () => runs,
    /** Resolves with the time the `count`th run started. */
    until: (count: number) => new Promise<number>((resolve) => (runs >= count ? resolve(performance.now()) : started.push({ count, resolve }))),
  };
}

async function enqueueMany(handle: DatabaseHandle, task: Task, count: number) {
  for (let n = 0; n < count; n++) await task.enqueue(handle.db, { n });
}

async function benchOne(label: string, open: () => Promise<DatabaseHandle>) {
  console.log(`\n## ${label}\n`);
  const handle = await open();
  await handle.migrate();

  // Start: pg-boss installs its schema the first time, then only checks it.
  const one = countedTask("bench-one-at-a-time", 1);
  const ten = countedTask("bench-ten-at-a-time", 10);
  const latency = countedTask("bench-latency", 1);
  const allTasks = [one.task, ten.task, latency.task];
  let started = performance.now();
  let queue = await startQueue(handle, allTasks);
  const firstStart = performance.now() - started;
  await queue.stop();
  started = performance.now();
  queue = await startQueue(handle, allTasks);
  console.log(`Queue start: ${ms(firstStart)} installing pg-boss's schema, ${ms(performance.now() - started)} on an installed one`);
  await queue.stop();

  // Throughput: 1,000 tasks waiting, then one node works them, alone and with the app reading
  // without pause meanwhile (on PGlite the reads and the queue take turns on one connection).
  const drain = async (counted: typeof one, kind: string, withReads: boolean) => {
    started = performance.now();
    await enqueueMany(handle, counted.task, TASKS);
    const enqueueMs = performance.now() - started;
    const before = counted.runs();
    queue = await startQueue(handle, allTasks);
    started = performance.now();
    const done = counted.until(before + TASKS);
    let working = true;
    const reads = withReads ? readContinuously(handle, () => working) : Promise.resolve([]);
    await done;
    const workMs = performance.now() - started;
    working = false;
    const readTimes = await reads;
    await queue.runDueTasks();
    await queue.stop();
    console.log(
      `${TASKS} tasks, ${kind}${withReads ? ", the app reading meanwhile" : ""}: enqueued in ${ms(enqueueMs)} (${Math.round(TASKS / (enqueueMs / 1000))}/s), ` +
        `worked in ${ms(workMs)} (${Math.round(TASKS / (workMs / 1000))} tasks/s)` +
        (withReads ? `; the app's reads: ${readTimes.length}, ${describe(readTimes)}` : ""),
    );
  };
  await drain(one, "one at a time", false);
  await drain(ten, "ten at a time", false);
  const idleReads = await readFor(handle, 1000);
  console.log(`The app's reads with the queue idle for a second: ${idleReads.length}, ${describe(idleReads)}`);
  await drain(one, "one at a time", true);
  await drain(ten, "ten at a time", true);

  // Latency from enqueue to start, on an idle running queue (the app's polling interval, 2 s).
  queue = await startQueue(handle, allTasks);
  const woken: number[] = [];
  for (let i = 1; i <= LATENCY_SAMPLES; i++) {
    const before = performance.now();
    const running = latency.until(i);
    await latency.task.enqueue(handle.db, { n: i });
    woken.push((await running) - before);
  }
  const polled: number[] = [];
  for (let i = LATENCY_SAMPLES + 1; i <= LATENCY_SAMPLES + 20; i++) {
    // At a random point of the worker's wait between two polls, as a request would come.
    await queue.runDueTasks();
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 2000));
    const running = latency.until(i);
    const before = performance.now();
    await handle.db.transaction((tx) => latency.task.enqueue(tx, { n: i }));
    polled.push((await running) - before);
  }
  await queue.stop();
  console.log(`Enqueue to start, outside a transaction (the worker is woken): ${describe(woken)}`);
  console.log(`Enqueue to start, in a transaction (found by the next poll): ${describe(polled)}`);

  // Idle: the app's own queue, with its defaults, and nothing to do but its recurring passes.
  queue = await startQueue(handle, [emailRetryPass, applicationEmailSweep]);
  const idleFrom = statements;
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleStatements = statements - idleFrom;
  await queue.stop();
  console.log(`Idle (the app's two recurring tasks): ${idleStatements} statements in ${IDLE_SECONDS} s, ${Math.round((idleStatements * 60) / IDLE_SECONDS)} a minute`);

  // The claim's plan, with 1,000 tasks waiting.
  await enqueueMany(handle, one.task, TASKS);
  if (fetchStatement) {
    const plan = handle.kind === "postgres" ? await planOnPostgres(handle, fetchStatement) : await planOnPglite(handle, fetchStatement);
    console.log(`\nPlan of pg-boss's fetch (claim) with ${TASKS} waiting:\n${plan}`);
  }
  await handle.close();
}

async function planOnPostgres(handle: DatabaseHandle, statement: { text: string; values: unknown[] }) {
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const values = statement.values.map((value, index) => (index === 0 ? "bench-one-at-a-time" : value));
  const result = await pool.query<{ "QUERY PLAN": string }>(`explain ${statement.text}`, values);
  return result.rows.map((row) => `  ${row["QUERY PLAN"]}`).join("\n");
}

async function planOnPglite(handle: DatabaseHandle, statement: { text: string; values: unknown[] }) {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const values = statement.values.map((value, index) => (index === 0 ? "bench-one-at-a-time" : value));
  const result = await client.query<{ "QUERY PLAN": string }>(`explain ${statement.text}`, values);
  return result.rows.map((row) => `  ${row["QUERY PLAN"]}`).join("\n");
}

const dir = mkdtempSync(path.join(tmpdir(), "openhire-bench-queue-"));
try {
  await benchOne("PGlite (a directory on disk)", () => openDatabase({ dataDir: dir }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const name = "openhire_bench_queue";
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
await benchOne(`PostgreSQL (${url.host})`, () => openDatabase({ url: url.toString() }));
