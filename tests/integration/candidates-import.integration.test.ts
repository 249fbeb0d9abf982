import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { candidates } from "../../db/schema";
import * as previewRoute from "~/routes/staff/candidates-import-preview";
import * as uploadRoute from "~/routes/staff/candidates-import";
import type { Staff } from "~/server/accounts/session.server";
import { describeActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { addCandidate } from "~/server/candidates/candidates.server";
import { getCandidateImport, importCandidates, previewCandidateImport } from "~/server/candidates/import.server";
import { mergeCandidates } from "~/server/candidates/merge.server";
import { queryRows } from "~/server/platform/db.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

const csv = (lines: string[]) => new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
const actorOf = (staff: Staff) => ({ ...staff, displayName: "Grace Recruiter" });

/** How many rows of each table the company has: what an import writes or does not write. */
async function countsOf(companyId: string) {
  const [row] = await queryRows<{ candidates: number; applications: number; events: number; emails: number; queued: number }>(
    bed.t.db,
    sql`select (select count(*) from candidates where company_id = ${companyId})::int as candidates,
               (select count(*) from applications where company_id = ${companyId})::int as applications,
               (select count(*) from activity_events where company_id = ${companyId})::int as events,
               (select count(*) from email_messages where company_id = ${companyId})::int as emails,
               (select count(*) from application_email_queue q join applications a on a.id = q.application_id where a.company_id = ${companyId})::int as queued`,
  );
  return row!;
}

async function preview(staff: Staff, lines: string[], name = "people.csv") {
  const { importId } = await previewCandidateImport(bed.t.db, staff, { name, bytes: csv(lines) });
  return { importId, found: (await getCandidateImport(bed.t.db, staff, importId, { page: 1, errorsOnly: false }))! };
}

describe("importing candidates from CSV", () => {
  it("previews every row with its errors and writes nothing until the import is confirmed", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff, { title: "Backend Engineer" });
    await createTestApplication(bed.t.db, job, { candidateName: "Already There", candidateEmail: "there@example.test" });
    const before = await countsOf(staff.companyId);

    const { found } = await preview(staff, [
      "Name,Email,Phone,Source,Job,Stage",
      "Ada Lovelace,ada@example.test,,Meetup,backend engineer,screening",
      "Alan Turing,not-an-email,,,,",
      ",nameless@example.test,,,,",
      "Grace Hopper,grace@example.test,,,Astronaut,",
      "Edsger Dijkstra,edsger@example.test,,,Backend Engineer,Lunch",
      "Ada Again,ADA@example.test,,,,",
      "Already There,there@example.test,,,Backend Engineer,",
      "Barbara Liskov,barbara@example.test,,,,Screening",
      "Margaret Hamilton,margaret@example.test,+1 555 0100,,,",
    ]);
    expect(found).toMatchObject({ status: "previewed", rowCount: 9, errorCount: 7, fileName: "people.csv" });
    expect(found.pageRows.map((row) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, ["Invalid email address"]],
      [4, ["Full name is required"]],
      [5, ['No job called "Astronaut"']],
      [6, ['No stage called "Lunch" in Backend Engineer']],
      [7, ["Same email as row 2"]],
      [8, ["Already has an application for Backend Engineer"]],
      [9, ["A stage needs a job: add the job, or leave the stage empty"]],
      [10, []],
    ]);
    expect(found.pageRows[0]).toMatchObject({ existing: false, jobTitle: "Backend Engineer", stageName: "Screening" });
    expect(found.pageRows[6]).toMatchObject({ existing: true });
    expect(await countsOf(staff.companyId)).toEqual(before);

    // A file with errors cannot be imported: the user is told the first row, and still nothing is written.
    const { importId } = await preview(staff, ["Name,Email", "Ada,ada@example.test", "Bad,bad"]);
    await expect(importCandidates(bed.t.db, actorOf(staff), importId)).rejects.toMatchObject({ code: "INVALID", message: expect.stringMatching(/^Row 3: Invalid email address\. Nothing was imported/) });
    expect(await countsOf(staff.companyId)).toEqual(before);
  });

  it("writes every row in one go: new candidates, existing ones linked, applications in their job and stage, no email, history naming the staff member", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    await createTestJob(bed.t.db, staff, { title: "Backend Engineer" });
    const design = await createTestJob(bed.t.db, staff, { title: "Designer" });
    const existing = await addCandidate(bed.t.db, actorOf(staff), { name: "Ada Lovelace", email: "ada@example.test" });
    const before = await countsOf(staff.companyId);

    const { importId, found } = await preview(staff, [
      "email,name,PHONE,Source,Job,Stage,Notes",
      "ADA@example.test,Ada King,+44 20 7946 0958,,Backend Engineer,Screening,ignored",
      `grace@example.test,Grace Hopper,,Meetup,${design.id},`,
      "alan@example.test,Alan Turing,,,,,",
    ]);
    expect(found).toMatchObject({ errorCount: 0, ignoredColumns: ["Notes"], existingCount: 1, applicationCount: 2 });

    expect(await importCandidates(bed.t.db, actorOf(staff), importId)).toEqual({ rows: 3, newCandidates: 2, existingCandidates: 1, applications: 2 });
    const after = await countsOf(staff.companyId);
    expect(after).toEqual({ ...before, candidates: before.candidates + 2, applications: before.applications + 2, events: before.events + 2 });

    const people = await bed.t.db.select().from(candidates).where(eq(candidates.companyId, staff.companyId));
    const byEmail = new Map(people.map((p) => [p.emailKey, p]));
    // The existing candidate is linked, their phone filled in; the new ones came in by the import.
    expect(byEmail.get("ada@example.test")).toMatchObject({ id: existing.candidateId, phone: "+44 20 7946 0958", source: "added" });
    expect(byEmail.get("grace@example.test")).toMatchObject({ name: "Grace Hopper", source: "import", sourceDetail: "Grace Recruiter · people.csv · Meetup" });
    expect(byEmail.get("alan@example.test")).toMatchObject({ source: "import", sourceDetail: "Grace Recruiter · people.csv" });

    const made = await queryRows<{ email: string; job: string; stage: string; source: string; candidate_id: string; id: string }>(
      bed.t.db,
      sql`select a.id, a.candidate_email as email, j.title as job, s.name as stage, a.source, a.candidate_id
          from applications a join jobs j on j.id = a.job_id join pipeline_stages s on s.id = a.current_pipeline_stage_id
          where a.company_id = ${staff.companyId} order by a.candidate_email`,
    );
    expect(made.map(({ email, job, stage, source }) => [email, job, stage, source])).toEqual([
      ["ADA@example.test", "Backend Engineer", "Screening", "import"],
      ["grace@example.test", "Designer", "Applied", "import"],
    ]);
    expect(made[0]!.candidate_id).toBe(existing.candidateId);
    const history = await listSubjectActivity(bed.t.db, staff, made[0]!.id);
    expect(history.map((item) => [describeActivity(item), item.actorName])).toEqual([["Ada King was imported to Backend Engineer in Screening from people.csv", "Test Recruiter"]]);
    expect(after.emails).toBe(0);
    expect(after.queued).toBe(0);
    // Confirming again (a second click) writes nothing more.
    expect(await importCandidates(bed.t.db, actorOf(staff), importId)).toMatchObject({ rows: 3 });
    expect(await countsOf(staff.companyId)).toEqual(after);
    expect((await getCandidateImport(bed.t.db, staff, importId, { page: 1, errorsOnly: false }))!).toMatchObject({ status: "imported", pageRows: [] });
  });

  it("is all or nothing: a row that fails when the import is confirmed stops it, names the row and writes nothing", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff, { title: "Backend Engineer" });
    const lines = ["Name,Email,Job", ...Array.from({ length: 20 }, (_, i) => `Person ${i},p${i}@example.test,Backend Engineer`)];
    const { importId } = await preview(staff, lines);
    // Between the preview and the confirmation, person 12 applies to the job themselves.
    await createTestApplication(bed.t.db, job, { candidateName: "Person 12", candidateEmail: "p12@example.test" });
    const before = await countsOf(staff.companyId);

    await expect(importCandidates(bed.t.db, actorOf(staff), importId)).rejects.toMatchObject({
      code: "INVALID",
      message: "Row 14: Already has an application for Backend Engineer. Nothing was imported: fix the file and upload it again.",
    });
    expect(await countsOf(staff.companyId)).toEqual(before);
    // The preview now shows why.
    const found = (await getCandidateImport(bed.t.db, staff, importId, { page: 1, errorsOnly: true }))!;
    expect(found).toMatchObject({ status: "previewed", errorCount: 1 });
    expect(found.pageRows.map((row) => [row.row, row.errors])).toEqual([[14, ["Already has an application for Backend Engineer"]]]);
  });

  it("is one transaction: a failure while writing leaves nothing of the import", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    await createTestJob(bed.t.db, staff, { title: "Backend Engineer" });
    const { importId } = await preview(staff, ["Name,Email,Job", ...Array.from({ length: 30 }, (_, i) => `Person ${i},p${i}@example.test,Backend Engineer`)]);
    const before = await countsOf(staff.companyId);
    // The database refuses the history of the imported applications: the last statement of the import.
    await bed.t.db.execute(sql.raw(`create function refuse_imported_events() returns trigger language plpgsql as $$
      begin if new.type = 'application_imported' then raise exception 'imported events are refused by this test'; end if; return new; end $$`));
    await bed.t.db.execute(sql.raw(`create trigger refuse_imported_events before insert on activity_events for each row execute function refuse_imported_events()`));
    try {
      await expect(importCandidates(bed.t.db, actorOf(staff), importId)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/refused by this test/) } });
    } finally {
      await bed.t.db.execute(sql.raw(`drop trigger refuse_imported_events on activity_events`));
      await bed.t.db.execute(sql.raw(`drop function refuse_imported_events()`));
    }
    expect(await countsOf(staff.companyId)).toEqual(before);
    expect((await getCandidateImport(bed.t.db, staff, importId, { page: 1, errorsOnly: false }))!.status).toBe("previewed");
    // Once the database takes it, the same preview imports.
    expect(await importCandidates(bed.t.db, actorOf(staff), importId)).toMatchObject({ newCandidates: 30, applications: 30 });
  });

  it("never reaches another company: its jobs are unknown, its imports not found", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const { staff: other } = await createStaff(bed.t.db, bed.t.auth);
    const theirJob = await createTestJob(bed.t.db, other, { title: "Their Secret Job" });
    const { found } = await preview(staff, ["Name,Email,Job", `Ada,ada@example.test,${theirJob.id}`, "Alan,alan@example.test,Their Secret Job"]);
    expect(found.pageRows.map((row) => row.errors)).toEqual([[`No job called "${theirJob.id}"`], ['No job called "Their Secret Job"']]);

    const { importId } = await preview(staff, ["Name,Email", "Ada,ada@example.test"]);
    expect(await getCandidateImport(bed.t.db, other, importId, { page: 1, errorsOnly: false })).toBeNull();
    await expect(importCandidates(bed.t.db, actorOf(other), importId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await countsOf(other.companyId)).candidates).toBe(0);
    expect((await countsOf(staff.companyId)).candidates).toBe(0);
  });

  it("links an address merged into another candidate to that candidate, and says when two rows are one person", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const keep = await addCandidate(bed.t.db, actorOf(staff), { name: "Ada Lovelace", email: "ada@example.test" });
    const merged = await addCandidate(bed.t.db, actorOf(staff), { name: "Ada King", email: "countess@example.test" });
    await mergeCandidates(bed.t.db, staff, { keepId: keep.candidateId, mergeId: merged.candidateId });
    const { found } = await preview(staff, ["Name,Email", "Ada King,countess@example.test", "Ada L,ada@example.test"]);
    expect(found.pageRows.map((row) => [row.existing, row.errors])).toEqual([
      [true, []],
      [true, ["Same candidate as row 2 (their addresses were merged)"]],
    ]);
    const { importId } = await preview(staff, ["Name,Email,Phone", "Ada King,countess@example.test,555 0100 200"]);
    expect(await importCandidates(bed.t.db, actorOf(staff), importId)).toMatchObject({ newCandidates: 0, existingCandidates: 1 });
    expect((await bed.t.db.select().from(candidates).where(eq(candidates.companyId, staff.companyId))).map((c) => [c.id, c.phone])).toEqual([
      [keep.candidateId, "555 0100 200"],
    ]);
  });

  it("imports 10,000 rows in one transaction", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    await createTestJob(bed.t.db, staff, { title: "Backend Engineer" });
    const lines = ["Name,Email,Phone,Job", ...Array.from({ length: 10_000 }, (_, i) => `Person ${i},person${i}@example.test,+1 555 ${String(i).padStart(7, "0")},${i % 2 ? "Backend Engineer" : ""}`)];
    const { importId, found } = await preview(staff, lines);
    expect(found).toMatchObject({ rowCount: 10_000, errorCount: 0, pages: 100, page: 1 });
    // The preview reads one page of rows out of the stored ones; past the last page, the last.
    const last = (await getCandidateImport(bed.t.db, staff, importId, { page: 100, errorsOnly: false }))!;
    expect(last.pageRows.map((row) => row.row)).toEqual(Array.from({ length: 100 }, (_, i) => 9_902 + i));
    expect((await getCandidateImport(bed.t.db, staff, importId, { page: 5_000, errorsOnly: false }))!).toMatchObject({ page: 100, pageRows: last.pageRows });
    expect((await getCandidateImport(bed.t.db, staff, importId, { page: 3, errorsOnly: true }))!).toMatchObject({ page: 1, pages: 1, pageRows: [] });
    expect(await importCandidates(bed.t.db, actorOf(staff), importId)).toEqual({ rows: 10_000, newCandidates: 10_000, existingCandidates: 0, applications: 5_000 });
    expect(await countsOf(staff.companyId)).toMatchObject({ candidates: 10_000, applications: 5_000, events: 5_001 });
    const [counter] = await queryRows<{ applications: number }>(bed.t.db, sql`select sum(applications)::int as applications from stage_counts where company_id = ${staff.companyId}`);
    expect(counter!.applications).toBe(5_000);
  }, 120_000);
});

describe("the import pages", () => {
  const upload = (cookie: string, file: File | string) => {
    const form = new FormData();
    form.set("file", file);
    return callAction(uploadRoute.action, { path: "/candidates/import", form, cookie });
  };

  it("take a file, show its preview, and import it when confirmed", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const uploaded = await upload(cookie, new File([csv(["Name,Email", "Ada Lovelace,ada@example.test", "Alan Turing,alan@example.test"])], "team.csv", { type: "text/csv" }));
    expect(uploaded.status).toBe(302);
    const location = uploaded.headers.get("Location")!;
    expect(location).toMatch(/^\/candidates\/import\/[0-9a-f-]{36}$/);
    const importId = location.split("/").pop()!;

    const page = await callLoader(previewRoute.loader, { path: location, cookie, params: { importId } });
    expect(page.data).toMatchObject({ fileName: "team.csv", rowCount: 2, errorCount: 0, status: "previewed", page: 1, pages: 1 });
    expect((await countsOf(staff.companyId)).candidates).toBe(0);

    const wrongIntent = await callAction(previewRoute.action, { path: location, cookie, params: { importId }, form: { intent: "nope" } });
    expect(wrongIntent.status).toBe(400);
    const confirmed = await callAction(previewRoute.action, { path: location, cookie, params: { importId }, form: { intent: "import" } });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(location);
    expect((await countsOf(staff.companyId)).candidates).toBe(2);
    const done = await callLoader(previewRoute.loader, { path: location, cookie, params: { importId } });
    expect(done.data).toMatchObject({ status: "imported", result: { rows: 2, newCandidates: 2 } });
  });

  it("say what is wrong with a file beside the file field", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    expect(await upload(cookie, "")).toMatchObject({ status: 400, data: { errors: { file: "Choose a CSV file to import" } } });
    expect(await upload(cookie, new File([], ""))).toMatchObject({ status: 400, data: { errors: { file: "Choose a CSV file to import" } } });
    expect(await upload(cookie, new File([csv(["Who,Where", "x,y"])], "x.csv"))).toMatchObject({
      status: 400,
      data: { errors: { file: expect.stringContaining("with Name and Email among them") } },
    });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.csv");
    expect(await upload(cookie, big)).toMatchObject({ status: 400, data: { errors: { file: expect.stringContaining("larger than 5 MB") } } });
  });

  it("answer not found for a malformed or unknown import", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await callLoader(previewRoute.loader, { path: `/candidates/import/${unknown}`, cookie, params: { importId: unknown } })).status).toBe(404);
    expect((await callAction(previewRoute.action, { path: `/candidates/import/${unknown}`, cookie, params: { importId: unknown }, form: { intent: "import" } })).status).toBe(404);
  });
});
