import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import PgBoss from "pg-boss";
import type { DatabaseHandle, Queryable } from "../platform/db.server";

/**
 * How pg-boss reaches our database (decision 080). pg-boss talks to PostgreSQL through any object with
 * `executeSql(text, values)`; these are the three we give it: the queue's own connection (its loops),
 * and the connection of a Drizzle database or open transaction (a task enqueued there commits with it).
 */

/** Something that runs one statement with `$1…` parameters: node-postgres' Pool and PoolClient, PGlite and its Transaction. */
interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The connection a Drizzle database or transaction runs its statements on. Drizzle keeps it on the
 * session (`session.client`) for both drivers; it has no public accessor for a transaction's.
 * The queue's integration tests run on both drivers, so an upgrade that moves it fails there.
 */
function clientOf(db: Queryable): SqlClient {
  const client = (db as unknown as { session?: { client?: SqlClient } }).session?.client;
  if (typeof client?.query !== "function") throw new Error("Cannot find the connection of this Drizzle database or transaction");
  return client;
}

/**
 * pg-boss statements on `db`, which may be an open transaction: a task sent there commits or rolls
 * back with it. Only for pg-boss's single parameterized statements (send, complete), which is all
 * that is sent this way.
 */
export function pgBossSqlOn(db: Queryable): PgBoss.Db {
  const client = clientOf(db);
  return { executeSql: (text, values) => client.query(text, values) };
}

/** The queue's own way to the database: pg-boss's loops (fetch, complete, maintenance, cron) run here. */
export interface QueueConnection {
  db: PgBoss.Db;
  /**
   * Runs `work` while this node holds the queue's set-up lock, so that nodes starting together set
   * the queue up one after the other: pg-boss 10 creating queues on two connections at once
   * deadlocks (its `create_queue` inserts the queue's row, then adds a partition with a foreign key
   * to that table; a known problem of pg-boss users). One process per embedded database: no lock.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once no statement sent through `db` is running (stop waits for this before closing). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The session advisory lock of the queue's set-up (the app's migrations hold 727274: db.server.ts). */
const QUEUE_SETUP_LOCK = 727275;

export function openQueueConnection(handle: DatabaseHandle): QueueConnection {
  const running = new Set<Promise<unknown>>();
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  let execute: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  let close = async () => {};
  let exclusively = <T>(work: () => Promise<T>) => work();

  if (handle.kind === "pglite") {
    const pglite = client as PGlite;
    execute = async (text, values) => {
      if (values && values.length > 0) return pglite.query(text, values);
      // Statements without parameters may be several at once (the schema install, maintenance), sent
      // as `BEGIN; …; COMMIT;`. If one fails, PostgreSQL leaves the connection in the aborted
      // transaction, and on PGlite that connection is the app's only one: every later query would
      // fail with "current transaction is aborted". PGlite's own transaction rolls it back, and holds
      // its lock until it has, so no query of the app runs in between. (A nested BEGIN only warns.)
      const results = await pglite.transaction((tx) => tx.exec(text));
      return results[results.length - 1] ?? { rows: [] };
    };
  } else {
    // A small pool of its own: without the app's 5 s statement timeout, which would cancel pg-boss's
    // maintenance while it waits for another node's (decision 080), and so that polling never waits
    // behind page requests for a connection. A failed statement's connection is dropped by the pool,
    // so an aborted `BEGIN; …` never comes back to it.
    const appPool = client as pg.Pool;
    const pool = new pg.Pool({ ...appPool.options, max: 3, statement_timeout: false, application_name: "openhire-queue" });
    pool.on("error", (error) => console.error("Task queue connection error:", error));
    execute = (text, values) => pool.query(text, values);
    close = () => pool.end();
    exclusively = async (work) => {
      const holder = await pool.connect();
      try {
        await holder.query("select pg_advisory_lock($1)", [QUEUE_SETUP_LOCK]);
        return await work();
      } finally {
        // Closing the connection releases its lock, whatever state it is in.
        holder.release(true);
      }
    };
  }

  return {
    db: {
      executeSql(text, values) {
        const statement = execute(text, values);
        running.add(statement);
        void statement.finally(() => running.delete(statement)).catch(() => {});
        return statement;
      },
    },
    exclusively,
    async settled() {
      // A statement's result may lead pg-boss to send another (a cron pass inserting what is due):
      // look again after the callbacks of the settled ones have run.
      while (running.size > 0) {
        await Promise.allSettled([...running]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    close,
  };
}

/**
 * A pg-boss that only sends (enqueues): it is never started, so it opens nothing and runs no loop,
 * and every statement it sends goes to the connection given with the call.
 */
let sender: PgBoss | undefined;
export function pgBossSender(): PgBoss {
  sender ??= new PgBoss({
    db: { executeSql: () => Promise.reject(new Error("The task sender runs statements only on the connection given to it")) },
    migrate: false,
    supervise: false,
    schedule: false,
  });
  return sender;
}
