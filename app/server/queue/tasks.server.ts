import type { z } from "zod";
import type { Database, Queryable, Transaction } from "../platform/db.server";
import { pgBossSender, pgBossSqlOn } from "./pg-boss-sql.server";

/**
 * The one background-work mechanism (decision 080): named, typed tasks ("jobs" are postings here) in
 * pg-boss's tables, in the app's own database. A task is defined once with `defineTask`, listed in
 * the app's tasks (`app/server/boot/lifecycle.server.ts`), and enqueued with `task.enqueue(db, data)`.
 *
 * Delivery is at least once, with a single active claim: a task runs again if its run fails, or if
 * the node running it dies (once its claim expires). So a handler either writes its effects through
 * `ctx.transaction`, which commits them together with marking the task done (they then happen
 * exactly once), or makes them idempotent (an email goes through the mail outbox, which sends each
 * message once).
 */

export interface TaskContext {
  /** The database the queue runs on (the app's). */
  db: Database;
  /** The id `enqueue` answered. */
  taskId: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /**
   * Runs `work` in one transaction that also marks this run of the task done, so what `work` writes
   * commits exactly once: if another run has already finished the task (this run's claim expired
   * and it was run again), the transaction rolls back instead. Call it at most once per run, as the
   * handler's last step; on PGlite use only `tx` inside it (a statement on `db` would wait for the
   * transaction forever).
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

export interface TaskDefinition<Schema extends z.ZodType> {
  /** The queue's name for it: letters, digits, `-` and `_`; stable, since stored tasks carry it. */
  name: string;
  /** The task's data: checked when enqueued and again when run (it may have waited through a deploy). */
  schema: Schema;
  handler(data: z.output<Schema>, ctx: TaskContext): Promise<unknown>;
  /** Runs after the first that fails (default 3). */
  retryLimit?: number;
  /** Wait before a retry (default 30 s); with `backoff`, doubled on each retry, plus up to as much again at random. */
  retryDelaySeconds?: number;
  /** Default true. */
  backoff?: boolean;
  /** A run not finished after this long is taken as lost and the task runs again (default 15 minutes). */
  expireInSeconds?: number;
  /** Runs this task on a schedule (5-field cron, UTC) with `{}` as its data, once per occurrence across all app nodes. */
  cron?: string;
  /** Runs of this task one app node does at once (default 1). */
  concurrency?: number;
}

export interface EnqueueOptions {
  /** Not before this time, or this many seconds from now by the database's clock. */
  startAfter?: Date | number;
}

export interface Task<Schema extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly definition: TaskDefinition<Schema>;
  /**
   * Stores a run of the task on `db` and answers its id. Pass the open transaction whose work the
   * task follows from: the task then commits, or rolls back, with that work.
   */
  enqueue(db: Queryable, data: z.input<Schema>, options?: EnqueueOptions): Promise<string>;
  /** `enqueue` for many runs in one statement (a bulk change's follow-ups); nothing for none. */
  enqueueMany(db: Queryable, data: readonly z.input<Schema>[]): Promise<void>;
}

export const TASK_DEFAULTS = { retryLimit: 3, retryDelaySeconds: 30, backoff: true, expireInSeconds: 15 * 60, concurrency: 1 };

/** Running queues listen here, so a task enqueued outside a transaction starts without waiting for a poll. */
const enqueueListeners = new Set<(db: Queryable, taskName: string) => void>();

export function onTaskEnqueued(listener: (db: Queryable, taskName: string) => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

export function defineTask<Schema extends z.ZodType>(definition: TaskDefinition<Schema>): Task<Schema> {
  if (!/^[\w-]+$/.test(definition.name)) throw new Error(`Task name "${definition.name}": use letters, digits, - and _`);
  return {
    name: definition.name,
    definition,
    async enqueue(db, data, options = {}) {
      const parsed = definition.schema.parse(data);
      const id = await pgBossSender().send(definition.name, parsed as object, {
        startAfter: options.startAfter,
        db: pgBossSqlOn(db),
      });
      // pg-boss inserts nothing for a queue it does not know.
      if (!id) throw new Error(`Task "${definition.name}" is not in this database's queue: list it in the app's tasks, which startQueue creates`);
      for (const listener of enqueueListeners) listener(db, definition.name);
      return id;
    },
    async enqueueMany(db, data) {
      if (data.length === 0) return;
      const jobs = data.map((item) => ({ name: definition.name, data: definition.schema.parse(item) as object }));
      // The queue's own retry settings apply, as for send. pg-boss 10's insert answers nothing, and
      // inserts nothing for a queue it does not know: the lifecycle test lists the app's tasks.
      await pgBossSender().insert(jobs, { db: pgBossSqlOn(db) });
      for (const listener of enqueueListeners) listener(db, definition.name);
    },
  };
}

/** What the queue's tables hold about one enqueued run of a task (tests and support). */
export interface TaskRecord {
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  /** Runs started so far (after one failure and its retry: 2). */
  runs: number;
  startAfter: Date;
  completedOn: Date | null;
}

/** A run's record, still in the queue or archived by its maintenance; null for one never stored (or rolled back). */
export async function inspectTask(db: Queryable, task: Task, id: string): Promise<TaskRecord | null> {
  const job = await pgBossSender().getJobById(task.name, id, { includeArchive: true, db: pgBossSqlOn(db) });
  if (!job) return null;
  return {
    state: job.state,
    // pg-boss counts a run's retries when the run is claimed again.
    runs: job.startedOn ? job.retryCount + 1 : 0,
    startAfter: job.startAfter,
    completedOn: job.completedOn ?? null,
  };
}
