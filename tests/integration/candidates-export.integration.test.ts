import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { candidates } from "../../db/schema";
import * as exportRoute from "~/routes/staff/candidates-export";
import type { Staff } from "~/server/accounts/session.server";
import { addCandidate } from "~/server/candidates/candidates.server";
import { CANDIDATES_CSV_COLUMNS, candidatesCsvChunks } from "~/server/candidates/export.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/** The export's answer for this query, as the browser gets it, and its rows read back with a CSV parser. */
async function exportCsv(cookie: string, query = "") {
  const answer = await callLoader(exportRoute.loader, { path: `/candidates/export.csv${query}`, cookie });
  const bytes = new Uint8Array(await answer.response!.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const records = parse(text, { bom: true }) as string[][];
  return { answer, text, header: records[0], rows: records.slice(1) };
}

async function added(staff: Staff, name: string, email: string, phone?: string, source?: string) {
  return (await addCandidate(bed.t.db, { ...staff, displayName: "Test Recruiter" }, { name, email, phone, source })).candidateId;
}

describe("the candidates CSV export", () => {
  it("writes every candidate of the company with the list's columns, newest activity first, as a file to download", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff, { title: "Backend" });
    await createTestApplication(bed.t.db, job, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", createdAt: day(3), stageName: "Screening" });
    await createTestApplication(bed.t.db, job, { candidateName: "Alan Turing", candidateEmail: "alan@example.test", createdAt: day(2), status: "rejected" });
    // Another company's candidate is never in this company's file.
    const { staff: other } = await createStaff(bed.t.db, bed.t.auth);
    await added(other, "Someone Else", "else@example.test");

    const { answer, text, header, rows } = await exportCsv(cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="candidates-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    // A byte order mark first, for Excel.
    expect(text.startsWith("\uFEFFName,Email,")).toBe(true);
    expect(text).toContain("\r\n");
    expect(header).toEqual([...CANDIDATES_CSV_COLUMNS]);
    expect(rows).toEqual([
      ["Ada Lovelace", "ada@example.test", "", "Job board", "Backend", "Screening", "active", "2026-01-03", "1"],
      ["Alan Turing", "alan@example.test", "", "Job board", "Backend", "Applied", "rejected", "2026-01-02", "1"],
    ]);
    expect(text).not.toContain("Someone Else");
  });

  it("applies the list's search and source filter", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff);
    await createTestApplication(bed.t.db, job, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test" });
    await added(staff, "Ada Byron", "byron@example.test", undefined, "Meetup");
    await added(staff, "Grace Hopper", "grace@example.test");

    expect((await exportCsv(cookie, "?q=ada")).rows.map((row) => row[0]).sort()).toEqual(["Ada Byron", "Ada Lovelace"]);
    expect((await exportCsv(cookie, "?source=added")).rows.map((row) => row[0]).sort()).toEqual(["Ada Byron", "Grace Hopper"]);
    const both = await exportCsv(cookie, "?q=ada&source=added");
    expect(both.rows.map((row) => [row[0], row[3]])).toEqual([["Ada Byron", "Added by Test Recruiter · Meetup"]]);
    // A junk filter falls back to none, as the list's does; a cursor is no filter of the file.
    expect((await exportCsv(cookie, "?source=bogus&after=1_00000000-0000-4000-8000-000000000000")).rows).toHaveLength(3);
  });

  it("quotes what needs quoting and neutralises formulas, so a spreadsheet shows text", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    await added(staff, '=HYPERLINK("http://evil.test","Click")', "formula@example.test", "+44 20 7946 0958");
    await added(staff, "Lovelace, Ada", "comma@example.test", undefined, 'The "Engine" club');
    await added(staff, "@Mention", "at@example.test", undefined, "-5 days");

    const { text, rows } = await exportCsv(cookie);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`);
    const byEmail = new Map(rows.map((row) => [row[1], row]));
    expect(byEmail.get("formula@example.test")!.slice(0, 3)).toEqual([`'=HYPERLINK("http://evil.test","Click")`, "formula@example.test", "'+44 20 7946 0958"]);
    expect(byEmail.get("comma@example.test")!.slice(0, 4)).toEqual(["Lovelace, Ada", "comma@example.test", "", 'Added by Test Recruiter · The "Engine" club']);
    expect(byEmail.get("at@example.test")![0]).toBe("'@Mention");
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("reads in batches, every candidate once, and misses nobody who becomes active while it is written", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    await bed.t.db.execute(sql`insert into candidates (company_id, name, email, email_key, last_applied_at)
      select ${staff.companyId}, 'Person ' || n, 'p' || n || '@example.test', 'p' || n || '@example.test', timestamptz '2026-01-01' + n * interval '1 minute'
      from generate_series(1, 7) n`);
    const chunks = candidatesCsvChunks(bed.t.db, staff, {}, { batchSize: 3 });
    const pieces: string[] = [];
    pieces.push((await chunks.next()).value as string); // the header
    pieces.push((await chunks.next()).value as string); // Person 7, 6, 5
    // Person 1 (not written yet: the oldest) applies again while the file is being written.
    await bed.t.db.update(candidates).set({ lastAppliedAt: sql`now()` }).where(eq(candidates.email, "p1@example.test"));
    for await (const piece of chunks) pieces.push(piece);
    const rows = (parse(pieces.join(""), { bom: true }) as string[][]).slice(1).map((row) => row[0]);
    expect(pieces).toHaveLength(4); // the header, two batches of 3 (Person 1 has left the walk), then Person 1
    expect(rows).toEqual(["Person 7", "Person 6", "Person 5", "Person 4", "Person 3", "Person 2", "Person 1"]);
  });

  it("writes only the header for a company with no candidates", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const { header, rows } = await exportCsv(cookie);
    expect(header).toEqual([...CANDIDATES_CSV_COLUMNS]);
    expect(rows).toEqual([]);
  });
});
