import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../db/schema";
import { createStaff, createTestJob } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database";
import { jobPath } from "~/lib/slug";
import { setJobStatus } from "../jobs/jobs.server";
import {
  countJobSitemaps,
  jobSitemapChunks,
  type JobSitemapOptions,
  renderPagesSitemap,
  renderSitemap,
  renderSitemapIndex,
} from "./sitemap.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const BASE = "https://hire.example";

async function jobSitemap(file: number, options: JobSitemapOptions = {}) {
  let xml = "";
  for await (const chunk of jobSitemapChunks(t.db, BASE, file, options)) xml += chunk;
  return xml;
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(BASE, ""));

describe("sitemap", () => {
  it("lists the public pages in their own sitemap", () => {
    const paths = locs(renderPagesSitemap(BASE));
    expect(paths).toEqual(expect.arrayContaining(["/", "/pricing", "/blog", "/privacy", "/terms", "/api", "/jobs"]));
  });

  it("lists every published job at its canonical address with its last change, leaving closed and draft jobs out", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const published = await createTestJob(t.db, staff, { title: "Senior Data Engineer (Remote)" });
    const closed = await createTestJob(t.db, staff, { title: "Closed Role" });
    const draft = await createTestJob(t.db, staff, { title: "Draft Role" });
    await t.db.update(jobs).set({ status: "closed" }).where(eq(jobs.id, closed.id));
    await t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));
    const [{ updatedAt }] = (await t.db.select({ updatedAt: jobs.updatedAt }).from(jobs).where(eq(jobs.id, published.id))) as [{ updatedAt: Date }];

    const xml = await jobSitemap(1);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
    const paths = locs(xml);
    expect(paths).toContain(jobPath({ id: published.id, title: "Senior Data Engineer (Remote)" }));
    expect(paths).toContain(`/jobs/${published.id}/senior-data-engineer-remote`);
    expect(xml).toContain(
      `<url><loc>${BASE}/jobs/${published.id}/senior-data-engineer-remote</loc><lastmod>${updatedAt.toISOString()}</lastmod><changefreq>weekly</changefreq></url>`,
    );
    expect(paths.some((path) => path.includes(closed.id))).toBe(false);
    expect(paths.some((path) => path.includes(draft.id))).toBe(false);
  });

  it("splits the published jobs into files of at most `perFile`, each streamed in batches, with an index of them all", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    for (let i = 0; i < 9; i++) await createTestJob(t.db, staff, { title: `Split Role ${i}` });
    const [gone] = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.title, "Split Role 4"));
    await setJobStatus(t.db, staff, gone!.id, "closed");
    const published = await t.db.select({ id: jobs.id, title: jobs.title }).from(jobs).where(eq(jobs.status, "published"));
    const everyJob = published.map((job) => jobPath(job)).sort();
    expect(everyJob).toHaveLength(9); // 8 of these and 1 from the test before

    // 9 jobs, 4 a file: 3 files (4, 4, 1), whatever the batch size.
    expect(await countJobSitemaps(t.db, { perFile: 4 })).toBe(3);
    for (const batchSize of [1, 3, 4, 100]) {
      const files = await Promise.all([1, 2, 3].map((file) => jobSitemap(file, { perFile: 4, batchSize })));
      expect(files.map((xml) => locs(xml).length)).toEqual([4, 4, 1]);
      expect(files.flatMap(locs).sort()).toEqual(everyJob);
    }
    expect(locs(await jobSitemap(4, { perFile: 4 }))).toEqual([]);

    const index = renderSitemapIndex(BASE, 3);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual(["/sitemap-pages.xml", "/sitemap-jobs.xml?page=1", "/sitemap-jobs.xml?page=2", "/sitemap-jobs.xml?page=3"]);
  });

  it("keeps the files in creation order, so a new job only adds to the last file", async () => {
    const before = await Promise.all([1, 2].map((file) => jobSitemap(file, { perFile: 5 })));
    const { staff } = await createStaff(t.db, t.auth);
    const added = await createTestJob(t.db, staff, { title: "Newest Role" });
    const after = await Promise.all([1, 2, 3].map((file) => jobSitemap(file, { perFile: 5 })));
    expect(after[0]).toBe(before[0]);
    expect(locs(after[1]!)).toEqual([...locs(before[1]!), jobPath({ id: added.id, title: "Newest Role" })]);
  });

  it("counts at least one job sitemap, and renders absolute, escaped addresses", async () => {
    expect(await countJobSitemaps(t.db, { perFile: 1_000 })).toBe(1);
    const xml = renderSitemap(BASE, [{ path: "/a?b=1&c=2", changefreq: "weekly" }]);
    expect(xml).toContain(`<loc>${BASE}/a?b=1&amp;c=2</loc>`);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  });
});
