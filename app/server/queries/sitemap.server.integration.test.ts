import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../db/schema";
import { createStaff, createTestJob } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database";
import { jobPath } from "~/lib/slug";
import { listSitemapEntries, renderSitemap } from "./sitemap.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

describe("sitemap", () => {
  it("lists the public pages and every published job, leaving closed and draft jobs out", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const published = await createTestJob(t.db, staff, { title: "Senior Data Engineer (Remote)" });
    const closed = await createTestJob(t.db, staff, { title: "Closed Role" });
    const draft = await createTestJob(t.db, staff, { title: "Draft Role" });
    await t.db.update(jobs).set({ status: "closed" }).where(eq(jobs.id, closed.id));
    await t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));

    const paths = (await listSitemapEntries(t.db)).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/pricing", "/blog", "/privacy", "/terms", "/api"]));
    expect(paths).toContain(jobPath({ id: published.id, title: "Senior Data Engineer (Remote)" }));
    expect(paths).toContain(`/jobs/${published.id}/senior-data-engineer-remote`);
    expect(paths.some((path) => path.includes(closed.id))).toBe(false);
    expect(paths.some((path) => path.includes(draft.id))).toBe(false);
  });

  it("renders absolute, escaped addresses", () => {
    const xml = renderSitemap("https://hire.example", [{ path: "/a?b=1&c=2", changefreq: "weekly" }]);
    expect(xml).toContain("<loc>https://hire.example/a?b=1&amp;c=2</loc>");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  });
});
