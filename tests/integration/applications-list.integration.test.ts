import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { APPLICATIONS_COUNT_CAP, findJobChoices, getApplicationDetail, getApplicationFilterChoices, JOB_CHOICES_LIMIT, listApplications } from "~/server/applications/queries.server";
import { CARDS_PER_MORE, CARDS_PER_PAGE, getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { moveApplication } from "~/server/applications/pipeline.server";
import { createStaff, createTestApplication, createTestJob, setJobStatusDirectly } from "../factories";
import { createTestDatabase, type TestDatabase, seedInBulk } from "../helpers/test-database";
import { queryRows } from "~/server/platform/db.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

describe("the job filter's choices", () => {
  it("offers the company's jobs by part of their title, newest first, a few at a time", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    await createTestJob(t.db, other, { title: "Backend Engineer (theirs)" });
    for (let i = 1; i <= JOB_CHOICES_LIMIT + 5; i++) await createTestJob(t.db, staff, { title: `Backend Engineer ${i}` });
    await setJobStatusDirectly(t.db, (await createTestJob(t.db, staff, { title: "Product Designer" })).id, "draft");
    await createTestJob(t.db, staff, { title: "50% Remote" });

    const all = await findJobChoices(t.db, staff, "");
    expect(all.jobs).toHaveLength(JOB_CHOICES_LIMIT);
    expect(all.more).toBe(true);
    expect(all.jobs.slice(0, 3).map((j) => [j.title, j.status])).toEqual([
      ["50% Remote", "published"],
      ["Product Designer", "draft"],
      [`Backend Engineer ${JOB_CHOICES_LIMIT + 5}`, "published"],
    ]);

    const backend = await findJobChoices(t.db, staff, "  backend engineer 1 ");
    expect(backend.more).toBe(false);
    expect(backend.jobs.map((j) => j.title)).toEqual(["Backend Engineer 19", "Backend Engineer 18", "Backend Engineer 17", "Backend Engineer 16", "Backend Engineer 15", "Backend Engineer 14", "Backend Engineer 13", "Backend Engineer 12", "Backend Engineer 11", "Backend Engineer 10", "Backend Engineer 1"]);
    expect((await findJobChoices(t.db, staff, "theirs")).jobs).toEqual([]);
    // Wildcards are text: "%" finds the job with a "%" in its title, not every job.
    expect((await findJobChoices(t.db, staff, "%")).jobs.map((j) => j.title)).toEqual(["50% Remote"]);
  });
});

describe("listApplications", () => {
  it("lists only the company's applications, newest first, with the real stage, filtered and paginated", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const backend = await createTestJob(t.db, staff, { title: "Backend" });
    const design = await createTestJob(t.db, staff, { title: "Design" });
    const theirs = await createTestJob(t.db, other, { title: "Theirs" });
    await createTestApplication(t.db, theirs, { candidateName: "Not Mine" });
    const ada = await createTestApplication(t.db, backend, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", createdAt: day(1) });
    await createTestApplication(t.db, backend, { candidateName: "Grace Hopper", createdAt: day(3), status: "rejected" });
    await createTestApplication(t.db, design, { candidateName: "Alan Turing", candidateEmail: "alan@turing.test", createdAt: day(2) });
    const screening = backend.stages.find((s) => s.name === "Screening")!.id;
    await moveApplication(t.db, staff, ada.id, screening);

    const all = await listApplications(t.db, staff, {});
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => [r.candidateName, r.jobTitle, r.stageName, r.status])).toEqual([
      ["Grace Hopper", "Backend", "Applied", "rejected"],
      ["Alan Turing", "Design", "Applied", "active"],
      ["Ada Lovelace", "Backend", "Screening", "active"],
    ]);

    const names = async (filters: Parameters<typeof listApplications>[2]) =>
      (await listApplications(t.db, staff, filters)).rows.map((r) => r.candidateName);
    expect(await names({ jobId: backend.id })).toEqual(["Grace Hopper", "Ada Lovelace"]);
    expect(await names({ jobId: backend.id, stageId: screening })).toEqual(["Ada Lovelace"]);
    expect(await names({ status: "rejected" })).toEqual(["Grace Hopper"]);
    expect(await names({ q: "TURING" })).toEqual(["Alan Turing"]);
    expect(await names({ q: "ada@" })).toEqual(["Ada Lovelace"]);
    expect(await names({ q: "%" })).toEqual([]);
    // Another company's job filters to nothing rather than leaking its applications.
    expect(await names({ jobId: theirs.id })).toEqual([]);

    // Counted exactly from the stage counters where they count the filters, else from the rows;
    // an application without a stage (the column allows one) is counted too.
    const totals = async (filters: Parameters<typeof listApplications>[2]) => {
      const { total, totalCapped } = await listApplications(t.db, staff, filters);
      return totalCapped ? "capped" : total;
    };
    const alan = (await listApplications(t.db, staff, { q: "turing" })).rows[0]!.id;
    await t.db.execute(sql`update applications set current_pipeline_stage_id = null where id = ${alan}`);
    expect(await totals({})).toBe(3);
    expect(await totals({ status: "active" })).toBe(2);
    expect(await totals({ jobId: backend.id })).toBe(2);
    expect(await totals({ jobId: design.id })).toBe(1);
    expect(await totals({ jobId: backend.id, status: "active" })).toBe(1);
    expect(await totals({ jobId: backend.id, stageId: screening })).toBe(1);
    expect(await totals({ stageId: screening, status: "active" })).toBe(1);
    expect(await totals({ jobId: design.id, stageId: screening })).toBe(0);
    expect(await totals({ jobId: theirs.id })).toBe(0);
    expect(await totals({ status: "rejected" })).toBe(1);
    await moveApplication(t.db, staff, ada.id, backend.stages[0]!.id);
    expect(await totals({ jobId: backend.id, stageId: screening })).toBe(0);
    expect(await totals({ stageId: backend.stages[0]!.id })).toBe(2);

    // The filters show the chosen job and its stages; another company's job is no choice at all.
    const chosen = await getApplicationFilterChoices(t.db, staff, backend.id);
    expect(chosen.job).toEqual({ id: backend.id, title: "Backend" });
    expect(chosen.stages.map((s) => s.name)).toEqual(backend.stages.map((s) => s.name));
    expect(await getApplicationFilterChoices(t.db, staff, theirs.id)).toEqual({ job: null, stages: [] });
    expect(await getApplicationFilterChoices(t.db, staff, undefined)).toEqual({ job: null, stages: [] });
  });

  it("pages 25 at a time with Next and Previous cursors, every row once, across equal timestamps", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    // 60 applications, three to each timestamp: a page boundary falls inside a run of equal times.
    for (let i = 1; i <= 60; i++) await createTestApplication(t.db, job, { candidateName: `Person ${i}`, createdAt: day(Math.ceil(i / 3)) });
    const first = await listApplications(t.db, staff, {});
    expect(first).toMatchObject({ total: 60, totalCapped: false, previous: null });
    expect(first.rows).toHaveLength(25);
    const second = await listApplications(t.db, staff, { after: first.next! });
    const third = await listApplications(t.db, staff, { after: second.next! });
    expect(third.rows).toHaveLength(10);
    expect(third.next).toBeNull();
    const seen = [...first.rows, ...second.rows, ...third.rows].map((r) => r.id);
    expect(new Set(seen).size).toBe(60);
    const newestFirst = [...first.rows, ...second.rows, ...third.rows].map((r) => r.createdAt);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
    // Previous from the third page is the second page, and from the second the first (no Previous there).
    const back = await listApplications(t.db, staff, { before: third.previous! });
    expect(back.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    const front = await listApplications(t.db, staff, { before: back.previous! });
    expect(front.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(front.previous).toBeNull();
    expect(front.next).toEqual(first.next);
  });

  it("keeps the filters on every page and searches by part of a name or an email, in the company only", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const theirs = await createTestJob(t.db, other);
    for (let i = 1; i <= 30; i++) {
      await createTestApplication(t.db, job, { candidateName: `Margaret Hamilton ${i}`, candidateEmail: `mh${i}@apollo.test`, createdAt: day(i) });
    }
    await createTestApplication(t.db, job, { candidateName: "Someone Else", candidateEmail: "else@example.test" });
    await createTestApplication(t.db, theirs, { candidateName: "Margaret Hamilton Theirs", candidateEmail: "mh@apollo.test" });
    const first = await listApplications(t.db, staff, { q: "garet hamil" });
    expect(first.total).toBe(30);
    const second = await listApplications(t.db, staff, { q: "garet hamil", after: first.next! });
    expect(second.rows.map((r) => r.candidateName)).toEqual(["Margaret Hamilton 5", "Margaret Hamilton 4", "Margaret Hamilton 3", "Margaret Hamilton 2", "Margaret Hamilton 1"]);
    expect((await listApplications(t.db, staff, { q: "@APOLLO" })).total).toBe(30);
    // Words of a search with spaces are found together and in their order, short ones too.
    expect((await listApplications(t.db, staff, { q: "hamilton 2" })).total).toBe(11);
    expect((await listApplications(t.db, staff, { q: "TON 3" })).rows.map((r) => r.candidateName)).toEqual(["Margaret Hamilton 30", "Margaret Hamilton 3"]);
    expect((await listApplications(t.db, staff, { q: "margaret 5" })).total).toBe(0);
    expect((await listApplications(t.db, staff, { q: "hamilton margaret" })).total).toBe(0);
    expect((await listApplications(t.db, staff, { q: "t h" })).total).toBe(30);
    expect((await listApplications(t.db, staff, { q: "theirs" })).total).toBe(0);
    expect((await listApplications(t.db, other, { q: "apollo" })).rows.map((r) => r.candidateName)).toEqual(["Margaret Hamilton Theirs"]);
  });

  it("counts up to the cap and says there are more, except where the stage counters count exactly", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const stage = job.stages[0]!.id;
    // Bulk 1 is the newest, Bulk 10001 the oldest; all withdrawn (the counters count all and active ones only).
    await seedInBulk(t.db, sql`insert into applications (company_id, job_id, candidate_name, candidate_email, current_pipeline_stage_id, status, created_at)
      select ${job.companyId}, ${job.id}, 'Bulk ' || n, 'bulk' || n || '@example.test', ${stage}, 'withdrawn', now() - n * interval '1 second'
      from generate_series(1, ${APPLICATIONS_COUNT_CAP + 1}) n`);
    expect(await listApplications(t.db, staff, {})).toMatchObject({ total: APPLICATIONS_COUNT_CAP + 1, totalCapped: false });
    expect(await listApplications(t.db, staff, { jobId: job.id })).toMatchObject({ total: APPLICATIONS_COUNT_CAP + 1, totalCapped: false });
    expect(await listApplications(t.db, staff, { status: "active" })).toMatchObject({ total: 0, totalCapped: false, rows: [] });
    expect(await listApplications(t.db, staff, { status: "withdrawn" })).toMatchObject({ total: APPLICATIONS_COUNT_CAP, totalCapped: true });
    expect(await listApplications(t.db, staff, { q: "bulk1000" })).toMatchObject({ total: 3, totalCapped: false });
    // A search matching more than the cap still shows the newest matches first, and says "10,000+".
    const broad = await listApplications(t.db, staff, { q: "bulk" });
    expect(broad).toMatchObject({ total: APPLICATIONS_COUNT_CAP, totalCapped: true });
    expect(broad.rows.slice(0, 3).map((r) => r.candidateName)).toEqual(["Bulk 1", "Bulk 2", "Bulk 3"]);
    // A narrower one is counted and paged out of its matches, in order, both ways, with the count on every page.
    const first = await listApplications(t.db, staff, { q: "bulk10" });
    expect(first).toMatchObject({ total: 113, totalCapped: false, previous: null });
    expect(first.rows.slice(0, 3).map((r) => r.candidateName)).toEqual(["Bulk 10", "Bulk 100", "Bulk 101"]);
    const second = await listApplications(t.db, staff, { q: "bulk10", after: first.next! });
    expect(second).toMatchObject({ total: 113, totalCapped: false });
    expect(second.rows[0]!.candidateName).toBe("Bulk 1014");
    const back = await listApplications(t.db, staff, { q: "bulk10", before: second.previous! });
    expect(back.rows.map((r) => r.candidateName)).toEqual(first.rows.map((r) => r.candidateName));
    // 10,001 rows, each making its candidate (decision 078): seconds alone, longer beside other files on two cores.
  }, 120_000);
});

describe("getApplicationDetail", () => {
  it("shows every custom answer in the form's order, including fields the job removed, and nothing of another company", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, {
      form_schema: [
        { id: "f-why", type: "textarea", label: "Why us?", required: false, order: 1 },
        { id: "f-years", type: "text", label: "Years of experience", required: true, order: 2 },
        { id: "f-visa", type: "checkbox", label: "Needs a visa", required: false, order: 3 },
      ],
    });
    const application = await createTestApplication(t.db, job, {
      resumeUrl: "https://example.test/cv.pdf",
      formData: {
        cover_letter: "Dear team",
        custom_fields: { "f-years": "7", "f-why": "Your mission", "f-visa": false, "f-gone": "An old answer" },
      },
    });
    const detail = await getApplicationDetail(t.db, staff, application.id);
    expect(detail).toMatchObject({ coverLetter: "Dear team", resumeUrl: "https://example.test/cv.pdf", stage: { name: "Applied" } });
    // The job's stages, in their order (read in the same statement).
    const stages = await queryRows<{ id: string; name: string }>(t.db, sql`select id, name from pipeline_stages where job_id = ${job.id} order by "order"`);
    expect(stages.length).toBeGreaterThan(2);
    expect(detail!.stages).toEqual(stages);
    expect(detail!.answers).toEqual([
      { fieldId: "f-why", label: "Why us?", answer: "Your mission", removed: false },
      { fieldId: "f-years", label: "Years of experience", answer: "7", removed: false },
      { fieldId: "f-visa", label: "Needs a visa", answer: "No", removed: false },
      { fieldId: "f-gone", label: "Removed question", answer: "An old answer", removed: true },
    ]);
    expect(await getApplicationDetail(t.db, other, application.id)).toBeNull();
    expect(await getApplicationDetail(t.db, staff, "not-a-uuid")).toBeNull();
  });
});

describe("getPipelineBoard", () => {
  it("shows the job's stages in order with counts and each column's newest cards, more on request, and no other company's job", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    // A first page of 12 and one "Show more" of 25: 30 applied fill the first and part of the second.
    expect([CARDS_PER_PAGE, CARDS_PER_MORE]).toEqual([12, 25]);
    for (let i = 1; i <= 30; i++) await createTestApplication(t.db, job, { candidateName: `P${i}`, createdAt: day(1 + (i % 28)) });
    const offer = await createTestApplication(t.db, job, { stageName: "Offer" });
    const board = await getPipelineBoard(t.db, staff, job.id);
    expect(board!.columns.map((c) => c.name)).toEqual([
      "Applied", "Screening", "First Interview", "Technical Assessment", "Final Interview", "Offer", "Hired", "Rejected",
    ]);
    expect(board!.total).toBe(31);
    const applied = board!.columns[0]!;
    expect(applied).toMatchObject({ count: 30, hasMore: true });
    expect(applied.cards).toHaveLength(12);
    const times = applied.cards.map((c) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Each card's date as applied (P27 is the newest), and the job itself.
    expect(applied.cards[0]).toMatchObject({ candidateName: "P27", createdAt: day(28).toISOString() });
    expect(board!.job).toEqual({ id: job.id, title: "Backend Engineer", status: "published" });
    expect(board!.columns[5]!.cards.map((c) => c.id)).toEqual([offer.id]);

    const more = await getPipelineBoard(t.db, staff, job.id, { [applied.id]: CARDS_PER_PAGE + CARDS_PER_MORE });
    expect(more!.columns[0]!).toMatchObject({ count: 30, hasMore: false });
    expect(more!.columns[0]!.cards).toHaveLength(30);

    expect(await getPipelineBoard(t.db, other, job.id)).toBeNull();
  });
});
