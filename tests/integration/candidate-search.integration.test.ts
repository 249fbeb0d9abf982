import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { applications, candidates, cvs } from "../../db/schema";
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from "~/schemas/candidate-search";
import { CANDIDATES_PAGE_SIZE, listCandidates } from "~/server/candidates/queries.server";
import { searchCandidatesPage } from "~/server/candidates/search.server";
import { addTagToCandidates } from "~/server/candidates/tags.server";
import { queryRows } from "~/server/platform/db.server";
import type { Actor } from "~/server/platform/tenancy.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/** A CV row with its text already read, as the extraction task leaves it. */
async function addCvText(candidateId: string, companyId: string, text: string) {
  await t.db.insert(cvs).values({
    companyId,
    candidateId,
    fileName: "cv.pdf",
    kind: "pdf",
    sizeBytes: 1000,
    sha256: "0".repeat(64),
    storageKey: `cv/test-${crypto.randomUUID()}`,
    textStatus: "text",
    text,
  });
}

async function candidateOf(applicationId: string) {
  const [row] = await t.db.select({ id: applications.candidateId }).from(applications).where(eq(applications.id, applicationId));
  return row!.id;
}

/** `t.db`, keeping the text of each statement run through `execute` (every statement of a search). */
function watched(ran: string[]): typeof t.db {
  const dialect = new PgDialect();
  return new Proxy(t.db, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key === "execute") {
        return (query: SQL) => {
          ran.push(dialect.sqlToQuery(query).sql);
          return target.execute(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const names = async (actor: Actor, q: string, extra: { source?: "job_board" | "added" } = {}) =>
  (await listCandidates(t.db, actor, { q, ...extra })).rows.map((row) => row.name);

describe("Search candidates (full text)", () => {
  it("finds a word that is only in a CV, with the passage that matched and its terms marked", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const grace = await createTestApplication(t.db, job, { candidateName: "Grace Hopper", candidateEmail: "grace@example.test", createdAt: day(2) });
    await createTestApplication(t.db, job, { candidateName: "Alan Turing", candidateEmail: "alan@example.test", createdAt: day(3) });
    await addCvText(await candidateOf(grace.id), staff.companyId, "Rear admiral. Wrote the first COBOL compiler and led the team that built FLOW-MATIC.\nLater taught at Yale.");

    const result = await listCandidates(t.db, staff, { q: "compilers" });
    expect(result.rows.map((row) => row.name)).toEqual(["Grace Hopper"]);
    const [row] = result.rows;
    expect(row!.match).toBe("text");
    // Stemmed: "compilers" found "compiler", and the passage marks it.
    expect(row!.snippet).toContain(`${SNIPPET_MARK_START}compiler${SNIPPET_MARK_END}`);
    expect(row!.snippet).not.toContain("<");
  });

  it("cuts the passage of a long CV around where the words first occur, and reads the whole text when those windows hold no match", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const filler = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");
    const far = await createTestApplication(t.db, job, { candidateName: "Far Apart", candidateEmail: "far@example.test", createdAt: day(2) });
    // Two words 3,000 characters apart, each deep in the text: one window around each.
    await addCvText(
      await candidateOf(far.id),
      staff.companyId,
      `${filler("alpha", 300)} Maintained the Haskell compiler for years. ${filler("beta", 300)} Taught technology to interns. ${filler("gamma", 300)}`,
    );
    const phrase = await createTestApplication(t.db, job, { candidateName: "Late Phrase", candidateEmail: "phrase@example.test", createdAt: day(3) });
    // "machine" and "learning" first occur apart; the phrase only at the end, outside both windows.
    await addCvText(
      await candidateOf(phrase.id),
      staff.companyId,
      `Fixed every machine in the office. ${filler("delta", 200)} Lifelong learning matters. ${filler("epsilon", 200)} Then built machine learning pipelines.`,
    );

    const [both] = (await listCandidates(t.db, staff, { q: "haskell technologies" })).rows;
    expect(both!.name).toBe("Far Apart");
    // Both words marked ("technologies" finds "technology" through the stem "technolog"), from their
    // two windows, and no word cut in half at a window's edge.
    expect(both!.snippet).toContain(`${SNIPPET_MARK_START}Haskell${SNIPPET_MARK_END}`);
    expect(both!.snippet).toContain(`${SNIPPET_MARK_START}technology${SNIPPET_MARK_END}`);
    for (const word of both!.snippet!.replaceAll(SNIPPET_MARK_START, "").replaceAll(SNIPPET_MARK_END, "").split(/[\s.]+/).filter(Boolean)) {
      expect(word).toMatch(/^(alpha|beta|gamma)\d+$|^(Maintained|the|Haskell|compiler|for|years|Taught|technology|to|interns|…)$/);
    }
    expect(both!.snippet!.length).toBeLessThan(400);

    const [late] = (await listCandidates(t.db, staff, { q: '"machine learning"' })).rows;
    expect(late!.name).toBe("Late Phrase");
    expect(late!.snippet).toContain(`${SNIPPET_MARK_START}machine${SNIPPET_MARK_END} ${SNIPPET_MARK_START}learning${SNIPPET_MARK_END}`);
  });

  it("ranks who they are above their tags above what they wrote, the most recently active first within each", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    // Newest: only the cover letter says "kotlin"; oldest: the name does.
    await createTestApplication(t.db, job, {
      candidateName: "Newest Writer",
      candidateEmail: "writer@example.test",
      formData: { cover_letter: "Five years of Kotlin on Android." },
      createdAt: day(9),
    });
    const named = await createTestApplication(t.db, job, { candidateName: "Kotlin Smith", candidateEmail: "ks@example.test", createdAt: day(1) });
    const cv = await createTestApplication(t.db, job, { candidateName: "Middle Reader", candidateEmail: "mr@example.test", createdAt: day(5) });
    await addCvText(await candidateOf(cv.id), staff.companyId, "Backend engineer: Kotlin, Ktor, PostgreSQL.");

    const result = await listCandidates(t.db, staff, { q: "kotlin" });
    expect(result.rows.map((row) => [row.name, row.match])).toEqual([
      ["Kotlin Smith", "names"],
      ["Newest Writer", "text"],
      ["Middle Reader", "text"],
    ]);
    expect(await candidateOf(named.id)).toBe(result.rows[0]!.id);
    expect(result.total).toBe(3);
  });

  it("pages through every tier both ways: names, then tags, then what they wrote, each newest first, every match once", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    // 30 named Zeta, 5 tagged zeta, 30 whose CV says zeta, their activity interleaved in time; one elsewhere.
    const made = async (companyId: string, name: string, n: number) =>
      (
        await queryRows<{ id: string }>(
          t.db,
          sql`insert into candidates (company_id, name, email, email_key, last_applied_at)
              values (${companyId}, ${name}, ${`${name.toLowerCase().replaceAll(" ", ".")}@example.test`}, ${`${name.toLowerCase().replaceAll(" ", ".")}@example.test`}, ${new Date(Date.UTC(2026, 0, 1) + n * 60_000)})
              returning id`,
        )
      )[0]!.id;
    for (let n = 1; n <= 30; n++) await made(staff.companyId, `Zeta Person ${n}`, 3 * n);
    const tagged: string[] = [];
    for (let n = 1; n <= 5; n++) tagged.push(await made(staff.companyId, `Tagged Person ${n}`, 3 * n + 1));
    await addTagToCandidates(t.db, staff, { candidateIds: tagged, name: "Zeta" });
    for (let n = 1; n <= 30; n++) await addCvText(await made(staff.companyId, `Writer Person ${n}`, 3 * n + 2), staff.companyId, "Built the zeta pipeline.");
    await made(other.companyId, "Zeta Elsewhere", 1);

    const expected = [
      ...Array.from({ length: 30 }, (_, i) => `Zeta Person ${30 - i}`),
      ...Array.from({ length: 5 }, (_, i) => `Tagged Person ${5 - i}`),
      ...Array.from({ length: 30 }, (_, i) => `Writer Person ${30 - i}`),
    ];
    // Everyone here also carries the tag "Everyone", for the same search inside a filter.
    const everyone = await queryRows<{ id: string }>(t.db, sql`select id from candidates where company_id = ${staff.companyId}`);
    await addTagToCandidates(t.db, staff, { candidateIds: everyone.map((row) => row.id), name: "Everyone" });

    // One plain word (each group looked for among the newest first); with an exclusion, and inside a
    // filter that may keep few (who they are and their tags read from the names index at once, in one
    // read). Each as 65 matches are (sorted out of the matches at once, decision 125), and as if they
    // were many (`fewMatches: 0`: each group's page looked for on its own).
    const cases = [["zeta", {}], ["zeta -unrelated", {}], ["zeta", { tag: "Everyone" }]] as const;
    for (const [q, filters, search] of cases.flatMap(([q, filters]) => [[q, filters, {}] as const, [q, filters, { fewMatches: 0 }] as const])) {
      const list = (more: { after?: { at: string; id: string }; before?: { at: string; id: string } } = {}) => listCandidates(t.db, staff, { q, ...filters, ...more }, search);
      const pages: Awaited<ReturnType<typeof listCandidates>>[] = [];
      let page = await list();
      pages.push(page);
      while (page.next) pages.push((page = await list({ after: page.next })));
      expect(pages.map((p) => p.rows.length), q).toEqual([CANDIDATES_PAGE_SIZE, CANDIDATES_PAGE_SIZE, 15]);
      expect(pages.flatMap((p) => p.rows.map((row) => row.name)), q).toEqual(expected);
      expect(pages.flatMap((p) => p.rows.map((row) => row.match)), q).toEqual([...Array(30).fill("names"), ...Array(5).fill("tags"), ...Array(30).fill("text")]);
      expect(pages.map((p) => p.total), q).toEqual([65, 65, 65]);
      // Back from the last page, page by page, to the first.
      const back = await list({ before: pages[2]!.previous! });
      expect(back.rows.map((row) => row.name), q).toEqual(pages[1]!.rows.map((row) => row.name));
      const front = await list({ before: back.previous! });
      expect(front.rows.map((row) => row.name), q).toEqual(pages[0]!.rows.map((row) => row.name));
      expect(front.previous, q).toBeNull();
    }
  });

  it("plans only what it runs: few matches are one statement, and only many look for each group's page in a second (decision 136)", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    for (let n = 1; n <= 3; n++) await createTestApplication(t.db, job, { candidateName: `Quill Person ${n}`, candidateEmail: `quill.${n}@example.test`, createdAt: day(n) });
    const expected = ["Quill Person 3", "Quill Person 2", "Quill Person 1"];
    for (const q of ["quill", "quill person"]) {
      const few: string[] = [];
      expect((await listCandidates(watched(few), staff, { q })).rows.map((row) => row.name), q).toEqual(expected);
      // One statement, without the branches that look for each group's page among the newest.
      expect(few, q).toHaveLength(1);
      expect(few[0], q).not.toContain("union all");
      const many: string[] = [];
      expect((await listCandidates(watched(many), staff, { q }, { fewMatches: 2 })).rows.map((row) => row.name), q).toEqual(expected);
      // The matches are counted first; the second statement looks for the page and does not read them again.
      expect(many, q).toHaveLength(2);
      expect(many[0], q).not.toContain("union all");
      expect(many[1], q).toContain("union all");
      expect(many[1], q).not.toContain("found");
    }
  });

  it("sorts the page out of the matches in one statement whenever the count holds them all, more than a thousand too (decision 143)", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    // 1,001 matches: more than decision 125's threshold, far within the cap of 10,000.
    await t.db.execute(sql`insert into candidates (company_id, name, email, email_key, last_applied_at)
      select ${staff.companyId}, 'Numerous Person ' || n, 'numerous.' || n || '@example.test', 'numerous.' || n || '@example.test',
             timestamptz '2026-01-01 12:00:00+00' + n * interval '1 minute'
      from generate_series(1, 1001) n`);
    for (const q of ["numerous", "numerous person"]) {
      const ran: string[] = [];
      const page = await listCandidates(watched(ran), staff, { q });
      expect(ran, q).toHaveLength(1);
      expect(page.total, q).toBe(1001);
      expect(page.totalCapped, q).toBe(false);
      expect(page.rows.map((row) => row.name), q).toEqual(Array.from({ length: CANDIDATES_PAGE_SIZE }, (_, i) => `Numerous Person ${1001 - i}`));
      // The next page follows on from the first, still one statement.
      const next: string[] = [];
      const second = await listCandidates(watched(next), staff, { q, after: page.next! });
      expect(next, q).toHaveLength(1);
      expect(second.rows[0]?.name, q).toBe(`Numerous Person ${1001 - CANDIDATES_PAGE_SIZE}`);
    }
  });

  it("never sorts a page out of a capped count: past the cap the newest come first however many it was asked to sort at once (decision 143)", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    for (let n = 1; n <= 5; n++) await createTestApplication(t.db, await createTestJob(t.db, staff), { candidateName: `Capped Person ${n}`, candidateEmail: `capped.${n}@example.test`, createdAt: day(n) });
    // A cap of 3 reads 4 of the 5 matches, in any order: a page sorted out of those could miss the newest.
    const page = await searchCandidatesPage(t.db, staff, [], { q: "capped person", pageSize: 2, cap: 3, tagsPerRow: 5, fewMatches: 100 });
    expect(page.rows.map((row) => row.name)).toEqual(["Capped Person 5", "Capped Person 4"]);
    expect(page.total).toBe(3);
    expect(page.totalCapped).toBe(true);
  });

  it("takes quoted phrases, -exclusions, phone numbers and email addresses, and stays inside the filters and the company", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const otherJob = await createTestJob(t.db, other);
    const a = await createTestApplication(t.db, job, { candidateName: "Ada Phrase", candidateEmail: "ada.phrase@example.test", createdAt: day(1) });
    const b = await createTestApplication(t.db, job, { candidateName: "Bo Words", candidateEmail: "bo@example.test", createdAt: day(2) });
    const foreign = await createTestApplication(t.db, otherJob, { candidateName: "Foreign Learner", candidateEmail: "f@example.test", createdAt: day(3) });
    await addCvText(await candidateOf(a.id), staff.companyId, "Research in machine learning and statistics.");
    await addCvText(await candidateOf(b.id), staff.companyId, "Learning to build a machine shop; statistics on the side. Kubernetes.");
    await addCvText(await candidateOf(foreign.id), other.companyId, "Machine learning engineer.");
    await t.db.update(candidates).set({ phone: "+1 (555) 010-9999" }).where(eq(candidates.id, await candidateOf(b.id)));

    expect(await names(staff, "machine learning")).toEqual(["Bo Words", "Ada Phrase"]);
    expect(await names(staff, '"machine learning"')).toEqual(["Ada Phrase"]);
    expect(await names(staff, "statistics -kubernetes")).toEqual(["Ada Phrase"]);
    expect(await names(staff, "15550109999")).toEqual(["Bo Words"]);
    expect(await names(staff, "ada.phrase@example.test")).toEqual(["Ada Phrase"]);
    expect(await names(staff, "phrase")).toEqual(["Ada Phrase"]);
    // Another company's candidate never shows, whatever matches.
    expect(await names(other, "machine learning")).toEqual(["Foreign Learner"]);
    // The source filter applies to the search.
    expect(await names(staff, "statistics", { source: "added" })).toEqual([]);
    expect(await names(staff, "statistics", { source: "job_board" })).toEqual(["Bo Words", "Ada Phrase"]);
  });

  it("keeps the search document in step with applications, CV text and deletions", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const first = await createTestApplication(t.db, job, { candidateName: "Step Person", candidateEmail: "step@example.test", formData: {} });
    const candidateId = await candidateOf(first.id);
    expect(await names(staff, "zeppelin")).toEqual([]);
    // A CV whose text arrives later (the extraction task's update).
    await t.db.insert(cvs).values({
      companyId: staff.companyId,
      candidateId,
      fileName: "cv.docx",
      kind: "docx",
      sizeBytes: 10,
      sha256: "1".repeat(64),
      storageKey: `cv/test-${crypto.randomUUID()}`,
    });
    expect(await names(staff, "zeppelin")).toEqual([]);
    await t.db.update(cvs).set({ text: "Flew a zeppelin once.", textStatus: "text" }).where(eq(cvs.candidateId, candidateId));
    expect(await names(staff, "zeppelin")).toEqual(["Step Person"]);
    // A second application's answers count too; deleting it takes them away again.
    const job2 = await createTestJob(t.db, staff);
    const second = await createTestApplication(t.db, job2, {
      candidateName: "Step Person",
      candidateEmail: "STEP@example.test",
      formData: { cover_letter: "I restore gramophones." },
    });
    expect(await names(staff, "gramophone")).toEqual(["Step Person"]);
    await t.db.delete(applications).where(eq(applications.id, second.id));
    expect(await names(staff, "gramophone")).toEqual([]);
    await t.db.delete(cvs).where(eq(cvs.candidateId, candidateId));
    expect(await names(staff, "zeppelin")).toEqual([]);
    // Renamed: the name document follows.
    await t.db.update(candidates).set({ name: "Renamed Quokka" }).where(eq(candidates.id, candidateId));
    expect(await names(staff, "quokka")).toEqual(["Renamed Quokka"]);
    // Nothing written is left: the text document is empty again.
    const [row] = await queryRows<{ empty: boolean }>(t.db, sql`select search_text = ''::tsvector as empty from candidates where id = ${candidateId}`);
    expect(row!.empty).toBe(true);
  });
});
