import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, jobs } from "../../db/schema";
import * as boardRoute from "~/routes/job-board/board";
import * as careersRoute from "~/routes/job-board/careers";
import * as embedRoute from "~/routes/job-board/careers-embed";
import * as logoRoute from "~/routes/job-board/company-logo";
import * as jobPageRoute from "~/routes/job-board/job";
import * as settingsRoute from "~/routes/staff/settings-careers";
import { invalidateJobBoardCache } from "~/server/job-board/cache.server";
import { queryRows } from "~/server/platform/db.server";
import { FileNotFoundError, fileStorage } from "~/server/storage/storage.server";
import { createMember, createStaff, createTestJob } from "../factories";
import { migrateUpToBefore } from "../helpers/migrations";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";
import { createTestDatabase } from "../helpers/test-database";

/** Issue 16: careers pages at /companies/{slug}, their settings and logo, the board's filters and featured jobs (decision 108). */

const bed = setUpAppTestDatabase();

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const slugOf = async (companyId: string) => (await bed.t.db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, companyId)))[0]!.slug;

function careersForm(values: Record<string, string>, logo?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  form.set("intent", "careers");
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  if (logo) form.set("logo", new File([new Uint8Array(logo.bytes)], logo.name, { type: logo.type }));
  return form;
}

const readAll = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("a company's careers page address", () => {
  it("comes from the company's name at sign-up, or is \"company\", with part of its id when that is taken or reserved", async () => {
    const first = await createStaff(bed.t.db, bed.t.auth, { companyName: "Lumen & Co. Übersee" });
    expect(await slugOf(first.staff.companyId)).toBe("lumen-co-ubersee");
    const second = await createStaff(bed.t.db, bed.t.auth, { companyName: "Lumen & Co Ubersee" });
    expect(await slugOf(second.staff.companyId)).toMatch(/^lumen-co-ubersee-[0-9a-f]{8}$/);
    const reserved = await createStaff(bed.t.db, bed.t.auth, { companyName: "Jobs" });
    expect(await slugOf(reserved.staff.companyId)).toMatch(/^company-[0-9a-f]{8}$/);
  });

  it("is changed in settings by an admin; a reserved, malformed or taken address is refused on its field", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth, { companyName: "Harbour Lights" });
    const other = await createStaff(bed.t.db, bed.t.auth, { companyName: "Taken Name" });
    const post = (values: Record<string, string>) => callAction(settingsRoute.action, { path: "/settings/careers", cookie, form: careersForm(values) });
    const errorsOf = async (values: Record<string, string>) => ((await post(values)).data as { errors: Record<string, string> }).errors;

    expect(await errorsOf({ slug: "admin" })).toEqual({ slug: "This address is reserved. Please choose another." });
    expect(await errorsOf({ slug: "-bad-" })).toEqual({ slug: "Use 3 to 40 lowercase letters, digits and hyphens, starting and ending with a letter or digit" });
    expect(await errorsOf({ slug: (await slugOf(other.staff.companyId))! })).toEqual({ slug: "Another company has this address. Please choose another." });
    expect(await errorsOf({ slug: "harbour", brandColor: "red" })).toEqual({ brandColor: "Choose a colour as #rrggbb, e.g. #4f46e5" });

    const saved = await post({ slug: "Harbour-Lights-Jobs", brandColor: "#0E7490", careersIntro: "We keep **ships** safe." });
    expect(saved.status).toBe(302);
    const [row] = await bed.t.db.select().from(companies).where(eq(companies.id, staff.companyId));
    expect(row).toMatchObject({ slug: "harbour-lights-jobs", brandColor: "#0e7490", careersIntro: "We keep **ships** safe." });

    // A recruiter cannot reach the section.
    const recruiter = await createMember(bed.t.db, bed.t.auth, staff, "recruiter");
    const refused = await callAction(settingsRoute.action, { path: "/settings/careers", cookie: recruiter.cookie, form: careersForm({ slug: "stolen" }) });
    expect(refused.status).toBe(403);
    expect(await slugOf(staff.companyId)).toBe("harbour-lights-jobs");
  });
});

describe("a company's logo", () => {
  it("is stored when it is a PNG, JPEG or WebP, served from the careers page's address, replaced and removed with its file", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth, { companyName: "Logo Keepers" });
    const slug = (await slugOf(staff.companyId))!;
    const post = (values: Record<string, string>, logo?: { bytes: Buffer; name: string; type: string }) =>
      callAction(settingsRoute.action, { path: "/settings/careers", cookie, form: careersForm({ slug, ...values }, logo) });

    // An SVG (it could carry a script) is refused whatever it is called.
    const svg = await post({}, { bytes: SVG, name: "logo.png", type: "image/png" });
    expect((svg.data as { errors: Record<string, string> }).errors).toEqual({ logo: "Upload the logo as a PNG, JPEG or WebP image" });
    const big = await post({}, { bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), name: "big.png", type: "image/png" });
    expect((big.data as { errors: Record<string, string> }).errors).toEqual({ logo: "The logo must be 1 MB or smaller" });

    expect((await post({}, { bytes: PNG, name: "logo.png", type: "image/png" })).status).toBe(302);
    const firstKey = (await bed.t.db.select({ key: companies.logoKey }).from(companies).where(eq(companies.id, staff.companyId)))[0]!.key!;
    const served = await callLoader(logoRoute.loader, { path: `/companies/${slug}/logo`, params: { slug } });
    expect(served.response!.headers.get("Content-Type")).toBe("image/png");
    expect(served.response!.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await readAll(served.response!)).toEqual(PNG);
    // The company's job pages show it, and Google's data names it as the organisation's logo.
    const job = await createTestJob(bed.t.db, staff, { title: "Logo job" });
    invalidateJobBoardCache();
    const { data: page } = await callLoader(jobPageRoute.loader, { path: `/jobs/${job.id}/logo-job`, params: { id: job.id, slug: "logo-job" } });
    if (page.status !== "published") throw new Error("not published");
    expect(page.job.companyLogoPath).toMatch(new RegExp(`^/companies/${slug}/logo\\?v=[0-9a-f]{8}$`));
    expect(JSON.parse(page.jsonLd).hiringOrganization.logo).toBe(`http://localhost:3000${page.job.companyLogoPath}`);

    const jpeg = Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex");
    expect((await post({}, { bytes: jpeg, name: "logo.jpg", type: "image/jpeg" })).status).toBe(302);
    await expect(fileStorage().get(firstKey)).rejects.toBeInstanceOf(FileNotFoundError);
    const secondKey = (await bed.t.db.select({ key: companies.logoKey }).from(companies).where(eq(companies.id, staff.companyId)))[0]!.key!;

    expect((await post({ removeLogo: "on" })).status).toBe(302);
    await expect(fileStorage().get(secondKey)).rejects.toBeInstanceOf(FileNotFoundError);
    expect((await callLoader(logoRoute.loader, { path: `/companies/${slug}/logo`, params: { slug } })).status).toBe(404);
  });
});

describe("the careers page", () => {
  it("shows the company's published jobs only, featured first, with its filters, and 404 at an unknown address", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth, { companyName: "Filter Works" });
    const other = await createStaff(bed.t.db, bed.t.auth, { companyName: "Someone Else" });
    const slug = (await slugOf(staff.companyId))!;
    await createTestJob(bed.t.db, staff, { title: "Backend Engineer", location: "Berlin, Germany", type: "full-time", remote_type: "hybrid", department: "Engineering" });
    await createTestJob(bed.t.db, staff, { title: "Support Lead", location: "Lisbon", type: "part-time", remote_type: "remote", department: "Support", featured: true });
    await createTestJob(bed.t.db, staff, { title: "Frontend Engineer", location: "Berlin", type: "contract", remote_type: "office", department: "engineering" });
    const draft = await createTestJob(bed.t.db, staff, { title: "Secret Draft" });
    await bed.t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));
    await createTestJob(bed.t.db, other.staff, { title: "Not Theirs", department: "Engineering" });
    invalidateJobBoardCache();

    const page = async (query = "") => (await callLoader(careersRoute.loader, { path: `/companies/${slug}${query}`, params: { slug } })).data;
    const titles = async (query = "") => (await page(query)).jobs.map((job) => job.title);
    expect(await titles()).toEqual(["Support Lead", "Frontend Engineer", "Backend Engineer"]);
    expect((await page()).jobs[0]).toMatchObject({ featured: true, companyHref: `/companies/${slug}` });
    expect((await page()).choices).toEqual({ departments: ["Engineering", "Support", "engineering"], locations: ["Berlin", "Berlin, Germany", "Lisbon"] });
    expect(await titles("?department=ENGINEERING")).toEqual(["Frontend Engineer", "Backend Engineer"]);
    expect(await titles("?location=berlin&type=full-time")).toEqual(["Backend Engineer"]);
    expect(await titles("?remote=remote")).toEqual(["Support Lead"]);
    // A location's words are the starts of the job's location words.
    expect(await titles("?location=BERL")).toEqual(["Frontend Engineer", "Backend Engineer"]);
    expect(await titles("?location=erlin")).toEqual([]);
    expect(await titles("?location=%25%20%3A*%20%7C")).toHaveLength(3);
    expect(await titles("?type=bogus")).toHaveLength(3);

    const missing = await callLoader(careersRoute.loader, { path: "/companies/nobody-here", params: { slug: "nobody-here" } });
    expect(missing.status).toBe(404);
  });

  it("has a job list any site may frame, with titles as text", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth, { companyName: "Embed Works" });
    const slug = (await slugOf(staff.companyId))!;
    await createTestJob(bed.t.db, staff, { title: "Keeper <script>alert(1)</script>" });
    const answer = await callLoader(embedRoute.loader, { path: `/companies/${slug}/embed`, params: { slug } });
    const html = await answer.response!.text();
    expect(answer.response!.headers.get("Content-Security-Policy")).toContain("frame-ancestors *");
    expect(answer.response!.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(html).toContain("Keeper &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
  });
});

describe("the board's filters and featured jobs", () => {
  it("narrow by type, remote, location, department and company in the URL, and featured jobs lead the first page once", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth, { companyName: "Board Filters Inc" });
    const word = `zq${Date.now().toString(36)}`;
    await createTestJob(bed.t.db, staff, { title: `Analyst ${word}`, location: "Porto", type: "contract", remote_type: "remote", department: "Data" });
    await createTestJob(bed.t.db, staff, { title: `Featured Designer ${word}`, location: "Porto", type: "full-time", department: "Design", featured: true });
    invalidateJobBoardCache();
    const slug = (await slugOf(staff.companyId))!;
    const board = async (query: string) => (await callLoader(boardRoute.loader, { path: `/jobs?${query}` })).data;
    const titles = async (query: string) => (await board(query)).jobs.map((job) => job.title);

    expect(await titles(`q=${word}&type=contract`)).toEqual([`Analyst ${word}`]);
    expect(await titles(`q=${word}&remote=remote`)).toEqual([`Analyst ${word}`]);
    expect(await titles(`q=${word}&department=design`)).toEqual([`Featured Designer ${word}`]);
    expect(await titles(`company=${slug}`)).toEqual([`Featured Designer ${word}`, `Analyst ${word}`]);
    expect((await board(`company=${slug}`)).company).toEqual({ name: "Board Filters Inc", href: `/companies/${slug}` });
    expect(await titles(`company=${slug}&location=porto&type=contract`)).toEqual([`Analyst ${word}`]);

    // The first page of the whole board: the featured job first, and not again below.
    const first = await titles("");
    expect(first[0]).toBe(`Featured Designer ${word}`);
    expect(first.filter((title) => title === `Featured Designer ${word}`)).toHaveLength(1);
  });
});

describe("the careers pages migration (decision 108)", () => {
  it("gives every existing company an address from its name", async () => {
    const db = await createTestDatabase({ migrate: false });
    try {
      await migrateUpToBefore(db, "_careers_pages");
      await db.db.execute(sql`insert into companies (name, created_at) values
        ('Acme Robotics', '2026-01-01'), ('ACME robotics!', '2026-01-02'), ('Jobs', '2026-01-03'), ('Æ', '2026-01-04')`);
      await db.migrate();
      const rows = await queryRows<{ name: string; slug: string }>(db.db, sql`select name, slug from companies order by created_at`);
      expect(rows[0]).toEqual({ name: "Acme Robotics", slug: "acme-robotics" });
      expect(rows[1]!.slug).toMatch(/^acme-robotics-[0-9a-f]{8}$/);
      expect(rows[2]!.slug).toMatch(/^company-[0-9a-f]{8}$/);
      expect(rows[3]!.slug).toMatch(/^company-[0-9a-f]{8}$/);
    } finally {
      await db.destroy();
    }
  });
});
