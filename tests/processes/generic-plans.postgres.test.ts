import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { listFeedbackTodos, listWaitingCandidates } from "~/server/dashboard/todos.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Decisions 130 and 132: the dashboard's to-dos and the pipeline board run with PostgreSQL's generic plan from their first call, and the
// pooled connection's setting is put back. PostgreSQL only (on PGlite a prepared read is an ordinary
// query), so this file is in the processes-postgres project.

let t: TestDatabase;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("This file needs TEST_DATABASE_URL (a PostgreSQL server).");
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

/** What each pooled connection has prepared under these names, and how it plans. */
async function preparedOnEveryConnection(names: string[]) {
  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const connections = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
  try {
    return await Promise.all(
      connections.map(async (connection) => ({
        mode: (await connection.query<{ plan_cache_mode: string }>("show plan_cache_mode")).rows[0]!.plan_cache_mode,
        statements: (
          await connection.query<{ name: string; generic_plans: string; custom_plans: string }>(
            "select name, generic_plans, custom_plans from pg_prepared_statements where name = any($1)",
            [names],
          )
        ).rows,
      })),
    );
  } finally {
    for (const connection of connections) connection.release();
  }
}

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

    const seen = await preparedOnEveryConnection(["waiting_candidates_company", "feedback_todos_company"]);
    expect(seen.map((connection) => connection.mode)).toEqual(["auto", "auto", "auto", "auto"]);
    const statements = seen.flatMap((connection) => connection.statements);
    expect(new Set(statements.map((statement) => statement.name))).toEqual(new Set(["waiting_candidates_company", "feedback_todos_company"]));
    expect(statements.reduce((sum, statement) => sum + Number(statement.generic_plans), 0)).toBe(24);
    expect(statements.map((statement) => Number(statement.custom_plans))).toEqual(statements.map(() => 0));
  });
});

describe("the pipeline board", () => {
  it("is one generic plan per connection, with and without the lane, and still shows only the company's own job", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const ada = await createTestApplication(t.db, job, { candidateName: "Ada Lovelace" });
    const rejected = await createTestApplication(t.db, job, { candidateName: "Alan Turing", status: "rejected" });
    for (let round = 0; round < 8; round++) {
      const [board, withLane, shownMore] = await Promise.all([
        getPipelineBoard(t.db, staff, job.id),
        getPipelineBoard(t.db, staff, job.id, {}, 10),
        getPipelineBoard(t.db, staff, job.id, { [ada.stageId]: 50 }),
      ]);
      expect(board!.columns.find((column) => column.id === ada.stageId)!.cards.map((card) => card.id)).toEqual([ada.id]);
      expect(shownMore!.columns.find((column) => column.id === ada.stageId)!.cards.map((card) => card.id)).toEqual([ada.id]);
      expect(board!.inactive).toEqual({ count: 1, cards: null, hasMore: false });
      expect(withLane!.inactive.cards!.map((card) => card.id)).toEqual([rejected.id]);
      // The same statements, for another company: its plan is the same plan, its answer nothing.
      expect(await getPipelineBoard(t.db, other, job.id)).toBeNull();
      expect(await getPipelineBoard(t.db, other, job.id, {}, 10)).toBeNull();
    }

    const seen = await preparedOnEveryConnection(["pipeline_board_company", "pipeline_board_lane_company"]);
    expect(seen.map((connection) => connection.mode)).toEqual(["auto", "auto", "auto", "auto"]);
    const statements = seen.flatMap((connection) => connection.statements);
    expect(new Set(statements.map((statement) => statement.name))).toEqual(new Set(["pipeline_board_company", "pipeline_board_lane_company"]));
    // 8 rounds of two boards, one more card each and another company's: 40 calls, every one on the generic plan.
    expect(statements.reduce((sum, statement) => sum + Number(statement.generic_plans), 0)).toBe(40);
    expect(statements.map((statement) => Number(statement.custom_plans))).toEqual(statements.map(() => 0));
  });
});
