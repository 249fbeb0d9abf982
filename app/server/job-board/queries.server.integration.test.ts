import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, createTestJob } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database";
import { invalidateJobBoardCache } from "./cache.server";
import { boardAnchors, boardPageQueries, JOB_BOARD_PAGE_SIZE, listBoardJobs } from "./queries.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

/** Ids of a page read from the anchors (every `anchorRows` jobs) and of the same page by plain offset. */
async function bothWays(page: number, anchorRows: number) {
  const anchored = await listBoardJobs(t.db, { page, anchorRows });
  const offset = await listBoardJobs(t.db, { page, anchorRows: Number.MAX_SAFE_INTEGER });
  return {
    anchored: { ids: anchored.jobs.map((job) => job.id), hasNextPage: anchored.hasNextPage },
    offset: { ids: offset.jobs.map((job) => job.id), hasNextPage: offset.hasNextPage },
  };
}

describe("deep board pages", () => {
  it("read from the nearest anchor give exactly the pages an offset gives, ties and undated jobs included", async () => {
    invalidateJobBoardCache();
    const { staff } = await createStaff(t.db, t.auth);
    const first = await createTestJob(t.db, staff, { title: "Anchor Keeper" });
    await t.db.execute(sql`insert into jobs (company_id, title, description, requirements, location, type, status, published_at, form_schema, remote_type)
      select company_id, title || ' ' || i, description, requirements, location, type, 'published', published_at, form_schema, remote_type
      from jobs, generate_series(1, 76) i where jobs.id = ${first.id}`);
    // Three jobs share each publication time (the id decides between them); three have none.
    await t.db.execute(sql`update jobs j set published_at = timestamptz '2026-01-01 00:00:00+00' + (x.n / 3) * interval '1 hour'
      from (select id, row_number() over (order by id) as n from jobs where company_id = ${first.companyId}) x where j.id = x.id`);
    await t.db.execute(sql`update jobs set published_at = null where id in (select id from jobs where company_id = ${first.companyId} order by id limit 3)`);

    const anchors = await boardAnchors(t.db, 7);
    expect(anchors.map((anchor) => anchor.position)).toEqual([0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70]);
    // Page 4 starts at job 60: from the anchor at 56, a range of the board index, no offset of 60.
    const [statement] = boardPageQueries({ page: 4, anchorRows: 7 }, anchors).queries;
    const text = new PgDialect().sqlToQuery(statement!);
    expect(text.sql).toContain("(p.published_at, p.id) <=");
    expect(text.params).toEqual(expect.arrayContaining([anchors[8]!.id, 4]));
    // The last of 77 jobs in fives is one without a date.
    expect((await boardAnchors(t.db, 5)).at(-1)).toMatchObject({ position: 75, publishedAt: null });

    const total = 77;
    for (const anchorRows of [5, 6, 7]) {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(total / JOB_BOARD_PAGE_SIZE) + 1; page += 1) {
        const { anchored, offset } = await bothWays(page, anchorRows);
        expect(anchored, `page ${page}, anchors every ${anchorRows}`).toEqual(offset);
        seen.push(...anchored.ids);
      }
      expect(new Set(seen).size).toBe(total);
      expect((await bothWays(1000, anchorRows)).anchored).toEqual({ ids: [], hasNextPage: false });
    }
  });

  it("follow a change on this node at once: the anchors go with the page cache", async () => {
    const before = await bothWays(3, 7);
    const { staff } = await createStaff(t.db, t.auth);
    await createTestJob(t.db, staff, { title: "Newest Anchor Breaker" });
    const after = await bothWays(3, 7);
    expect(after.anchored).toEqual(after.offset);
    expect(after.anchored.ids).not.toEqual(before.anchored.ids);
  });
});
