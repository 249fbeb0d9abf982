import { createHook } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "~/schemas/zod";
import { type DatabaseHandle, openDatabase, queryRows } from "~/server/platform/db.server";
import { openQueueConnection } from "~/server/queue/pg-boss-sql.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import { defineTask, inspectTask, type TaskContext } from "~/server/queue/tasks.server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
const queues: Queue[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  // What the test tasks write: their effects, to see which committed.
  await t.db.execute(sql`create table task_effects (task_id text primary key, note text not null)`);
});

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});

afterAll(async () => {
  await t.destroy();
});

/** A queue on `handle` that the test stops afterwards; it polls every half second, and checks schedules every second. */
async function queueFor(tasks: Parameters<typeof startQueue>[1], handle: DatabaseHandle = t): Promise<Queue> {
  const queue = await startQueue(handle, tasks, { pollingIntervalSeconds: 0.5, cronCheckSeconds: 1 });
  queues.push(queue);
  return queue;
}

interface Run {
  data: { n: number };
  attempt: number;
  taskId: string;
  at: number;
}

/** The runs of a test task, and a way to wait for the nth without sleeping. */
function runLog() {
  const runs: Run[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  return {
    runs,
    record(data: { n: number }, ctx: TaskContext) {
      runs.push({ data, attempt: ctx.attempt, taskId: ctx.taskId, at: Date.now() });
      for (const waiter of waiting.filter((candidate) => runs.length >= candidate.count)) waiter.resolve();
    },
    /** Resolves once `count` runs have started (the test's timeout bounds the wait). */
    until(count: number): Promise<void> {
      if (runs.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
  };
}

const NumberData = z.object({ n: z.number().int() });

async function effects(): Promise<string[]> {
  const rows = await queryRows<{ note: string }>(t.db, sql`select note from task_effects order by note`);
  return rows.map((row) => row.note);
}

describe("the task queue", () => {
  it("runs an enqueued task once", async () => {
    const log = runLog();
    const task = defineTask({ name: "test-runs-once", schema: NumberData, handler: async (data, ctx) => log.record(data, ctx) });
    const queue = await queueFor([task]);

    const id = await task.enqueue(t.db, { n: 1 });
    await queue.runDueTasks();
    await queue.runDueTasks();

    expect(log.runs.map((run) => [run.data, run.attempt, run.taskId])).toEqual([[{ n: 1 }, 1, id]]);
    expect(await inspectTask(t.db, task, id)).toMatchObject({ state: "completed", runs: 1 });
  });

  it("refuses data its schema refuses, and a task the queue was not started with", async () => {
    const task = defineTask({ name: "test-checked-data", schema: NumberData, handler: async () => {} });
    await queueFor([task]);
    await expect(task.enqueue(t.db, { n: 1.5 })).rejects.toThrow();

    const unlisted = defineTask({ name: "test-unlisted", schema: NumberData, handler: async () => {} });
    await expect(unlisted.enqueue(t.db, { n: 1 })).rejects.toThrow(/not in this database's queue/);
  });

  it("retries a failing task after a delay that doubles, then succeeds", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = runLog();
    const failedAt: number[] = [];
    const task = defineTask({
      name: "test-retries",
      schema: NumberData,
      retryLimit: 2,
      retryDelaySeconds: 1,
      backoff: true,
      handler: async (data, ctx) => {
        log.record(data, ctx);
        if (ctx.attempt <= 2) {
          failedAt.push(Date.now());
          throw new Error(`run ${ctx.attempt} fails`);
        }
      },
    });
    const queue = await queueFor([task]);
    const id = await task.enqueue(t.db, { n: 7 });

    await queue.runDueTasks();
    const afterFirst = await inspectTask(t.db, task, id);
    expect(afterFirst).toMatchObject({ state: "retry", runs: 1 });
    // pg-boss's backoff: the delay times 2^retry / 2, plus up to as much again at random: 1-2 s.
    const firstDelay = (afterFirst!.startAfter.getTime() - failedAt[0]!) / 1000;
    expect(firstDelay).toBeGreaterThan(0.9);
    expect(firstDelay).toBeLessThan(3);

    await log.until(2);
    expect(log.runs[1]!.at).toBeGreaterThanOrEqual(afterFirst!.startAfter.getTime() - 50);
    await queue.runDueTasks();
    const afterSecond = await inspectTask(t.db, task, id);
    expect(afterSecond).toMatchObject({ state: "retry", runs: 2 });
    // The second wait doubles: 2-4 s.
    const secondDelay = (afterSecond!.startAfter.getTime() - failedAt[1]!) / 1000;
    expect(secondDelay).toBeGreaterThan(1.9);
    expect(secondDelay).toBeLessThan(5);

    await log.until(3);
    await queue.runDueTasks();
    expect(log.runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(await inspectTask(t.db, task, id)).toMatchObject({ state: "completed", runs: 3 });
    expect(errors).toHaveBeenCalledTimes(2);
    expect(String(errors.mock.calls[0]![0])).toContain("failed on run 1, retrying later");
    errors.mockRestore();
  });

  it("gives a task up once its retries are spent", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = runLog();
    const task = defineTask({
      name: "test-gives-up",
      schema: NumberData,
      retryLimit: 0,
      handler: async (data, ctx) => {
        log.record(data, ctx);
        throw new Error("always fails");
      },
    });
    const queue = await queueFor([task]);
    const id = await task.enqueue(t.db, { n: 1 });

    await queue.runDueTasks();
    await queue.runDueTasks();

    expect(log.runs).toHaveLength(1);
    expect(await inspectTask(t.db, task, id)).toMatchObject({ state: "failed", runs: 1 });
    expect(String(errors.mock.calls[0]![0])).toContain("failed on run 1, giving up");
    errors.mockRestore();
  });

  it("does not run a delayed task before its time", async () => {
    const log = runLog();
    const task = defineTask({ name: "test-delayed", schema: NumberData, handler: async (data, ctx) => log.record(data, ctx) });
    const queue = await queueFor([task]);

    const later = await task.enqueue(t.db, { n: 1 }, { startAfter: new Date(Date.now() + 60 * 60 * 1000) });
    const soon = await task.enqueue(t.db, { n: 2 }, { startAfter: 1 });
    await queue.runDueTasks();
    expect(log.runs).toEqual([]);
    expect(await inspectTask(t.db, task, later)).toMatchObject({ state: "created", runs: 0 });
    const { startAfter } = (await inspectTask(t.db, task, soon))!;

    await log.until(1);
    expect(log.runs.map((run) => run.taskId)).toEqual([soon]);
    expect(log.runs[0]!.at).toBeGreaterThanOrEqual(startAfter.getTime() - 50);
    expect(await inspectTask(t.db, task, later)).toMatchObject({ state: "created", runs: 0 });
  });

  it("stores a task enqueued in a transaction only if the transaction commits", async () => {
    const log = runLog();
    const task = defineTask({ name: "test-transactional", schema: NumberData, handler: async (data, ctx) => log.record(data, ctx) });
    const queue = await queueFor([task]);

    const committed = await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into task_effects values ('committed', 'committed work')`);
      return task.enqueue(tx, { n: 1 });
    });
    let rolledBack = "";
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into task_effects values ('rolled-back', 'rolled-back work')`);
        rolledBack = await task.enqueue(tx, { n: 2 });
        throw new Error("the work fails after enqueuing its task");
      }),
    ).rejects.toThrow("the work fails");
    await queue.runDueTasks();

    expect(await effects()).toEqual(["committed work"]);
    expect(log.runs.map((run) => run.taskId)).toEqual([committed]);
    expect(rolledBack).not.toBe("");
    expect(await inspectTask(t.db, task, rolledBack)).toBeNull();
  });

  it("commits what ctx.transaction writes together with marking the task done, once", async () => {
    const task = defineTask({
      name: "test-effects-once",
      schema: NumberData,
      handler: async (data, ctx) => {
        if (data.n === 2) {
          // As if this run's claim had expired and another run had finished the task meanwhile.
          await ctx.db.execute(sql`update pgboss.job set state = 'completed', completed_on = now() where id = ${ctx.taskId}`);
        }
        await ctx.transaction((tx) => tx.execute(sql`insert into task_effects values (${ctx.taskId}, ${`effect of ${data.n}`})`));
      },
    });
    const queue = await queueFor([task]);

    const first = await task.enqueue(t.db, { n: 1 });
    const second = await task.enqueue(t.db, { n: 2 });
    await queue.runDueTasks();

    const rows = await queryRows<{ task_id: string; note: string }>(t.db, sql`select task_id, note from task_effects where note like 'effect of %'`);
    expect(rows).toEqual([{ task_id: first, note: "effect of 1" }]);
    expect(await inspectTask(t.db, task, first)).toMatchObject({ state: "completed", runs: 1 });
    expect(await inspectTask(t.db, task, second)).toMatchObject({ state: "completed", runs: 1 });
  });

  it("runs a recurring task on its schedule", async () => {
    const log = runLog();
    // Every minute: pg-boss sends one run per minute across all nodes, the first when the schedule is next checked.
    const task = defineTask({
      name: "test-recurring",
      schema: z.object({}),
      cron: "* * * * *",
      handler: async (_data, ctx) => log.record({ n: 0 }, ctx),
    });
    await queueFor([task]);

    await log.until(1);
    expect(log.runs).toHaveLength(1);
  });

  it("keeps tasks through a restart of the queue", async () => {
    const log = runLog();
    const ranBy: string[] = [];
    const taskOn = (node: "before" | "after") =>
      defineTask({
        name: "test-restart",
        schema: NumberData,
        handler: async (data, ctx) => {
          ranBy.push(node);
          log.record(data, ctx);
        },
      });
    const before = await startQueue(t, [taskOn("before")], { pollingIntervalSeconds: 0.5 });
    const delayed = await taskOn("before").enqueue(t.db, { n: 1 }, { startAfter: 2 });
    await before.stop();
    const whileStopped = await taskOn("before").enqueue(t.db, { n: 2 });

    const after = await queueFor([taskOn("after")]);
    await after.runDueTasks();
    await log.until(2);

    expect(log.runs.map((run) => run.taskId).sort()).toEqual([delayed, whileStopped].sort());
    expect(ranBy).toEqual(["after", "after"]);
  });

  it("keeps tasks in the embedded database's files through a restart of the app", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openhire-queue-"));
    try {
      const log = runLog();
      const task = defineTask({ name: "test-reopen", schema: NumberData, handler: async (data, ctx) => log.record(data, ctx) });
      // The queue needs no migration of ours: pg-boss installs its own schema.
      const first = await openDatabase({ dataDir: dir });
      const firstQueue = await startQueue(first, [task]);
      const id = await task.enqueue(first.db, { n: 1 }, { startAfter: 600 });
      await firstQueue.stop();
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      const secondQueue = await startQueue(second, [task]);
      try {
        expect(await inspectTask(second.db, task, id)).toMatchObject({ state: "created", runs: 0 });
      } finally {
        await secondQueue.stop();
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("waits for a running task when stopped", async () => {
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const events: string[] = [];
    const task = defineTask({
      name: "test-stop-waits",
      schema: NumberData,
      handler: async () => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        events.push("task finished");
      },
    });
    const queue = await startQueue(t, [task], { pollingIntervalSeconds: 0.5 });
    const id = await task.enqueue(t.db, { n: 1 });
    await running;
    expect(queue.working()).toEqual(["test-stop-waits"]);

    const stopping = queue.stop().then(() => events.push("queue stopped"));
    expect(queue.working()).toEqual([]);
    release();
    await stopping;

    expect(events).toEqual(["task finished", "queue stopped"]);
    expect(await inspectTask(t.db, task, id)).toMatchObject({ state: "completed" });
  });

  it("keeps its other places running while one run takes its time", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let slowStarted = () => {};
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const log = runLog();
    const task = defineTask({
      name: "test-rolling-pool",
      schema: NumberData,
      concurrency: 2,
      handler: async (data, ctx) => {
        if (data.n === 0) {
          slowStarted();
          await held;
        }
        log.record(data, ctx);
      },
    });
    const queue = await queueFor([task]);
    const slow = await task.enqueue(t.db, { n: 0 });
    await started;

    // With one place held by the slow run, three more runs go through the other, one after another.
    const quick = [await task.enqueue(t.db, { n: 1 }), await task.enqueue(t.db, { n: 2 }), await task.enqueue(t.db, { n: 3 })];
    await log.until(3);
    expect(log.runs.map((run) => run.data.n).sort()).toEqual([1, 2, 3]);
    // Each is marked done as it ends, not when the slow run's batch ends.
    for (const id of quick) await expect.poll(async () => (await inspectTask(t.db, task, id))?.state).toBe("completed");
    expect(await inspectTask(t.db, task, slow)).toMatchObject({ state: "active" });

    // Drained only once the slow run has ended too.
    let drained = false;
    const draining = queue.runDueTasks().then(() => (drained = true));
    await task.enqueue(t.db, { n: 4 });
    await log.until(4);
    expect(drained).toBe(false);
    release();
    await draining;
    expect(log.runs.map((run) => run.data.n).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await inspectTask(t.db, task, slow)).toMatchObject({ state: "completed" });
  });

  it("leaves no timer behind once stopped", async () => {
    // The timers made while the queue runs, and whether they are still set once it has stopped. Not
    // counted: PGlite's PostgreSQL's own alarm (its setitimer, which it arms for the timeouts pg-boss
    // sets on its transactions and keeps armed, as PostgreSQL does), nor node-postgres' timers of
    // its idle pooled connections (an embedded database of the test's own has none).
    const handle = await openDatabase({ dataDir: "memory://" });
    const pending = new Map<number, string>();
    const watch = createHook({
      init(id, type) {
        const stack = new Error().stack ?? "";
        if (type === "Timeout" && !stack.includes("__setitimer_js")) pending.set(id, stack.split("\n").slice(6, 10).join(" <- "));
      },
      destroy(id) {
        pending.delete(id);
      },
    });
    try {
      watch.enable();
      const log = runLog();
      const task = defineTask({ name: "test-no-timers", schema: NumberData, handler: async (data, ctx) => log.record(data, ctx) });
      // Every loop running: the worker, cron, maintenance.
      const queue = await startQueue(handle, [task], { pollingIntervalSeconds: 0.5, cronCheckSeconds: 1, maintenanceIntervalSeconds: 1 });
      await task.enqueue(handle.db, { n: 1 });
      await queue.runDueTasks();
      expect(pending.size).toBeGreaterThan(0);

      await queue.stop();
      expect(log.runs).toHaveLength(1);
      expect([...pending.values()]).toEqual([]);
    } finally {
      watch.disable();
      await handle.close();
    }
  });

  it("leaves the app's connection usable when a statement of pg-boss fails inside its own transaction", async () => {
    // pg-boss sends its schema changes and maintenance as `BEGIN; …; COMMIT;`. On PGlite the app
    // shares the one connection, which a failure there would leave inside an aborted transaction.
    const connection = openQueueConnection(t);
    try {
      await expect(connection.db.executeSql("BEGIN; SELECT 1 / 0; COMMIT;", [])).rejects.toThrow("division by zero");
      const [row] = await queryRows<{ ok: number }>(t.db, sql`select 1 as ok`);
      expect(row).toEqual({ ok: 1 });
    } finally {
      await connection.settled();
      await connection.close();
    }
  });

  it("starts on two app nodes at once, creating new tasks' queues", async () => {
    // pg-boss 10 creating queues on two connections at once can deadlock (its create_queue inserts a
    // row, then attaches a partition with a foreign key to that table): the set-up runs under a lock.
    const url = t.kind === "postgres" ? (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString : undefined;
    const otherNode = url ? await openDatabase({ url, max: 4 }) : t;
    try {
      const tasks = ["a", "b", "c", "d"].map((suffix) =>
        defineTask({ name: `test-new-on-two-nodes-${suffix}`, schema: NumberData, handler: async () => {} }),
      );
      const started = await Promise.allSettled([queueFor(tasks), queueFor(tasks, otherNode)]);
      expect(started.map((result) => (result.status === "rejected" ? String(result.reason) : "started"))).toEqual(["started", "started"]);
    } finally {
      await Promise.all(queues.splice(0).map((queue) => queue.stop()));
      if (otherNode !== t) await otherNode.close();
    }
  });

  it("runs each task once when two app nodes share the database", async () => {
    // Two queues as two nodes: on PostgreSQL each with its own connections, on PGlite (one process
    // per database) sharing the one connection.
    const url = t.kind === "postgres" ? (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString : undefined;
    const otherNode = url ? await openDatabase({ url, max: 4 }) : t;
    try {
      const runs = new Map<string, number>();
      const byNode = { one: 0, two: 0 };
      const log = runLog();
      // Each node's first runs wait until the other node has claimed some too, so they compete.
      let bothClaimed = () => {};
      const competing = new Promise<void>((resolve) => (bothClaimed = resolve));
      const taskOn = (node: "one" | "two") =>
        defineTask({
          name: "test-two-nodes",
          schema: NumberData,
          concurrency: 4,
          handler: async (data, ctx) => {
            runs.set(ctx.taskId, (runs.get(ctx.taskId) ?? 0) + 1);
            byNode[node] += 1;
            if (byNode.one > 0 && byNode.two > 0) bothClaimed();
            await competing;
            log.record(data, ctx);
          },
        });
      // The tasks are stored first, so both nodes find them waiting.
      await startQueue(t, [taskOn("one")]).then((queue) => queue.stop());
      const ids = await Promise.all(Array.from({ length: 100 }, (_, n) => taskOn("one").enqueue(t.db, { n })));
      const [one, two] = await Promise.all([queueFor([taskOn("one")]), queueFor([taskOn("two")], otherNode)]);
      await log.until(ids.length);
      await Promise.all([one.runDueTasks(), two.runDueTasks()]);

      expect(runs.size).toBe(ids.length);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(byNode.one + byNode.two).toBe(ids.length);
      expect(byNode.one).toBeGreaterThan(0);
      expect(byNode.two).toBeGreaterThan(0);
    } finally {
      await Promise.all(queues.splice(0).map((queue) => queue.stop()));
      if (otherNode !== t) await otherNode.close();
    }
  });
});
