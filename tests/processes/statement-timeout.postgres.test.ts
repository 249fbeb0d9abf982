import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IDLE_CONNECTION_MS, queryRows } from "~/server/platform/db.server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Issue 11: "requests a client gave up on keep running in PostgreSQL: there is no statement timeout".
// PostgreSQL only (PGlite runs one statement at a time in the process), so this file is in the
// processes-postgres project, which scripts/test-processes.mjs runs when TEST_DATABASE_URL is set.

let t: TestDatabase;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("This file needs TEST_DATABASE_URL (a PostgreSQL server).");
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

describe("the statement timeout", () => {
  it("is set on the app's PostgreSQL connections, the migrating one included once it is done", async () => {
    // The pool has run the migrations (with no timeout) on one of these connections.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () => t.db.transaction(async (tx) => queryRows<{ statement_timeout: string }>(tx, sql`show statement_timeout`))),
    );
    expect(settings.map(([row]) => row!.statement_timeout)).toEqual(["5s", "5s", "5s", "5s"]);
  });
});

describe("the pool's connections", () => {
  it("stay open through a lull longer than pg's default of 10 s, and close after IDLE_CONNECTION_MS (decision 137)", async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    // The clock that times idle connections is faked from before they are released.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      // A burst: four reads at once, each on a connection of its own.
      await Promise.all(Array.from({ length: 4 }, () => t.db.transaction(async (tx) => queryRows(tx, sql`select 1`))));
      const open = pool.totalCount;
      expect(open).toBeGreaterThanOrEqual(4);
      expect(pool.idleCount).toBe(open);
      // A minute without a statement: every connection is still there for the next burst.
      vi.advanceTimersByTime(60_000);
      expect(pool.totalCount).toBe(open);
      // A quiet server lets them go.
      vi.advanceTimersByTime(IDLE_CONNECTION_MS);
      await vi.waitFor(() => expect(pool.totalCount).toBe(0));
    } finally {
      vi.useRealTimers();
    }
  });
});
