import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/platform/db.server";
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
