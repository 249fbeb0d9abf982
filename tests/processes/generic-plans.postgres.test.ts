import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFeedbackTodos, listWaitingCandidates } from "~/server/dashboard/todos.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Decision 130: the dashboard's to-dos run with PostgreSQL's generic plan from their first call, and the
// pooled connection's setting is put back. PostgreSQL only (on PGlite a prepared read is an ordinary
// query), so this file is in the processes-postgres project.

let t: TestDatabase;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("This file needs TEST_DATABASE_URL (a PostgreSQL server).");
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

describe("the dashboard's to-dos", () => {
  it("are planned once per connection, for any values, and leave each connection's plan setting as it was", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    await createTestApplication(t.db, job, { candidateName: "Grace Hopper" });
    // Enough calls, several at once, that every pooled connection prepares them and PostgreSQL would
    // have made custom plans for the first five calls on each.
    for (let round = 0; round < 8; round++) {
      await Promise.all([listWaitingCandidates(t.db, staff), listFeedbackTodos(t.db, staff), listWaitingCandidates(t.db, staff)]);
    }

    // Every connection of the pool at once, each asked what it has prepared and how it plans.
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const connections = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    try {
      const seen = await Promise.all(
        connections.map(async (connection) => ({
          mode: (await connection.query<{ plan_cache_mode: string }>("show plan_cache_mode")).rows[0]!.plan_cache_mode,
          statements: (
            await connection.query<{ name: string; generic_plans: string; custom_plans: string }>(
              "select name, generic_plans, custom_plans from pg_prepared_statements where name in ('waiting_candidates_company', 'feedback_todos_company')",
            )
          ).rows,
        })),
      );
      expect(seen.map((connection) => connection.mode)).toEqual(["auto", "auto", "auto", "auto"]);
      const statements = seen.flatMap((connection) => connection.statements);
      expect(new Set(statements.map((statement) => statement.name))).toEqual(new Set(["waiting_candidates_company", "feedback_todos_company"]));
      expect(statements.reduce((sum, statement) => sum + Number(statement.generic_plans), 0)).toBe(24);
      expect(statements.map((statement) => Number(statement.custom_plans))).toEqual(statements.map(() => 0));
    } finally {
      for (const connection of connections) connection.release();
    }
  });
});
