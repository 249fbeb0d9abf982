import type pg from "pg";
import { activityEvents } from "../../db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { listFeedbackTodos, listWaitingCandidates } from "~/server/dashboard/todos.server";
import { listRecentActivity } from "~/server/activity/queries.server";
import { listCandidates } from "~/server/candidates/queries.server";
import { getDashboardStats, getGettingStarted } from "~/server/dashboard/queries.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { GENERIC_PLAN_SUFFIX, genericPlanPool } from "~/server/platform/db.server";

// Decisions 130, 132, 134 and 137: the dashboard's to-dos, counts, activity and checklist and the pipeline board run with
// PostgreSQL's generic plan from their first call, on the connections kept for that, and the app's
// own connections plan as before. PostgreSQL only (on PGlite a prepared read is an ordinary query),
// so this file is in the processes-postgres project.

let t: TestDatabase;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("This file needs TEST_DATABASE_URL (a PostgreSQL server).");
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

/** What each connection of a pool has prepared under these names, and how it plans. */
async function preparedOnEveryConnection(pool: pg.Pool, names: string[]) {
  const connections = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
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

/**
 * The statements, run `calls` times in all: every call on the generic pool's connections, each
 * with the generic plan, and none on the app's own pool, whose connections plan as PostgreSQL
 * chooses (what drizzle's unnamed statements need).
 */
async function expectGenericPlans(names: string[], calls: number) {
  const generic = await preparedOnEveryConnection(genericPlanPool(t.db)!, names.map((name) => `${name}${GENERIC_PLAN_SUFFIX}`));
  expect(new Set(generic.map((connection) => connection.mode))).toEqual(new Set(["force_generic_plan"]));
  const statements = generic.flatMap((connection) => connection.statements);
  expect(new Set(statements.map((statement) => statement.name))).toEqual(new Set(names.map((name) => `${name}${GENERIC_PLAN_SUFFIX}`)));
  expect(statements.reduce((sum, statement) => sum + Number(statement.generic_plans), 0)).toBe(calls);
  expect(statements.map((statement) => Number(statement.custom_plans))).toEqual(statements.map(() => 0));

  const app = await preparedOnEveryConnection((t.db as unknown as { $client: pg.Pool }).$client, [...names, ...names.map((name) => `${name}${GENERIC_PLAN_SUFFIX}`)]);
  expect(new Set(app.map((connection) => connection.mode))).toEqual(new Set(["auto"]));
  expect(app.flatMap((connection) => connection.statements)).toEqual([]);
}

describe("the dashboard's to-dos", () => {
  it("are planned once per connection, for any values, on the connections kept for generic plans", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    await createTestApplication(t.db, job, { candidateName: "Grace Hopper" });
    // Enough calls, several at once, that every pooled connection prepares them and PostgreSQL would
    // have made custom plans for the first five calls on each.
    for (let round = 0; round < 8; round++) {
      await Promise.all([listWaitingCandidates(t.db, staff), listFeedbackTodos(t.db, staff), listWaitingCandidates(t.db, staff)]);
    }

    await expectGenericPlans(["waiting_candidates_company", "feedback_todos_company"], 24);
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

    // 8 rounds of two boards, one more card each and another company's: 40 calls, every one on the generic plan.
    await expectGenericPlans(["pipeline_board_company", "pipeline_board_lane_company"], 40);
  });
});

describe("the dashboard's counts", () => {
  it("are one generic plan per connection, and another company's member counts nothing", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    await createTestApplication(t.db, job, { candidateName: "Ada Lovelace" });
    const today = new Date(Date.now() - 3_600_000);
    for (let round = 0; round < 6; round++) {
      const [mine, theirs] = await Promise.all([getDashboardStats(t.db, staff, today), getDashboardStats(t.db, other, today)]);
      expect(mine).toEqual({ activeJobs: 1, applicationsToday: 1, pendingReviews: 1 });
      expect(theirs).toEqual({ activeJobs: 0, applicationsToday: 0, pendingReviews: 0 });
    }
    // A counter of the day is a parameter of the plan, not part of it: tomorrow counts none.
    expect((await getDashboardStats(t.db, staff, new Date(Date.now() + 86_400_000))).applicationsToday).toBe(0);

    await expectGenericPlans(["dashboard_stats_company"], 13);
  });
});

describe("the dashboard's recent activity and checklist", () => {
  it("are one generic plan per connection each, and another company's owner sees only their own", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const ada = await createTestApplication(t.db, job, { candidateName: "Ada Lovelace" });
    await t.db.insert(activityEvents).values({
      companyId: staff.companyId,
      type: "application_received",
      subjectType: "application",
      subjectId: ada.id,
      data: { candidateName: "Ada Lovelace", jobId: job.id, jobTitle: "Engineer" },
    });
    for (let round = 0; round < 6; round++) {
      const [activity, theirActivity, steps, theirSteps] = await Promise.all([
        listRecentActivity(t.db, staff, 10),
        listRecentActivity(t.db, other, 10),
        getGettingStarted(t.db, staff),
        getGettingStarted(t.db, other),
      ]);
      expect(activity.map((item) => item.data.candidateName)).toContain("Ada Lovelace");
      expect(theirActivity.map((item) => item.data.candidateName)).not.toContain("Ada Lovelace");
      expect(steps.firstJob).toBe(true);
      expect(theirSteps.firstJob).toBe(false);
    }
    // The number of events is a parameter of the plan too.
    expect(await listRecentActivity(t.db, staff, 1)).toHaveLength(1);

    await expectGenericPlans(["recent_activity_company", "getting_started_company"], 25);
  });
});

describe("the candidates list's rows", () => {
  it("are read by id on one generic plan per connection, in the page's order, and only the company's own", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const theirJob = await createTestJob(t.db, other);
    for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"]) await createTestApplication(t.db, job, { candidateName: name });
    await createTestApplication(t.db, theirJob, { candidateName: "Someone Else" });
    for (let round = 0; round < 4; round++) {
      const [mine, byName, theirs] = await Promise.all([
        listCandidates(t.db, staff, {}),
        listCandidates(t.db, staff, { sort: "name" }),
        listCandidates(t.db, other, {}),
      ]);
      // Newest first, as the page's statement ordered them, each with its newest application.
      expect(mine.rows.map((row) => row.name)).toEqual(["Alan Turing", "Grace Hopper", "Ada Lovelace"]);
      expect(mine.rows.map((row) => [row.applications, row.latestStageName])).toEqual([
        [1, "Applied"],
        [1, "Applied"],
        [1, "Applied"],
      ]);
      expect(byName.rows.map((row) => row.name)).toEqual(["Ada Lovelace", "Alan Turing", "Grace Hopper"]);
      expect(theirs.rows.map((row) => row.name)).toEqual(["Someone Else"]);
    }

    await expectGenericPlans(["candidate_rows_company"], 12);
  });
});
