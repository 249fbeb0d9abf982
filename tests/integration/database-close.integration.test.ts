import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/server/platform/db.server";
import { createTestDatabase } from "../helpers/test-database";

describe("closing the database", () => {
  it("waits for the statements running, and for one that follows them in the same turn, before it closes", async () => {
    const t = await createTestDatabase({ migrate: false });
    // As a loader whose client went away: two statements, the second sent as soon as the first answers.
    const reading = (async () => {
      await queryRows(t.db, sql`select pg_sleep(0.2)`);
      return queryRows<{ one: number }>(t.db, sql`select 1 as one`);
    })();
    // The server's shutdown closes the database meanwhile. It used to end the pool under the second
    // statement on PostgreSQL ("Cannot use a pool after calling end on the pool"), and on PGlite to
    // close it under the first (its query failed inside PGlite).
    const closing = t.destroy();
    expect(await reading).toEqual([{ one: 1 }]);
    await closing;
  });
});
