import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activityEvents, applications, candidates, stageCounts } from "../../db/schema";
import type { Staff } from "~/server/accounts/session.server";
import { listCandidateActivity, describeActivity } from "~/server/activity/queries.server";
import { addCandidate } from "~/server/candidates/candidates.server";
import { dismissDuplicate, findPossibleDuplicates } from "~/server/candidates/duplicates.server";
import { CANDIDATE_REFERENCES, mergeCandidates } from "~/server/candidates/merge.server";
import { getCandidate } from "~/server/candidates/queries.server";
import { queryRows } from "~/server/platform/db.server";
import { applyTo, createStaff, createTestApplication, createTestJob, SAMPLE_FORM_SCHEMA } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

async function candidateOf(applicationId: string) {
  const [row] = await t.db.select({ id: applications.candidateId }).from(applications).where(eq(applications.id, applicationId));
  return row!.id;
}

async function candidateRow(id: string) {
  const [row] = await t.db.select().from(candidates).where(eq(candidates.id, id));
  return row;
}

/** Two candidates of one person at one company: Ada with two applications, Augusta with one (the older contact) and a phone. */
async function twoCandidatesOfOnePerson(staff: Staff) {
  const backend = await createTestJob(t.db, staff, { title: "Backend" });
  const design = await createTestJob(t.db, staff, { title: "Design" });
  const ops = await createTestJob(t.db, staff, { title: "Ops" });
  const first = await createTestApplication(t.db, backend, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", createdAt: day(5) });
  const second = await createTestApplication(t.db, design, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", createdAt: day(6), stageName: "Screening" });
  const theirs = await createTestApplication(t.db, ops, { candidateName: "Augusta King", candidateEmail: "augusta@elsewhere.test", createdAt: day(2) });
  const keepId = await candidateOf(first.id);
  const mergeId = await candidateOf(theirs.id);
  await t.db.update(candidates).set({ phone: "+44 20 7946 0958" }).where(eq(candidates.id, mergeId));
  return { keepId, mergeId, jobs: { backend, design, ops }, applications: { first, second, theirs } };
}

describe("merging two candidates", () => {
  it("moves every application to the kept one, takes the phone it lacked and the earlier first contact, records who merged whom and deletes the other", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { keepId, mergeId, applications: apps } = await twoCandidatesOfOnePerson(staff);
    const countsBefore = await t.db.select().from(stageCounts).where(eq(stageCounts.companyId, staff.companyId));

    expect(await mergeCandidates(t.db, staff, { keepId, mergeId })).toEqual({ keepId, applicationsMoved: 1 });

    const kept = await getCandidate(t.db, staff, keepId);
    expect(kept).toMatchObject({ name: "Ada Lovelace", email: "ada@example.test", phone: "+44 20 7946 0958", createdAt: day(2).toISOString(), lastAppliedAt: day(6).toISOString() });
    expect(kept!.applications.map((a) => [a.jobTitle, a.stageName, a.candidateEmail])).toEqual([
      ["Design", "Screening", "ada@example.test"],
      ["Backend", "Applied", "ada@example.test"],
      ["Ops", "Applied", "augusta@elsewhere.test"],
    ]);
    expect(await candidateRow(mergeId)).toBeUndefined();
    expect(await candidateOf(apps.theirs.id)).toBe(keepId);
    // Stage counters are per stage, and no application changed stage.
    expect(await t.db.select().from(stageCounts).where(eq(stageCounts.companyId, staff.companyId))).toEqual(countsBefore);

    const history = await listCandidateActivity(t.db, staff, keepId);
    const merged = history.find((item) => item.type === "candidates_merged")!;
    expect(merged).toMatchObject({ subjectType: "candidate", subjectId: keepId, actorName: "Test Recruiter" });
    expect(describeActivity(merged)).toBe("Augusta King (augusta@elsewhere.test) was merged into Ada Lovelace");
  });

  it("keeps the kept one's phone and first source when they came first", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const actor = { ...staff, displayName: "Grace Recruiter" };
    const kept = await addCandidate(t.db, actor, { name: "Ada Lovelace", email: "ada@example.test", phone: "111 222 333", source: "Meetup" });
    const job = await createTestJob(t.db, staff);
    const later = await createTestApplication(t.db, job, { candidateName: "Ada L", candidateEmail: "ada@work.test", createdAt: new Date(Date.now() + 60_000) });
    const mergeId = await candidateOf(later.id);
    await t.db.update(candidates).set({ phone: "999 888 777" }).where(eq(candidates.id, mergeId));
    await mergeCandidates(t.db, staff, { keepId: kept.candidateId, mergeId });
    expect(await candidateRow(kept.candidateId)).toMatchObject({ phone: "111 222 333", source: "added", sourceDetail: "Grace Recruiter · Meetup" });
  });

  it("lets the merged address find the kept candidate when that person applies, is added or comes again", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { keepId, mergeId } = await twoCandidatesOfOnePerson(staff);
    await mergeCandidates(t.db, staff, { keepId, mergeId });

    const job = await createTestJob(t.db, staff, { title: "Research", form_schema: SAMPLE_FORM_SCHEMA });
    // Applying again with the merged address, in other capitals: the kept candidate, no new one.
    const again = await applyTo(t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_name: "Augusta King", candidate_email: " Augusta@Elsewhere.test " });
    expect(await candidateOf(again.id)).toBe(keepId);
    // Added by hand with it: found, not duplicated.
    const added = await addCandidate(t.db, { ...staff, displayName: "Test Recruiter" }, { name: "Augusta King", email: "augusta@elsewhere.test" });
    expect(added).toMatchObject({ candidateId: keepId, existed: true });
    const [{ n }] = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from candidates where company_id = ${staff.companyId}`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("moves earlier merges and 'not a duplicate' along, and drops the pair being merged", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const actor = { ...staff, displayName: "Test Recruiter" };
    const add = async (name: string, email: string) => (await addCandidate(t.db, actor, { name, email })).candidateId;
    const a = await add("Ada Lovelace", "ada@one.test");
    const b = await add("Ada Lovelace", "ada@two.test");
    const c = await add("Ada Lovelace", "ada@three.test");
    const other = await add("Ada Lovelace", "ada@four.test");
    // B is not the same person as Other; A and B were said not to be one, then merged anyway.
    await dismissDuplicate(t.db, staff, { candidateId: b, otherId: other });
    await dismissDuplicate(t.db, staff, { candidateId: a, otherId: b });
    // C was merged into B earlier: its address and its event now belong to B.
    await mergeCandidates(t.db, staff, { keepId: b, mergeId: c });

    await mergeCandidates(t.db, staff, { keepId: a, mergeId: b });
    // A inherits "not the same as Other"; the A–B pair is gone with B.
    expect((await findPossibleDuplicates(t.db, staff, a)).map((d) => d.id)).toEqual([]);
    expect((await findPossibleDuplicates(t.db, staff, other)).map((d) => d.id)).toEqual([]);
    const aliases = await queryRows<{ email_key: string; candidate_id: string }>(t.db, sql`select email_key, candidate_id from candidate_email_aliases where company_id = ${staff.companyId} order by email_key`);
    expect(aliases).toEqual([
      { email_key: "ada@three.test", candidate_id: a },
      { email_key: "ada@two.test", candidate_id: a },
    ]);
    const events = await listCandidateActivity(t.db, staff, a);
    expect(events.filter((e) => e.type === "candidates_merged").map(describeActivity)).toEqual([
      "Ada Lovelace (ada@two.test) was merged into Ada Lovelace",
      "Ada Lovelace (ada@three.test) was merged into Ada Lovelace",
    ]);
  });

  it("refuses candidates of another company, leaving both as they were", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const { keepId, mergeId } = await twoCandidatesOfOnePerson(staff);
    const theirJob = await createTestJob(t.db, other);
    const theirs = await candidateOf((await createTestApplication(t.db, theirJob)).id);

    await expect(mergeCandidates(t.db, other, { keepId, mergeId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(mergeCandidates(t.db, other, { keepId: theirs, mergeId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(mergeCandidates(t.db, staff, { keepId, mergeId: theirs })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(mergeCandidates(t.db, staff, { keepId, mergeId: keepId })).rejects.toMatchObject({ code: "INVALID" });
    await expect(mergeCandidates(t.db, staff, { keepId, mergeId: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await candidateRow(mergeId)).toBeDefined();
    expect(await candidateRow(theirs)).toBeDefined();
    expect((await getCandidate(t.db, staff, keepId))!.applications).toHaveLength(2);
  });

  it("is one transaction: a failure at its last step leaves both candidates and every application as they were", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { keepId, mergeId, applications: apps } = await twoCandidatesOfOnePerson(staff);
    const before = await queryRows(t.db, sql`select * from candidates where company_id = ${staff.companyId} order by id`);
    // The database refuses the last statement (deleting the merged candidate), after every move ran.
    await t.db.execute(sql.raw(`create function refuse_candidate_delete() returns trigger language plpgsql as $$
      begin raise exception 'deleting candidates is refused by this test'; end $$`));
    await t.db.execute(sql.raw(`create trigger refuse_candidate_delete before delete on candidates for each row execute function refuse_candidate_delete()`));
    try {
      // Drizzle wraps the database's error ("Failed query: …") with it as the cause.
      await expect(mergeCandidates(t.db, staff, { keepId, mergeId })).rejects.toMatchObject({ cause: { message: expect.stringMatching(/refused by this test/) } });
    } finally {
      await t.db.execute(sql.raw(`drop trigger refuse_candidate_delete on candidates`));
      await t.db.execute(sql.raw(`drop function refuse_candidate_delete()`));
    }
    expect(await queryRows(t.db, sql`select * from candidates where company_id = ${staff.companyId} order by id`)).toEqual(before);
    expect(await candidateOf(apps.theirs.id)).toBe(mergeId);
    const aliases = await queryRows(t.db, sql`select * from candidate_email_aliases where company_id = ${staff.companyId}`);
    expect(aliases).toEqual([]);
    const events = await t.db.select().from(activityEvents).where(eq(activityEvents.type, "candidates_merged"));
    expect(events.filter((e) => e.companyId === staff.companyId)).toEqual([]);
  });

  it("refuses two applications to one job from the same email, saying which job", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { title: "Backend" });
    const ada = await candidateOf((await createTestApplication(t.db, job, { candidateEmail: "ada@example.test" })).id);
    const other = await addCandidate(t.db, { ...staff, displayName: "Test Recruiter" }, { name: "Ada Other", email: "other@example.test" });
    // Only a write that skips the rules makes this: an application of the other candidate with Ada's address in the same job.
    await t.db.execute(sql`drop index applications_job_email_unique`);
    try {
      await createTestApplication(t.db, job, { candidateEmail: "ADA@example.test" }).then((a) =>
        t.db.update(applications).set({ candidateId: other.candidateId }).where(eq(applications.id, a.id)),
      );
      await expect(mergeCandidates(t.db, staff, { keepId: ada, mergeId: other.candidateId })).rejects.toMatchObject({
        code: "CONFLICT",
        message: expect.stringContaining("(Backend)"),
      });
    } finally {
      await t.db.execute(sql`delete from applications where company_id = ${staff.companyId}`);
      await t.db.execute(sql`create unique index applications_job_email_unique on applications (job_id, lower(candidate_email))`);
    }
  });
});

describe("the list of rows a merge moves", () => {
  it("names every table with a foreign key to candidates (a table missing would lose its rows with the merged candidate)", async () => {
    const referencing = await queryRows<{ table: string }>(
      t.db,
      sql`select distinct conrelid::regclass::text as table from pg_constraint where contype = 'f' and confrelid = 'candidates'::regclass order by 1`,
    );
    const listed = new Set(CANDIDATE_REFERENCES.map((reference) => reference.table));
    expect(referencing.map((row) => row.table).filter((table) => !listed.has(table)), "add the table to CANDIDATE_REFERENCES in merge.server.ts").toEqual([]);
    expect(referencing.map((row) => row.table)).toContain("applications");
  });
});
