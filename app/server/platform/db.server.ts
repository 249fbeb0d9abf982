import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../../db/schema";
import { acquireDataDirLock } from "./data-dir-lock.server";

/** A Drizzle database on either driver; services take this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What `db.transaction(tx => …)` hands to its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or an open transaction: read helpers accept either. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies every pending migration. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…`: use PostgreSQL through node-postgres. */
  url?: string;
  /** PGlite data directory; `memory://` (or undefined with no url) keeps it in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** PostgreSQL: a statement of the app running longer is cancelled (decision 060); 0 for none. */
  statementTimeoutMs?: number;
}

/**
 * No page needs a statement longer than this; one that runs longer (a request its client gave up
 * on, a plan gone wrong) is stopped by PostgreSQL instead of holding a connection and a core.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;

/** How long a pooled connection may sit unused before it is closed (decision 137). */
export const IDLE_CONNECTION_MS = 300_000;

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

/**
 * The suffix of a prepared statement's name that runs it with PostgreSQL's generic plan (decisions
 * 130 and 134): `queryRowsPrepared` and `preparedRead` add it for `{ genericPlan: true }`.
 */
export const GENERIC_PLAN_SUFFIX = "__generic";

const genericPools = new WeakMap<pg.Pool, pg.Pool>();

/** The pool of connections that run statements with the generic plan, beside `db`'s (PostgreSQL only; for tests). */
export function genericPlanPool(db: Queryable): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? genericPools.get(client) : undefined;
}

/**
 * The app's pool, with a second, smaller one beside it whose connections plan every statement once
 * for any values (`plan_cache_mode = force_generic_plan`, set when each connects). A named statement
 * whose name ends with GENERIC_PLAN_SUFFIX runs there; everything else (drizzle's unnamed statements,
 * whose plans depend on how much data the company holds, and transactions) runs on the main pool.
 */
function appPool(options: OpenDatabaseOptions & { url: string }): { pool: pg.Pool; end: () => Promise<void> } {
  const settings = (max: number, extra = "") =>
    ({
      connectionString: options.url,
      max,
      // Connections stay open through a lull (decision 137). The pool hands out the connection
      // released last, so under steady load the rest sat idle past pg's 10 s default, were closed,
      // and were opened again at the next burst (a page's parallel reads): a new PostgreSQL process
      // every two seconds, whose first statements and prepared reads were planned anew (10-40 ms
      // each) in the answers that happened to get it.
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      // Set on each connection at start-up, so every statement of the app carries it.
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      // No JIT: PostgreSQL compiles a plan whose estimated cost is high (a count over a million
      // rows, a table not yet analyzed) at 30-40 ms a statement, more than the app's short reads
      // take to run (decision 078).
      options: `-c jit=off${extra}`,
    }) satisfies pg.PoolConfig;
  const max = options.max ?? 10;
  const pool = new pg.Pool(settings(max));
  // Connections are opened as statements need them: an app that runs no generic statement opens none.
  const generic = new pg.Pool(settings(Math.max(1, Math.ceil(max / 2)), " -c plan_cache_mode=force_generic_plan"));
  for (const each of [pool, generic]) each.on("error", (error) => console.error("PostgreSQL pool error:", error));
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    const name = typeof config === "object" && config !== null ? (config as { name?: unknown }).name : undefined;
    if (typeof name === "string" && name.endsWith(GENERIC_PLAN_SUFFIX)) return (generic.query as (...args: unknown[]) => unknown)(config, ...rest);
    return query(config, ...rest);
  }) as typeof pool.query;
  genericPools.set(pool, generic);
  const busy = () => [pool, generic].some((each) => each.totalCount > each.idleCount || each.waitingCount > 0);
  const released = () => new Promise<void>((resolve) => {
    const done = () => {
      pool.off("release", done);
      generic.off("release", done);
      resolve();
    };
    pool.on("release", done);
    generic.on("release", done);
  });
  return {
    pool,
    end: async () => {
      await untilQuiet(busy, released);
      await Promise.all([pool.end(), generic.end()]);
    },
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits until no statement has run across a whole turn of the event loop (a closing database's
 * drain). A request whose client went away still has its loaders running: React Router answers the
 * abort at once and leaves them be, so the server's shutdown cannot wait for the request itself. A
 * loader's next statement follows its last one's answer within the same turn, so the database is
 * closed only once a turn has passed with none running; ending it under them failed their next
 * statement ("Cannot use a pool after calling end on the pool"). The server's shutdown bounds the
 * wait (10 s, server.js).
 */
async function untilQuiet(busy: () => boolean, settled: () => Promise<void>): Promise<void> {
  await nextTurn();
  while (busy()) {
    await settled();
    await nextTurn();
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const { pool, end } = appPool({ ...options, url: options.url });
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    // An advisory lock on one connection keeps app nodes starting together from racing.
    const migrate = async () => {
      const client = await pool.connect();
      try {
        // Migrations build indexes over whole tables: not stopped by the app's statement timeout.
        await client.query("set statement_timeout = 0");
        await client.query("select pg_advisory_lock(727274)");
        try {
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query("select pg_advisory_unlock(727274)");
          // Back to the connection's own timeout before it returns to the pool.
          await client.query("reset statement_timeout");
        }
      } finally {
        client.release();
      }
    };
    return { db, kind: "postgres", migrate, close: end };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (dataDir.startsWith("memory://")) return openPglite(dataDir, () => {});
  // One process per directory: PGlite does not lock it, and two writers lose data (issue 9).
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    return await openPglite(dataDir, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPglite(dataDir: string, release: () => void): Promise<DatabaseHandle> {
  // pg_trgm: the applications list's search index (migration 0006).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  // Statements and transactions running now, for the drain before closing (`untilQuiet`).
  let running = 0;
  let wake: (() => void) | undefined;
  const counted = <T>(work: Promise<T>): Promise<T> => {
    running++;
    return work.finally(() => {
      running--;
      if (running === 0) wake?.();
    });
  };
  for (const name of ["query", "exec", "transaction"] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => counted(original(...args));
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const migrate = async () => {
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  };
  const close = async () => {
    try {
      await untilQuiet(
        () => running > 0,
        () => new Promise<void>((resolve) => (wake = resolve)),
      );
      if (!client.closed) await client.close();
    } finally {
      release();
    }
  };
  return { db, kind: "pglite", migrate, close };
}

// ---------------------------------------------------------------------------
// The process-wide database of the running app
// ---------------------------------------------------------------------------

// Kept on globalThis so that Vite's module reloads in development share one database.
const holder = globalThis as typeof globalThis & { __openhireDb?: DatabaseHandle };

export function setAppDatabase(handle: DatabaseHandle | undefined) {
  holder.__openhireDb = handle;
}

/** The app's database; opened at start-up by lifecycle.server.ts. */
export function appDatabase(): Database {
  if (!holder.__openhireDb) throw new Error("The database is not open yet");
  return holder.__openhireDb.db;
}

export function appDatabaseHandle(): DatabaseHandle | undefined {
  return holder.__openhireDb;
}

/** Ids as one SQL `uuid[]` value, one parameter each: for `= any(…)` and `unnest(…)` in raw SQL. */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/** Rows of a raw SQL query; node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Rows of a raw SQL query run often on the hot path, as a named prepared statement on PostgreSQL:
 * each pooled connection plans it once instead of on every call (for the one-statement apply, that
 * halves PostgreSQL's work). `name` must stand for exactly one SQL text. On PGlite, or inside a
 * transaction, it is an ordinary query.
 *
 * PostgreSQL plans a prepared statement anew for its values until a plan for any values looks as
 * cheap; `genericPlan` makes it use that one plan from the first call, on the pool's generic
 * connections (decisions 130 and 134).
 */
export async function queryRowsPrepared<T>(db: Queryable, name: string, query: SQL, options: { genericPlan?: boolean } = {}): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const named = options.genericPlan ? `${name}${GENERIC_PLAN_SUFFIX}` : name;
  return (await client.query<T & pg.QueryResultRow>({ name: named, text, values: params })).rows;
}

/**
 * A timestamp inside a JSON value a statement builds (`json_build_object`, `json_agg`): milliseconds
 * since the epoch, a number whatever the session's time zone. `isoFromJsonTimestamp` reads it back
 * as the driver reads a timestamp column (to the millisecond: the microseconds are dropped).
 */
export const jsonTimestamp = (column: SQL) => sql`extract(epoch from ${column}) * 1000`;
export const isoFromJsonTimestamp = (value: number | string) => new Date(Math.trunc(Number(value))).toISOString();
