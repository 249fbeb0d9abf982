import { randomBytes } from "node:crypto";
import pg from "pg";
import { createAuth, type Auth } from "~/server/auth.server";
import { type DatabaseHandle, openDatabase } from "~/server/db.server";

export interface TestDatabase extends DatabaseHandle {
  auth: Auth;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/**
 * A freshly migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL. `{ migrate: false }` leaves it empty (migration tests).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: "memory://" });
    if (migrate) await handle.migrate();
    return { ...handle, auth: createAuth(handle.db, "test-secret-test-secret-test-secret"), destroy: handle.close };
  }
  const name = `openhire_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), max: 4 });
  if (migrate) await handle.migrate();
  return {
    ...handle,
    auth: createAuth(handle.db, "test-secret-test-secret-test-secret"),
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
