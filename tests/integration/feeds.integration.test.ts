import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { companies, jobs } from "../../db/schema";
import * as feedsRoute from "~/routes/job-board/feeds";
import { feedChunks } from "~/server/job-board/feeds.server";
import { createStaff, createTestJob } from "../factories";
import { callLoader, setUpAppTestDatabase } from "../helpers/route-test";

/** Issue 16: the RSS, Atom and Indeed feeds of the board and of a company parse, and hold what they should (decision 109). */

const bed = setUpAppTestDatabase();

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["item", "entry", "job"].includes(name) });

async function feed(path: string, params: Record<string, string> = {}) {
  const answer = await callLoader(feedsRoute.loader, { path, params });
  if (!answer.response) return { status: answer.status, xml: "", contentType: null };
  return { status: answer.response.status, xml: await answer.response.text(), contentType: answer.response.headers.get("Content-Type") };
}

function parsed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as Record<string, unknown>;
}

async function company(name: string) {
  const owner = await createStaff(bed.t.db, bed.t.auth, { companyName: name });
  const [row] = await bed.t.db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, owner.staff.companyId));
  return { ...owner, slug: row!.slug! };
}

async function publishedAt(id: string, at: string | null) {
  await bed.t.db.update(jobs).set({ publishedAt: at === null ? null : new Date(at) }).where(eq(jobs.id, id));
}

describe("a company's feeds", () => {
  it("parse as RSS, Atom and Indeed XML, newest first, with every published job of the company and nothing else", async () => {
    const acme = await company("Feed Makers");
    const rival = await company("Feed Rivals");
    const older = await createTestJob(bed.t.db, acme.staff, {
      title: "Data Engineer",
      description: "## Build\n- pipelines\n- dashboards",
      requirements: "SQL",
      location: "Lisbon",
      type: "contract",
      remote_type: "remote",
      remote_countries: "Portugal",
      department: "Data",
      salary_min: "60k",
      salary_max: "80k",
      salary_currency: "EUR",
      salary_period: "yearly",
      closes_on: "2099-01-31",
    });
    const newer = await createTestJob(bed.t.db, acme.staff, { title: "Odd title", description: "Text with ]]> in it." });
    // A control character XML cannot carry, as an old row might hold one (the job form refuses them).
    await bed.t.db.update(jobs).set({ title: "Odd ]]> <Title> & \u0007 bell" }).where(eq(jobs.id, newer.id));
    const draft = await createTestJob(bed.t.db, acme.staff, { title: "Secret draft" });
    await bed.t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));
    await createTestJob(bed.t.db, rival.staff, { title: "Rival job" });
    await publishedAt(older.id, "2026-01-01T00:00:00Z");
    await publishedAt(newer.id, "2026-02-01T00:00:00Z");
    const params = { slug: acme.slug };

    const rss = await feed(`/companies/${acme.slug}/feed.rss`, params);
    expect(rss.contentType).toBe("application/rss+xml; charset=utf-8");
    const channel = (parsed(rss.xml).rss as { channel: { title: string; item: { title: string; link: string; description: string; pubDate: string; category?: string }[] } }).channel;
    expect(channel.title).toBe("Jobs at Feed Makers");
    expect(channel.item.map((item) => item.title)).toEqual(["Odd ]]> <Title> &  bell at Feed Makers", "Data Engineer at Feed Makers"]);
    expect(channel.item[1]).toMatchObject({ link: `http://localhost:3000/jobs/${older.id}/data-engineer`, pubDate: "Thu, 01 Jan 2026 00:00:00 GMT", category: "Data" });
    expect(channel.item[1]!.description).toContain("<li>pipelines</li>");
    expect(channel.item[1]!.description).toContain("<h3>Requirements</h3>");
    expect(channel.item[1]!.description).toContain("€60,000 - €80,000 yearly");

    const atom = parsed((await feed(`/companies/${acme.slug}/feed.atom`, params)).xml).feed as { entry: { title: string; content: { "#text": string } }[] };
    expect(atom.entry.map((entry) => entry.title)).toEqual(["Odd ]]> <Title> &  bell at Feed Makers", "Data Engineer at Feed Makers"]);
    expect(atom.entry[1]!.content["#text"]).toContain("<li>dashboards</li>");

    const indeed = parsed((await feed(`/companies/${acme.slug}/indeed.xml`, params)).xml).source as { publisher: string; job: Record<string, string>[] };
    expect(indeed.publisher).toBe("OpenHire");
    expect(indeed.job).toHaveLength(2);
    expect(indeed.job[0]!.title).toBe("Odd ]]> <Title> &  bell");
    expect(indeed.job[0]!.description).toContain("<p>Text with ]]&gt; in it.</p>");
    expect(indeed.job[1]).toMatchObject({
      title: "Data Engineer",
      referencenumber: older.id,
      company: "Feed Makers",
      city: "Lisbon",
      country: "Portugal",
      jobtype: "contract",
      salary: "€60,000 - €80,000 per year",
      category: "Data",
      remotetype: "Fully remote",
      expirationdate: "2099-01-31",
    });
  });

  it("answers 404 for an unknown company, and the board has no Indeed feed", async () => {
    expect((await feed("/companies/nobody-here/feed.rss", { slug: "nobody-here" })).status).toBe(404);
    expect((await feed("/jobs/indeed.xml")).status).toBe(404);
  });
});

describe("the board's feeds", () => {
  it("hold every company's published jobs", async () => {
    const one = await company("Board Feed One");
    const two = await company("Board Feed Two");
    await createTestJob(bed.t.db, one.staff, { title: "Board feed job one" });
    await createTestJob(bed.t.db, two.staff, { title: "Board feed job two" });
    const titles = ((parsed((await feed("/jobs/feed.rss")).xml).rss as { channel: { item: { title: string }[] } }).channel.item).map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(["Board feed job one at Board Feed One", "Board feed job two at Board Feed Two"]));
    const atom = parsed((await feed("/jobs/feed.atom")).xml).feed as { entry: unknown[] };
    expect(atom.entry).toHaveLength(titles.length);
  });

  it("are read in batches that give every job once, in the board's order, those without a publication date last", async () => {
    const acme = await company("Batch Feeds");
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await createTestJob(bed.t.db, acme.staff, { title: `Batch job ${i}` })).id);
    // Two jobs in the same instant (the id orders them), and two without a publication date.
    for (const [i, at] of ["2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z", "2026-03-02T00:00:00Z", "2026-03-03T00:00:00Z", "2026-03-04T00:00:00Z"].entries()) await publishedAt(ids[i]!, at);
    await publishedAt(ids[5]!, null);
    await publishedAt(ids[6]!, null);
    const [row] = await bed.t.db.select({ id: companies.id }).from(companies).where(eq(companies.slug, acme.slug));
    let xml = "";
    for await (const chunk of feedChunks(bed.t.db, "https://x.test", "rss", { title: "t", pagePath: "/p", feedPath: "/f", companyId: row!.id }, { batchSize: 2 })) xml += chunk;
    const links = ((parsed(xml).rss as { channel: { item: { link: string }[] } }).channel.item).map((item) => item.link.split("/")[4]);
    const sameInstant = [ids[1]!, ids[2]!].sort().reverse();
    const undated = [ids[5]!, ids[6]!].sort().reverse();
    expect(links).toEqual([ids[4], ids[3], ...sameInstant, ids[0], ...undated]);
  });
});
