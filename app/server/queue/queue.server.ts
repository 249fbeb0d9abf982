import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../platform/db.server";
import { openQueueConnection, pgBossSqlOn } from "./pg-boss-sql.server";
import { onTaskEnqueued, type Task, TASK_DEFAULTS, type TaskContext } from "./tasks.server";

export interface QueueOptions {
  /** How often an idle worker looks for due tasks (default 2 s; pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often recurring tasks' schedules are checked and their runs picked up (default 30 s and 5 s; tests: 1). */
  cronCheckSeconds?: number;
  /** How often expired claims are retried and finished tasks archived (default 120 s). */
  maintenanceIntervalSeconds?: number;
}

export interface Queue {
  /** The names of the tasks this queue works (none once stopped). */
  working(): string[];
  /**
   * Runs every task due now to completion, with the queue's own workers, and resolves when none is
   * due or running (tasks waiting for a later start or a retry are left). For tests: no sleeping.
   */
  runDueTasks(): Promise<void>;
  /** Stops taking tasks, waits for the running ones, and leaves no timer and no open statement behind. */
  stop(): Promise<void>;
}

/** Raised inside `ctx.transaction` when the task was finished meanwhile by another run: rolls back its work. */
class ClaimLostError extends Error {}

interface Outcome {
  id: string;
  /** Finished and marked done (in the handler's transaction, or to be marked now). */
  ok: boolean;
  markedInTransaction: boolean;
  error?: unknown;
}

/** One task's worker on one node: keeps up to `concurrency` due runs going, marks them done or failed, and waits for the next poll when none is due. */
class TaskWorker {
  readonly loop: Promise<void>;
  #stopping = false;
  #woken = false;
  #wakeNow?: () => void;
  /** runDueTasks callers, resolved after a fetch that started after they asked finds nothing due. */
  #drainWaiters: Array<() => void> = [];

  constructor(
    private readonly task: Task,
    private readonly boss: PgBoss,
    private readonly handle: DatabaseHandle,
    private readonly pollMs: number,
  ) {
    this.loop = this.#run();
  }

  wake() {
    this.#woken = true;
    this.#wakeNow?.();
  }

  drained(): Promise<void> {
    if (this.#stopping) return Promise.resolve();
    return new Promise((resolve) => {
      this.#drainWaiters.push(resolve);
      this.wake();
    });
  }

  stop(): Promise<void> {
    this.#stopping = true;
    this.wake();
    return this.loop;
  }

  async #run() {
    const { name } = this.task;
    const limit = this.task.definition.concurrency ?? TASK_DEFAULTS.concurrency;
    // A rolling pool: a run that ends frees its place for the next due runs, so one slow run (a
    // webhook endpoint that takes its time) holds one place, not a whole batch. Places are filled
    // again once half of them are free, and the runs that ended meanwhile are marked done together:
    // a fetch and a mark for each run that ends took three quarters of the queue's throughput.
    const refillAt = Math.max(1, Math.ceil(limit / 2));
    const running = new Set<Promise<void>>();
    const finished: string[] = [];
    while (!this.#stopping) {
      this.#woken = false;
      const waiters = this.#drainWaiters.splice(0);
      const free = limit - running.size;
      const refill = free >= refillAt || running.size === 0;
      let jobs: PgBoss.JobWithMetadata<unknown>[] = [];
      if (refill) {
        await this.#complete(finished.splice(0));
        // pg-boss claims with `FOR UPDATE SKIP LOCKED`: two nodes never get the same run.
        jobs = await this.boss.fetch<unknown>(name, { batchSize: free, includeMetadata: true });
      }
      for (const job of jobs) {
        const run: Promise<void> = this.#runOne(job)
          .then(async (outcome) => {
            if (!outcome.ok) await this.#fail(outcome);
            else if (!outcome.markedInTransaction) finished.push(outcome.id);
          })
          .then(() => {
            running.delete(run);
            this.wake();
          });
        running.add(run);
      }
      // Drained once a fetch finds nothing due and no run is still going.
      if (refill && jobs.length === 0 && running.size === 0) {
        for (const resolve of waiters) resolve();
      } else {
        this.#drainWaiters.unshift(...waiters);
        if (jobs.length > 0) continue;
      }
      if (!this.#woken && !this.#stopping) await this.#nap();
    }
    await Promise.all(running);
    await this.#complete(finished.splice(0));
    for (const resolve of this.#drainWaiters.splice(0)) resolve();
  }

  #nap(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakeNow = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.#wakeNow = done;
    });
  }

  /** Marks runs done that ended without their transaction marking them. */
  async #complete(ids: string[]) {
    if (ids.length === 0) return;
    try {
      await this.boss.complete(this.task.name, ids);
    } catch (error) {
      // The runs stay claimed: they expire and run again.
      console.error(`Task ${this.task.name}: could not record that its runs ended:`, error);
    }
  }

  /** Marks a run failed; pg-boss keeps the error as its output and decides between a retry and giving up. */
  async #fail(outcome: Outcome) {
    if (outcome.error instanceof ClaimLostError) return;
    const error = outcome.error;
    try {
      await this.boss.fail(this.task.name, outcome.id, { message: error instanceof Error ? error.message : String(error) });
    } catch (failure) {
      // The run stays claimed: it expires and runs again.
      console.error(`Task ${this.task.name}: could not record how run ${outcome.id} ended:`, failure);
    }
  }

  async #runOne(job: PgBoss.JobWithMetadata<unknown>): Promise<Outcome> {
    const { name, definition } = this.task;
    const { db } = this.handle;
    let markedInTransaction = false;
    const ctx: TaskContext = {
      db,
      taskId: job.id,
      attempt: job.retryCount + 1,
      transaction: async (work) => {
        if (markedInTransaction) throw new Error(`Task ${name}: ctx.transaction runs once per run`);
        const result = await db.transaction(async (tx) => {
          const value = await work(tx);
          // Marks this run done in the same transaction, if the task is still claimed (state active).
          // A second run that got here first has marked it done: its update waits for ours or we wait
          // for its, and the later one finds nothing to mark and rolls back.
          const marked = (await this.boss.complete(name, job.id, {}, { db: pgBossSqlOn(tx) })) as unknown as { affected: number };
          if (marked.affected !== 1) throw new ClaimLostError(`Task ${name} ${job.id} was finished by another run`);
          return value;
        });
        markedInTransaction = true;
        return result;
      },
    };
    try {
      await definition.handler(definition.schema.parse(job.data), ctx);
      return { id: job.id, ok: true, markedInTransaction };
    } catch (error) {
      const retries = job.retryCount < job.retryLimit;
      if (!(error instanceof ClaimLostError)) {
        console.error(`Task ${name} ${job.id} failed on run ${ctx.attempt}${retries ? ", retrying later" : ", giving up"}:`, error);
      }
      return { id: job.id, ok: false, markedInTransaction, error };
    }
  }
}

/**
 * Starts the queue on a database: installs or migrates pg-boss's own schema (`pgboss`, not one of
 * our migrations), creates each task's queue with the task's retry settings, schedules the
 * recurring ones (and drops schedules no task has any more), and starts a worker for each task,
 * plus pg-boss's maintenance and cron loops. Several nodes may run one each on one PostgreSQL
 * database; an embedded database has one process, so one queue.
 */
export async function startQueue(handle: DatabaseHandle, tasks: readonly Task[], options: QueueOptions = {}): Promise<Queue> {
  const names = new Set(tasks.map((task) => task.name));
  if (names.size !== tasks.length) throw new Error("Two tasks share a name");
  for (const task of tasks) {
    if (task.definition.cron && !task.definition.schema.safeParse({}).success) {
      throw new Error(`Task ${task.name} runs on a schedule, so its data must accept {}`);
    }
  }

  const connection = openQueueConnection(handle);
  const cronCheckSeconds = options.cronCheckSeconds;
  const boss = new PgBoss({
    db: connection.db,
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
    ...(cronCheckSeconds ? { cronMonitorIntervalSeconds: cronCheckSeconds, cronWorkerIntervalSeconds: cronCheckSeconds } : {}),
  });
  // pg-boss reports what fails in its loops as events; an EventEmitter without a listener would throw them.
  boss.on("error", (error) => console.error("Task queue:", error));

  try {
    await connection.exclusively(async () => {
      await boss.start();
      for (const task of tasks) {
        const settings = {
          retryLimit: task.definition.retryLimit ?? TASK_DEFAULTS.retryLimit,
          retryDelay: task.definition.retryDelaySeconds ?? TASK_DEFAULTS.retryDelaySeconds,
          retryBackoff: task.definition.backoff ?? TASK_DEFAULTS.backoff,
          expireInSeconds: task.definition.expireInSeconds ?? TASK_DEFAULTS.expireInSeconds,
        };
        await boss.createQueue(task.name, { name: task.name, ...settings });
        // createQueue keeps an existing queue's settings: the code's win.
        await boss.updateQueue(task.name, { name: task.name, ...settings });
        if (task.definition.cron) await boss.schedule(task.name, task.definition.cron, {}, { tz: "UTC" });
      }
      for (const schedule of await boss.getSchedules()) {
        const task = tasks.find((candidate) => candidate.name === schedule.name);
        if (!task?.definition.cron) await boss.unschedule(schedule.name);
      }
    });
  } catch (error) {
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    await connection.settled();
    await connection.close();
    throw error;
  }

  const pollMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const workers = new Map(tasks.map((task) => [task.name, new TaskWorker(task, boss, handle, pollMs)]));
  const stopListening = onTaskEnqueued((db, taskName) => {
    // A task sent in a transaction is not visible until it commits: that one waits for the next poll.
    if (db === handle.db) workers.get(taskName)?.wake();
  });
  let stopped: Promise<void> | undefined;

  return {
    working: () => (stopped ? [] : [...workers.keys()]),
    async runDueTasks() {
      await Promise.all([...workers.values()].map((worker) => worker.drained()));
    },
    stop() {
      stopped ??= (async () => {
        stopListening();
        await Promise.all([...workers.values()].map((worker) => worker.stop()));
        // Clears pg-boss's maintenance and cron timers and stops its internal worker that inserts
        // the recurring tasks' runs.
        await boss.stop({ graceful: true, wait: true, close: false });
        await connection.settled();
        await connection.close();
      })();
      return stopped;
    },
  };
}
