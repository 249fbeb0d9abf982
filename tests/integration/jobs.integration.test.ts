import { asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, applications, companies, jobs, pipelineStages } from "../../db/schema";
import { CreateJobSchema } from "~/schemas/job";
import { cachedValue } from "~/server/job-board/cache.server";
import { getPublicJob, listBoardJobs, listPublishedJobPaths } from "~/server/job-board/queries.server";
import { getStaffJob, listStaffJobs, STAFF_JOBS_PAGE_SIZE } from "~/server/jobs/queries.server";
import { createJob, JobWriteError, setJobStatus, updateJob } from "~/server/jobs/jobs.server";
import { updateCompanySettings } from "~/server/settings/settings.server";
import { applyTo, createStaff, createTestJob, jobInput, SAMPLE_FORM_SCHEMA } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const stagesOf = (jobId: string) =>
  t.db
    .select({ id: pipelineStages.id, name: pipelineStages.name, order: pipelineStages.order })
    .from(pipelineStages)
    .where(eq(pipelineStages.jobId, jobId))
    .orderBy(asc(pipelineStages.order));

describe("createJob", () => {
  it("creates a published job and its stages together in the actor's company", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const before = Date.now();
    const { id } = await createJob(
      t.db,
      staff,
      jobInput({
        title: "Platform Engineer",
        form_schema: SAMPLE_FORM_SCHEMA,
        stages: [{ name: "Applied" }, { name: "  " }, { name: " Take-home task ", description: "Two hours" }, { name: "Hired" }],
      }),
    );
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ companyId: staff.companyId, createdBy: staff.userId, status: "published", title: "Platform Engineer" });
    expect(job!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(job!.formSchema.map((f) => [f.id, f.order])).toEqual([["notice", 1], ["github", 2]]);
    expect((await stagesOf(id)).map((s) => [s.name, s.order])).toEqual([
      ["Applied", 1],
      ["Take-home task", 2],
      ["Hired", 3],
    ]);
  });

  it("gives a new job the eight default stages of the spec", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { id } = await createTestJob(t.db, staff);
    expect((await stagesOf(id)).map((s) => s.name)).toEqual([
      "Applied", "Screening", "First Interview", "Technical Assessment", "Final Interview", "Offer", "Hired", "Rejected",
    ]);
  });

  it("writes nothing when a stage cannot be inserted, and says which step failed", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    await t.db.execute(sql`
      create or replace function refuse_stage() returns trigger language plpgsql as $$
      begin
        if new.name = 'Doomed stage' then raise exception 'stage refused for the test'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`create trigger refuse_stage before insert on pipeline_stages for each row execute function refuse_stage()`);
    try {
      const attempt = createJob(t.db, staff, jobInput({ title: "Never stored", stages: [{ name: "Applied" }, { name: "Doomed stage" }] }));
      await expect(attempt).rejects.toBeInstanceOf(JobWriteError);
      await expect(attempt).rejects.toThrow(/^Failed to create pipeline stages: .*stage refused for the test/);
      const [{ n }] = (await t.db.select({ n: count() }).from(jobs).where(eq(jobs.title, "Never stored"))) as [{ n: number }];
      expect(n).toBe(0);
    } finally {
      await t.db.execute(sql`drop trigger refuse_stage on pipeline_stages`);
    }
  });

  it("refuses a pipeline without an Applied stage", () => {
    const result = CreateJobSchema.safeParse({ title: "x", description: "y", stages: [{ name: "Screening" }] });
    expect(result.success).toBe(false);
  });
});

/** Whether the board's cache kept what was put in it before `change` ran. */
async function cacheKeptAcross(change: () => Promise<unknown>): Promise<boolean> {
  const key = `probe-${Math.random()}`;
  await cachedValue(key, async () => "before");
  await change();
  return (await cachedValue(key, async () => "after")) === "before";
}

const activityOf = (jobId: string) =>
  t.db.select({ type: activityEvents.type, data: activityEvents.data }).from(activityEvents).where(eq(activityEvents.subjectId, jobId));

describe("drafts", () => {
  it("saves a draft off the board: no published_at, no public page, no 'Job posted', the board's cache untouched", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    let id = "";
    expect(await cacheKeptAcross(async () => ({ id } = await createJob(t.db, staff, jobInput({ title: "Draft lighthouse keeper" }), { status: "draft" })))).toBe(true);
    const [job] = await t.db.select({ status: jobs.status, publishedAt: jobs.publishedAt }).from(jobs).where(eq(jobs.id, id));
    expect(job).toEqual({ status: "draft", publishedAt: null });
    expect((await stagesOf(id)).map((s) => s.name)).toContain("Applied");
    expect((await listBoardJobs(t.db, { q: "Draft lighthouse keeper" })).jobs).toEqual([]);
    expect(await activityOf(id)).toEqual([]);
    expect((await getStaffJob(t.db, staff, id))?.status).toBe("draft");
  });

  it("publishes by default, clearing the board's cache and recording 'Job posted'", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    let id = "";
    expect(await cacheKeptAcross(async () => ({ id } = await createJob(t.db, staff, jobInput({ title: "Published at once" }))))).toBe(false);
    expect((await getPublicJob(t.db, id))?.status).toBe("published");
    expect((await activityOf(id)).map((event) => event.type)).toEqual(["job_posted"]);
  });

  it("edits a draft without clearing the cache, and publishing it records the change and clears it", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { id } = await createJob(t.db, staff, jobInput({ title: "Quiet draft" }), { status: "draft" });
    let saved: unknown;
    expect(await cacheKeptAcross(async () => (saved = await updateJob(t.db, staff, id, jobInput({ title: "Quiet draft, edited" }))))).toBe(true);
    expect(saved).toEqual({ status: "draft" });
    expect(await cacheKeptAcross(() => setJobStatus(t.db, staff, id, "closed"))).toBe(true);
    let changed: unknown;
    expect(await cacheKeptAcross(async () => (changed = await setJobStatus(t.db, staff, id, "published")))).toBe(false);
    expect(changed).toEqual({ from: "closed" });
    expect(await setJobStatus(t.db, staff, id, "published")).toEqual({ from: "published" });
    expect(await cacheKeptAcross(() => updateJob(t.db, staff, id, jobInput({ title: "Quiet draft, live" })))).toBe(false);
    expect((await activityOf(id)).map((event) => event.data)).toEqual([
      expect.objectContaining({ from: "draft", to: "closed" }),
      expect.objectContaining({ from: "closed", to: "published" }),
    ]);
  });
});

describe("staff queries and tenancy", () => {
  it("lists only the company's jobs with real application counts, and hides another company's job", async () => {
    const a = await createStaff(t.db, t.auth);
    const b = await createStaff(t.db, t.auth);
    const mine = await createTestJob(t.db, a.staff, { title: "Mine", form_schema: SAMPLE_FORM_SCHEMA });
    const theirs = await createTestJob(t.db, b.staff, { title: "Theirs" });
    await applyTo(t.db, mine.id, SAMPLE_FORM_SCHEMA);
    await applyTo(t.db, mine.id, SAMPLE_FORM_SCHEMA);

    const list = await listStaffJobs(t.db, a.staff, {});
    expect(list.rows.map((j) => [j.title, j.applications])).toEqual([["Mine", 2]]);
    expect(await getStaffJob(t.db, a.staff, theirs.id)).toBeNull();
    await expect(setJobStatus(t.db, a.staff, theirs.id, "closed")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(updateJob(t.db, a.staff, theirs.id, jobInput({ title: "Hijacked" }))).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [still] = await t.db.select({ title: jobs.title, status: jobs.status }).from(jobs).where(eq(jobs.id, theirs.id));
    expect(still).toEqual({ title: "Theirs", status: "published" });
  });

  it("pages the staff list 25 jobs at a time, newest first, with Next and Previous", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    for (let i = 1; i <= 27; i++) {
      const { id } = await createTestJob(t.db, staff, { title: `Job ${i}` });
      // Drafts, two to a timestamp: off the public board the other tests of this file read.
      await t.db.update(jobs).set({ status: "draft", createdAt: new Date(Date.UTC(2026, 0, Math.ceil(i / 2))) }).where(eq(jobs.id, id));
    }
    const first = await listStaffJobs(t.db, staff, {});
    expect(first.rows).toHaveLength(STAFF_JOBS_PAGE_SIZE);
    expect(first.previous).toBeNull();
    const second = await listStaffJobs(t.db, staff, { after: first.next! });
    expect(second.next).toBeNull();
    const all = [...first.rows, ...second.rows];
    expect(new Set(all.map((job) => job.id)).size).toBe(27);
    expect(all.slice(0, 1).map((job) => job.title)).toEqual(["Job 27"]);
    const back = await listStaffJobs(t.db, staff, { before: second.previous! });
    expect(back.rows.map((job) => job.id)).toEqual(first.rows.map((job) => job.id));
  });

  it("searches title, description and location and filters by status", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    await createTestJob(t.db, staff, { title: "Rust Developer", location: "Porto" });
    const closed = await createTestJob(t.db, staff, { title: "Go Developer", description: "Write 100% Go services" });
    await setJobStatus(t.db, staff, closed.id, "closed");
    const titles = async (filters: Parameters<typeof listStaffJobs>[2]) => (await listStaffJobs(t.db, staff, filters)).rows.map((j) => j.title);
    expect(await titles({ q: "porto" })).toEqual(["Rust Developer"]);
    expect(await titles({ q: "100%" })).toEqual(["Go Developer"]);
    expect(await titles({ status: "closed" })).toEqual(["Go Developer"]);
    expect(await titles({ status: "draft" })).toEqual([]);
  });
});

describe("updateJob and setJobStatus", () => {
  it("publishes once, closes and reopens, keeping the first published_at", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { id } = await createTestJob(t.db, staff);
    const [first] = await t.db.select({ at: jobs.publishedAt }).from(jobs).where(eq(jobs.id, id));
    await setJobStatus(t.db, staff, id, "closed");
    expect((await getPublicJob(t.db, id))?.status).toBe("closed");
    await setJobStatus(t.db, staff, id, "published");
    const [again] = await t.db.select({ at: jobs.publishedAt, status: jobs.status }).from(jobs).where(eq(jobs.id, id));
    expect(again).toEqual({ at: first!.at, status: "published" });
  });

  it("sets published_at when a draft is first published", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { id } = await createTestJob(t.db, staff);
    await t.db.update(jobs).set({ status: "draft", publishedAt: null }).where(eq(jobs.id, id));
    await setJobStatus(t.db, staff, id, "published");
    const [row] = await t.db.select({ at: jobs.publishedAt }).from(jobs).where(eq(jobs.id, id));
    expect(row!.at).toBeInstanceOf(Date);
  });

  it("renames and reorders stages in place, and refuses to drop a stage with candidates until told where they go", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { id } = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA, stages: [{ name: "Applied" }, { name: "Screening" }, { name: "Offer" }] });
    const { id: applicationId } = await applyTo(t.db, id, SAMPLE_FORM_SCHEMA);
    const [applied, screening, offer] = await stagesOf(id);
    await t.db.update(applications).set({ currentPipelineStageId: screening!.id }).where(eq(applications.id, applicationId));

    const withoutScreening = jobInput({
      form_schema: SAMPLE_FORM_SCHEMA,
      stages: [{ id: applied!.id, name: "Applied" }, { id: offer!.id, name: "Offer made" }, { name: "Hired" }],
    });
    await expect(updateJob(t.db, staff, id, withoutScreening)).rejects.toMatchObject({
      code: "INVALID",
      message: 'Choose where the 1 candidate in "Screening" go before removing that stage.',
    });
    expect((await stagesOf(id)).map((s) => s.name)).toEqual(["Applied", "Screening", "Offer"]);

    await updateJob(t.db, staff, id, { ...withoutScreening, stage_moves: { [screening!.id]: offer!.id } });
    expect((await stagesOf(id)).map((s) => [s.id === offer!.id ? "same offer" : s.name, s.order])).toEqual([
      ["Applied", 1],
      ["same offer", 2],
      ["Hired", 3],
    ]);
    const [moved] = await t.db.select({ stage: applications.currentPipelineStageId }).from(applications).where(eq(applications.id, applicationId));
    expect(moved!.stage).toBe(offer!.id);
  });
});

describe("public board", () => {
  it("shows published jobs of every company newest first, and searches title, requirements, location and company name", async () => {
    const a = await createStaff(t.db, t.auth);
    const b = await createStaff(t.db, t.auth);
    await t.db.update(companies).set({ name: "Zephyrian Widgets" }).where(eq(companies.id, b.staff.companyId));
    const older = await createTestJob(t.db, a.staff, { title: "Quokka Keeper", requirements: "Patience with marsupials" });
    const newer = await createTestJob(t.db, b.staff, { title: "Lighthouse Keeper", location: "Reykjavik" });
    const draft = await createTestJob(t.db, b.staff, { title: "Hidden Quokka Draft" });
    await t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));
    await t.db.update(jobs).set({ publishedAt: new Date(Date.now() - 60_000) }).where(eq(jobs.id, older.id));

    const all = await listBoardJobs(t.db, {});
    const ids = all.jobs.map((j) => j.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(draft.id);

    const search = async (q: string) => (await listBoardJobs(t.db, { q })).jobs.map((j) => j.title);
    expect(await search("quokka")).toEqual(["Quokka Keeper"]);
    expect(await search("marsupial")).toEqual(["Quokka Keeper"]);
    expect(await search("reykjavik")).toEqual(["Lighthouse Keeper"]);
    expect(await search("zephyrian")).toEqual(["Lighthouse Keeper"]);
    expect(await search("keepers -lighthouse")).toEqual(["Quokka Keeper"]);
    expect(await search("'); drop table jobs; --")).toEqual([]);
  });

  it("pages by 20", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    for (let i = 0; i < 21; i++) await createTestJob(t.db, staff, { title: `Paged Ocelot ${i}` });
    const first = await listBoardJobs(t.db, { q: "ocelot" });
    const second = await listBoardJobs(t.db, { q: "ocelot", page: 2 });
    expect([first.jobs.length, first.hasNextPage, second.jobs.length, second.hasNextPage]).toEqual([20, true, 1, false]);
  });

  it("searches a job's edited text and its company's new name at once", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { id } = await createTestJob(t.db, staff, { title: "Axolotl Handler" });
    const search = async (q: string) => (await listBoardJobs(t.db, { q })).jobs.map((j) => j.id);
    expect(await search("axolotl")).toEqual([id]);

    await updateJob(t.db, staff, id, jobInput({ title: "Capybara Handler", location: "Montevideo" }));
    expect(await search("axolotl")).toEqual([]);
    expect(await search("capybara montevideo")).toEqual([id]);

    await updateCompanySettings(t.db, staff, { companyName: "Tapir Collective", website: "" });
    expect(await search("tapir")).toEqual([id]);
    expect(await search('"tapir collective" -capybara')).toEqual([id]);
  });

  it("answers the same pages whether a search fills them from the newest jobs or collects every match", async () => {
    const a = await createStaff(t.db, t.auth);
    const b = await createStaff(t.db, t.auth);
    await updateCompanySettings(t.db, b.staff, { companyName: "Pangolin Works", website: "" });
    // Matches of "pangolin" in the job's text and in the company's name, with newer jobs that
    // match nothing in between; published a second apart so the order is plain.
    const made: { id: string; matches: boolean }[] = [];
    for (let i = 0; i < 30; i++) {
      const kind = i % 3;
      const job =
        kind === 0
          ? await createTestJob(t.db, a.staff, { title: `Pangolin Keeper ${i}` })
          : kind === 1
            ? await createTestJob(t.db, b.staff, { title: `Night Porter ${i}` })
            : await createTestJob(t.db, a.staff, { title: `Gardener ${i}` });
      await t.db.update(jobs).set({ publishedAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)) }).where(eq(jobs.id, job.id));
      made.push({ id: job.id, matches: kind !== 2 });
    }
    const expected = made.filter((job) => job.matches).map((job) => job.id).reverse();
    expect(expected).toHaveLength(20);

    for (const recentWindow of [1_000, 30, 10, 1]) {
      const first = await listBoardJobs(t.db, { q: "pangolin", recentWindow });
      expect([first.jobs.map((j) => j.id), first.hasNextPage]).toEqual([expected, false]);
      const keepers = await listBoardJobs(t.db, { q: "keeper -porter", recentWindow, page: 1 });
      expect(keepers.jobs.map((j) => j.id).slice(0, 10)).toEqual(made.filter((_, i) => i % 3 === 0).map((job) => job.id).reverse());
    }
    // Page 2 of a search that fills page 1 from the newest jobs.
    const groomers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await createTestJob(t.db, a.staff, { title: `Pangolin Groomer ${i}` });
      await t.db.update(jobs).set({ publishedAt: new Date(Date.UTC(2029, 0, 1, 0, 0, i)) }).where(eq(jobs.id, id));
      groomers.unshift(id);
    }
    for (const recentWindow of [1_000, 5]) {
      const [first, second] = await Promise.all([1, 2].map((page) => listBoardJobs(t.db, { q: "pangolin", page, recentWindow })));
      expect([first!.jobs.map((j) => j.id), first!.hasNextPage]).toEqual([expected, true]);
      expect([second!.jobs.map((j) => j.id), second!.hasNextPage]).toEqual([groomers, false]);
    }
  });

  it("lists every published job for the sitemap, leaving closed ones out", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const open = await createTestJob(t.db, staff, { title: "Sitemap Open" });
    const closed = await createTestJob(t.db, staff, { title: "Sitemap Closed" });
    await setJobStatus(t.db, staff, closed.id, "closed");
    const ids = (await listPublishedJobPaths(t.db)).map((job) => job.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
  });

  it("finds a job by id whatever its status and answers null for a malformed id", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { id } = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA });
    expect(await getPublicJob(t.db, id)).toMatchObject({ id, status: "published", formSchema: SAMPLE_FORM_SCHEMA });
    expect(await getPublicJob(t.db, "not-a-uuid")).toBeNull();
    expect(await getPublicJob(t.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
