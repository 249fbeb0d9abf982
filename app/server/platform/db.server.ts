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

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      // Set on each connection at start-up, so every statement of the app carries it.
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      // No JIT: PostgreSQL compiles a plan whose estimated cost is high (a count over a million
      // rows, a table not yet analyzed) at 30-40 ms a statement, more than the app's short reads
      // take to run (decision 078).
      options: "-c jit=off",
    });
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error));
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
    return { db, kind: "postgres", migrate, close: () => pool.end() };
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
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const migrate = async () => {
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  };
  const close = async () => {
    try {
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
 */
export async function queryRowsPrepared<T>(db: Queryable, name: string, query: SQL, options: { genericPlan?: boolean } = {}): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (!options.genericPlan) return (await client.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
  // PostgreSQL plans a prepared statement anew for its values until a plan for any values looks as
  // cheap; `genericPlan` makes it use that one plan from the first call (decision 130), for this
  // statement only: the connection's setting is put back before the connection goes back to the pool.
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    await connection.query("set plan_cache_mode = force_generic_plan");
    try {
      return (await connection.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
    } finally {
      await connection.query("reset plan_cache_mode").catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection whose setting could not be put back is closed, not reused.
    connection.release(broken);
  }
}

/**
 * A timestamp inside a JSON value a statement builds (`json_build_object`, `json_agg`): milliseconds
 * since the epoch, a number whatever the session's time zone. `isoFromJsonTimestamp` reads it back
 * as the driver reads a timestamp column (to the millisecond: the microseconds are dropped).
 */
export const jsonTimestamp = (column: SQL) => sql`extract(epoch from ${column}) * 1000`;
export const isoFromJsonTimestamp = (value: number | string) => new Date(Math.trunc(Number(value))).toISOString();
