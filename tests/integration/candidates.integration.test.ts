import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activityEvents, applicationEmailQueue, applications, candidates, stageCounts } from "../../db/schema";
import { addCandidate, ALREADY_IN_JOB } from "~/server/candidates/candidates.server";
import { CANDIDATES_COUNT_CAP, CANDIDATES_PAGE_SIZE, type CandidateFilters, getCandidate, listCandidates } from "~/server/candidates/queries.server";
import { addTagToCandidates } from "~/server/candidates/tags.server";
import { mergeCandidates } from "~/server/candidates/merge.server";
import { eraseCandidate } from "~/server/privacy/erasure.server";
import { listCandidateActivity } from "~/server/activity/queries.server";
import type { Actor } from "~/server/platform/tenancy.server";
import { queryRows } from "~/server/platform/db.server";
import { applyTo, createStaff, createTestApplication, createTestJob, SAMPLE_FORM_SCHEMA } from "../factories";
import { createTestDatabase, type TestDatabase, seedInBulk } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

describe("candidates", () => {
  it("are one per person within a company: a second application with the same email joins the first's candidate", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const backend = await createTestJob(t.db, staff, { title: "Backend", form_schema: SAMPLE_FORM_SCHEMA });
    const design = await createTestJob(t.db, staff, { title: "Design", form_schema: SAMPLE_FORM_SCHEMA });
    const theirs = await createTestJob(t.db, other, { title: "Theirs", form_schema: SAMPLE_FORM_SCHEMA });

    const first = await applyTo(t.db, backend.id, SAMPLE_FORM_SCHEMA, { candidate_name: "Ada Lovelace", candidate_email: "ada@example.test" });
    // The same person, with their email typed in capitals and a new name, to another job.
    const second = await applyTo(t.db, design.id, SAMPLE_FORM_SCHEMA, { candidate_name: "Ada King", candidate_email: " ADA@Example.test " });
    // The same email at another company is another company's candidate.
    await applyTo(t.db, theirs.id, SAMPLE_FORM_SCHEMA, { candidate_name: "Ada Elsewhere", candidate_email: "ada@example.test" });

    const owners = await queryRows<{ candidate_id: string }>(
      t.db,
      sql`select candidate_id from applications where id in (${first.id}, ${second.id})`,
    );
    expect(new Set(owners.map((row) => row.candidate_id)).size).toBe(1);
    const candidateId = owners[0]!.candidate_id;

    const list = await listCandidates(t.db, staff, {});
    expect(list.total).toBe(1);
    expect(list.rows).toEqual([
      expect.objectContaining({ id: candidateId, name: "Ada King", applications: 2, latestJobTitle: "Design", latestStageName: "Applied", latestStatus: "active" }),
    ]);

    const profile = await getCandidate(t.db, staff, candidateId);
    expect(profile?.applications.map((a) => [a.jobTitle, a.stageName])).toEqual([
      ["Design", "Applied"],
      ["Backend", "Applied"],
    ]);
    // Each with its own date, as the driver reads a timestamp (to the millisecond).
    const dates = await queryRows<{ id: string; created_at: Date }>(t.db, sql`select id, created_at from applications where id in (${first.id}, ${second.id})`);
    const dateOf = new Map(dates.map((row) => [row.id, new Date(row.created_at).toISOString()]));
    expect(profile?.applications.map((a) => [a.id, a.createdAt])).toEqual([
      [second.id, dateOf.get(second.id)],
      [first.id, dateOf.get(first.id)],
    ]);
    // Another company's staff do not see the candidate, even by id.
    expect(await getCandidate(t.db, other, candidateId)).toBeNull();
    expect((await listCandidates(t.db, other, {})).rows.map((row) => row.name)).toEqual(["Ada Elsewhere"]);
  });

  it("keep the name and email of their newest application, whatever order they arrive in", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const other = await createTestJob(t.db, staff);
    await createTestApplication(t.db, job, { candidateName: "Grace Newer", candidateEmail: "grace@example.test", createdAt: day(5) });
    // An older application (an import, say) does not make its older name the candidate's.
    await createTestApplication(t.db, other, { candidateName: "Grace Older", candidateEmail: "Grace@example.test", createdAt: day(1) });
    const [row] = await t.db.select().from(candidates).where(eq(candidates.companyId, staff.companyId));
    expect(row).toMatchObject({ name: "Grace Newer", email: "grace@example.test", emailKey: "grace@example.test" });
    expect(row!.lastAppliedAt.toISOString()).toBe(day(5).toISOString());
    expect(row!.createdAt.toISOString()).toBe(day(5).toISOString());
  });

  it("are searched by part of a name or an email and paged by last activity, every candidate once", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    for (let i = 1; i <= 30; i++) {
      await createTestApplication(t.db, job, { candidateName: `Person ${i}`, candidateEmail: `person${i}@example.test`, createdAt: day(Math.ceil(i / 2)) });
    }
    const first = await listCandidates(t.db, staff, {});
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(CANDIDATES_PAGE_SIZE);
    const second = await listCandidates(t.db, staff, { after: first.next! });
    expect(second.rows).toHaveLength(30 - CANDIDATES_PAGE_SIZE);
    expect(second.next).toBeNull();
    const seen = [...first.rows, ...second.rows].map((row) => row.id);
    expect(new Set(seen).size).toBe(30);
    const back = await listCandidates(t.db, staff, { before: second.previous! });
    expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));

    expect((await listCandidates(t.db, staff, { q: "person 7" })).rows.map((row) => row.name)).toEqual(["Person 7"]);
    expect((await listCandidates(t.db, staff, { q: "PERSON12@" })).rows.map((row) => row.name)).toEqual(["Person 12"]);
    expect((await listCandidates(t.db, staff, { q: "%" })).rows).toEqual([]);
  });

  it("are found by a search read once, counted up to the cap, newest first past it, in pages both ways", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    // Bulk 10100 is the most recently active and stored last: a search that took the first 10,001
    // matches it came across would miss the newest.
    await seedInBulk(t.db, sql`insert into candidates (company_id, name, email, email_key, last_applied_at)
      select ${staff.companyId}, 'Bulk ' || n, 'bulk' || n || '@example.test', 'bulk' || n || '@example.test', now() + n * interval '1 second'
      from generate_series(1, ${CANDIDATES_COUNT_CAP + 100}) n`);
    // Without a filter they are counted exactly, by the company's counter (decision 135), on any page.
    const all = await listCandidates(t.db, staff, {});
    expect(all).toMatchObject({ total: CANDIDATES_COUNT_CAP + 100, totalCapped: false });
    expect(await listCandidates(t.db, staff, { after: all.next! })).toMatchObject({ total: CANDIDATES_COUNT_CAP + 100, totalCapped: false });
    expect(await listCandidates(t.db, staff, { after: { at: "0", id: "00000000-0000-4000-8000-000000000000" } })).toMatchObject({ rows: [], total: CANDIDATES_COUNT_CAP + 100 });
    const broad = await listCandidates(t.db, staff, { q: "bulk" });
    expect(broad).toMatchObject({ total: CANDIDATES_COUNT_CAP, totalCapped: true });
    expect(broad.rows.slice(0, 3).map((r) => r.name)).toEqual(["Bulk 10100", "Bulk 10099", "Bulk 10098"]);
    // By name past the cap: the first names, read in the name index's order.
    const byName = await listCandidates(t.db, staff, { q: "bulk", sort: "name" });
    expect(byName).toMatchObject({ total: CANDIDATES_COUNT_CAP, totalCapped: true });
    expect(byName.rows.slice(0, 4).map((r) => r.name)).toEqual(["Bulk 1", "Bulk 10", "Bulk 100", "Bulk 1000"]);
    const nextByName = await listCandidates(t.db, staff, { q: "bulk", sort: "name", after: byName.next! });
    expect(nextByName.rows[0]!.name).toBe("Bulk 1002");
    // A tag on all of them is as broad: counted to the cap once, its page read in order.
    await addTagToCandidates(t.db, staff, { candidateIds: broad.rows.slice(0, 1).map((r) => r.id), name: "Everyone" });
    await t.db.execute(sql`insert into candidate_tags (candidate_id, tag_id, company_id)
      select c.id, t.id, c.company_id from candidates c join tags t on t.company_id = c.company_id
      where c.company_id = ${staff.companyId} on conflict do nothing`);
    const tagged = await listCandidates(t.db, staff, { tag: "everyone" });
    expect(tagged).toMatchObject({ total: CANDIDATES_COUNT_CAP, totalCapped: true, previous: null });
    expect(tagged.rows.slice(0, 2).map((r) => r.name)).toEqual(["Bulk 10100", "Bulk 10099"]);
    const taggedNext = await listCandidates(t.db, staff, { tag: "everyone", after: tagged.next! });
    expect(taggedNext).toMatchObject({ total: CANDIDATES_COUNT_CAP, totalCapped: true });
    expect(taggedNext.rows[0]!.name).toBe("Bulk 10075");
    expect((await listCandidates(t.db, staff, { tag: "everyone", before: taggedNext.previous! })).rows.map((r) => r.name)).toEqual(tagged.rows.map((r) => r.name));
    // "bulk10": Bulk 10, 100–109, 1000–1099 and 10000–10100.
    const first = await listCandidates(t.db, staff, { q: "bulk10" });
    expect(first).toMatchObject({ total: 212, totalCapped: false, previous: null });
    expect(first.rows.slice(0, 2).map((r) => r.name)).toEqual(["Bulk 10100", "Bulk 10099"]);
    const second = await listCandidates(t.db, staff, { q: "bulk10", after: first.next! });
    expect(second).toMatchObject({ total: 212 });
    expect(second.rows[0]!.name).toBe("Bulk 10075");
    const back = await listCandidates(t.db, staff, { q: "bulk10", before: second.previous! });
    expect(back.rows.map((r) => r.name)).toEqual(first.rows.map((r) => r.name));
    // "bulk5": Bulk 5, 50–59, 500–599 and 5000–5999, none among the 1,000 most recently active, so
    // the page is read from the indexes' matches rather than found among the newest (both ways).
    const older = await listCandidates(t.db, staff, { q: "bulk5" });
    expect(older).toMatchObject({ total: 1111, totalCapped: false });
    expect(older.rows.slice(0, 2).map((r) => r.name)).toEqual(["Bulk 5999", "Bulk 5998"]);
    const olderNext = await listCandidates(t.db, staff, { q: "bulk5", after: older.next! });
    expect(olderNext.rows[0]!.name).toBe("Bulk 5974");
    expect((await listCandidates(t.db, staff, { q: "bulk5", before: olderNext.previous! })).rows.map((r) => r.name)).toEqual(older.rows.map((r) => r.name));
    // Past the last match: nobody, and still the count.
    const last = await listCandidates(t.db, staff, { q: "bulk10", after: { at: "0", id: "00000000-0000-4000-8000-000000000000" } });
    expect(last).toMatchObject({ rows: [], total: 212 });
  }, 120_000);

  it("are counted without a filter by the company's counter, kept through additions, merges and erasures (decision 135)", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const people = [];
    for (let i = 1; i <= 4; i++) people.push(await createTestApplication(t.db, job, { candidateName: `Person ${i}`, candidateEmail: `person${i}@example.test` }));
    await createTestApplication(t.db, await createTestJob(t.db, other), { candidateName: "Theirs" });
    const candidateOf = async (applicationId: string) =>
      (await t.db.select({ id: applications.candidateId }).from(applications).where(eq(applications.id, applicationId)))[0]!.id!;
    expect(await listCandidates(t.db, staff, {})).toMatchObject({ total: 4, totalCapped: false });
    await addCandidate(t.db, { ...staff, displayName: "Jane Recruiter" }, { name: "Added By Hand", email: "hand@example.test" });
    expect(await listCandidates(t.db, staff, {})).toMatchObject({ total: 5 });
    await mergeCandidates(t.db, staff, { keepId: await candidateOf(people[0]!.id), mergeId: await candidateOf(people[1]!.id) });
    expect(await listCandidates(t.db, staff, {})).toMatchObject({ total: 4 });
    // An erased candidate stays a row of the list, anonymised, and so in the count.
    await eraseCandidate(t.db, staff, await candidateOf(people[2]!.id), "Person 3");
    const afterErasure = await listCandidates(t.db, staff, {});
    expect(afterErasure).toMatchObject({ total: 4 });
    expect(afterErasure.rows).toHaveLength(4);
    // Deleted with their company's data (or by hand), they leave the count.
    await t.db.execute(sql`delete from candidates where id = ${await candidateOf(people[3]!.id)}`);
    expect(await listCandidates(t.db, staff, {})).toMatchObject({ total: 3 });
    expect(await listCandidates(t.db, other, {})).toMatchObject({ total: 1 });
    // The number is the counter's, not a count of the rows: the page still shows the rows it holds.
    await t.db.execute(sql`update candidate_counts set candidates = 123456 where company_id = ${staff.companyId}`);
    const counted = await listCandidates(t.db, staff, {});
    expect(counted).toMatchObject({ total: 123456, totalCapped: false });
    expect(counted.rows).toHaveLength(3);
    // A filter is counted from the rows, as before.
    expect(await listCandidates(t.db, staff, { source: "job_board" })).toMatchObject({ totalCapped: false });
  });

  it("lose an application with its job and keep the person", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const application = await createTestApplication(t.db, job, { candidateName: "Alan Turing" });
    const [{ candidateId }] = (await t.db.select({ candidateId: applications.candidateId }).from(applications).where(eq(applications.id, application.id))) as [
      { candidateId: string },
    ];
    await t.db.delete(applications).where(eq(applications.id, application.id));
    const profile = await getCandidate(t.db, staff, candidateId);
    expect(profile).toMatchObject({ name: "Alan Turing", applications: [] });
  });

  it("show their history newest first across their applications, at most 20, and nothing of another company", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const backend = await createTestJob(t.db, staff, { title: "Backend", form_schema: SAMPLE_FORM_SCHEMA });
    const design = await createTestJob(t.db, staff, { title: "Design", form_schema: SAMPLE_FORM_SCHEMA });
    const first = await applyTo(t.db, backend.id, SAMPLE_FORM_SCHEMA, { candidate_name: "Grace Hopper", candidate_email: "grace@example.test" });
    const second = await applyTo(t.db, design.id, SAMPLE_FORM_SCHEMA, { candidate_name: "Grace Hopper", candidate_email: "grace@example.test" });
    const [{ candidate_id: candidateId }] = (await queryRows<{ candidate_id: string }>(t.db, sql`select candidate_id from applications where id = ${first.id}`)) as [
      { candidate_id: string },
    ];
    await t.db.delete(activityEvents).where(sql`${activityEvents.subjectId} in (${first.id}, ${second.id})`);
    const event = (subjectId: string, subjectType: "application" | "candidate", n: number, label: string, companyId = staff.companyId) => ({
      companyId,
      type: "application_status_changed" as const,
      subjectType,
      subjectId,
      data: { candidateName: label, from: "active", to: "active" },
      createdAt: day(n),
    });
    // Twelve events on each application on alternate days, two of them at one time (the later-written first),
    // the candidate's own on the newest day, and another company's under the candidate's id.
    await t.db.insert(activityEvents).values([
      ...Array.from({ length: 12 }, (_, i) => event(first.id, "application", 2 * i + 1, `first ${2 * i + 1}`)),
      ...Array.from({ length: 12 }, (_, i) => event(second.id, "application", 2 * i + 2, `second ${2 * i + 2}`)),
      event(second.id, "application", 24, "second 24 again"),
      event(candidateId, "candidate", 28, "merged"),
      event(candidateId, "candidate", 30, "another company's", other.companyId),
    ]);
    const history = await listCandidateActivity(t.db, staff, candidateId);
    expect(history.map((item) => item.data.candidateName)).toEqual([
      "merged",
      "second 24 again",
      "second 24",
      "first 23",
      ...Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? `second ${22 - i}` : `first ${22 - i}`)),
    ]);
    expect(await listCandidateActivity(t.db, other, candidateId)).toEqual([expect.objectContaining({ data: expect.objectContaining({ candidateName: "another company's" }) })]);
  });
});

describe("adding a candidate by hand", () => {
  it("makes the candidate, and with a job an application in its first stage that no email follows", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const adder = { ...staff, displayName: "Jane Recruiter" };
    const job = await createTestJob(t.db, staff, { title: "Backend" });

    const alone = await addCandidate(t.db, adder, { name: "Grace Hopper", email: "grace@example.test", phone: "+1 555 0100", source: "Meetup" });
    expect(alone).toMatchObject({ applicationId: null, existed: false });
    const [grace] = await t.db.select().from(candidates).where(eq(candidates.id, alone.candidateId));
    expect(grace).toMatchObject({ name: "Grace Hopper", phone: "+1 555 0100", source: "added", sourceDetail: "Jane Recruiter · Meetup" });

    const added = await addCandidate(t.db, adder, { name: "Ada Lovelace", email: "ada@example.test", job: job.id });
    const [application] = await t.db.select().from(applications).where(eq(applications.id, added.applicationId!));
    expect(application).toMatchObject({
      candidateId: added.candidateId,
      currentPipelineStageId: job.stages[0]!.id,
      status: "active",
      source: "added",
      sourceDetail: "Jane Recruiter",
    });
    // No "application received" email: nothing is queued for the mail worker.
    expect(await t.db.select().from(applicationEmailQueue).where(eq(applicationEmailQueue.applicationId, added.applicationId!))).toEqual([]);
    // The history names who added them; the stage's counter counts them.
    const [event] = await t.db.select().from(activityEvents).where(eq(activityEvents.subjectId, added.applicationId!));
    expect(event).toMatchObject({ type: "application_added", actorId: staff.userId, data: expect.objectContaining({ jobTitle: "Backend", stageName: "Applied" }) });
    const [counter] = await t.db.select().from(stageCounts).where(eq(stageCounts.stageId, job.stages[0]!.id));
    expect(counter).toMatchObject({ applications: 1, active: 1 });
  });

  it("puts them in the chosen stage, finds the person who is already a candidate, and refuses a second application to one job", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const adder = { ...staff, displayName: "Jane Recruiter" };
    const job = await createTestJob(t.db, staff);
    const other = await createTestJob(t.db, staff);
    const applied = await createTestApplication(t.db, job, { candidateName: "Alan Turing", candidateEmail: "alan@example.test" });
    const screening = other.stages.find((s) => s.name === "Screening")!;

    const again = await addCandidate(t.db, adder, { name: "Alan Turing", email: "ALAN@example.test", phone: "+44 20 7946 0000", job: other.id, stage: screening.id });
    expect(again.existed).toBe(true);
    const [row] = await t.db.select({ candidateId: applications.candidateId }).from(applications).where(eq(applications.id, applied.id));
    expect(again.candidateId).toBe(row!.candidateId);
    const [moved] = await t.db.select().from(applications).where(eq(applications.id, again.applicationId!));
    expect(moved!.currentPipelineStageId).toBe(screening.id);
    // Their phone was unknown; now it is.
    const [alan] = await t.db.select().from(candidates).where(eq(candidates.id, again.candidateId));
    expect(alan!.phone).toBe("+44 20 7946 0000");

    await expect(addCandidate(t.db, adder, { name: "Alan Turing", email: "alan@example.test", job: job.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: ALREADY_IN_JOB,
      details: { field: "job" },
    });
    // A stage of another job is no stage of this one.
    await expect(addCandidate(t.db, adder, { name: "Bo", email: "bo@example.test", job: job.id, stage: screening.id })).rejects.toMatchObject({
      code: "INVALID",
      details: { field: "stage" },
    });
    // Nothing of the refused additions was kept.
    expect(await t.db.select().from(candidates).where(eq(candidates.emailKey, "bo@example.test"))).toEqual([]);
  });
});

describe("the candidates list's filters and orders", () => {
  /**
   * One company: Ada applied to Backend (Screening, day 3) and Design (rejected, day 10); Alan to
   * Backend (withdrawn, day 5); Grace to Design (day 7) and Linus to Backend (day 1), both tagged
   * Shortlist; Margaret was added by hand with no job. Another company has a Backend job too.
   */
  async function world() {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const backend = await createTestJob(t.db, staff, { title: "Backend" });
    const design = await createTestJob(t.db, staff, { title: "Design" });
    const theirs = await createTestJob(t.db, other, { title: "Backend" });
    const ada = await createTestApplication(t.db, backend, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", stageName: "Screening", createdAt: day(3) });
    await createTestApplication(t.db, design, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", status: "rejected", createdAt: day(10) });
    // Emails of their own: the factory's random hex could hold a search's word ("ada" is hex).
    const alan = await createTestApplication(t.db, backend, { candidateName: "alan Turing", candidateEmail: "alan@example.test", status: "withdrawn", createdAt: day(5) });
    const grace = await createTestApplication(t.db, design, { candidateName: "Grace Hopper", candidateEmail: "grace@example.test", createdAt: day(7) });
    const linus = await createTestApplication(t.db, backend, { candidateName: "Linus Torvalds", candidateEmail: "linus@example.test", createdAt: day(1) });
    const margaret = await addCandidate(t.db, { ...staff, displayName: "Jane Recruiter" }, { name: "Margaret Hamilton", email: "margaret@example.test" });
    await createTestApplication(t.db, theirs, { candidateName: "Ada Elsewhere", createdAt: day(4) });
    await addTagToCandidates(t.db, staff, { candidateIds: [grace.candidateId, linus.candidateId], name: "Shortlist" });
    return {
      staff,
      backend,
      design,
      theirs,
      ids: { ada: ada.candidateId, alan: alan.candidateId, grace: grace.candidateId, linus: linus.candidateId, margaret: margaret.candidateId },
    };
  }

  const names = async (actor: Actor, filters: CandidateFilters) => {
    const list = await listCandidates(t.db, actor, filters);
    expect(list.total).toBe(list.rows.length);
    return list.rows.map((row) => row.name);
  };

  it("keep the candidates with an application to a job, in a stage of it, with a status, made between two dates: all of one application", async () => {
    const { staff, backend, design, theirs } = await world();
    const screening = backend.stages.find((s) => s.name === "Screening")!.id;
    // Margaret (added today) is the most recently active.
    expect(await names(staff, {})).toEqual(["Margaret Hamilton", "Ada Lovelace", "Grace Hopper", "alan Turing", "Linus Torvalds"]);
    expect(await names(staff, { jobId: backend.id })).toEqual(["Ada Lovelace", "alan Turing", "Linus Torvalds"]);
    expect(await names(staff, { jobId: backend.id, stageId: screening })).toEqual(["Ada Lovelace"]);
    // A stage of another job (or no job) keeps nobody, or is no filter.
    expect(await names(staff, { jobId: design.id, stageId: screening })).toEqual([]);
    expect(await names(staff, { stageId: screening })).toHaveLength(5);
    // Without a job, the status of any application; with one, of the application to it.
    expect(await names(staff, { status: "rejected" })).toEqual(["Ada Lovelace"]);
    expect(await names(staff, { jobId: backend.id, status: "rejected" })).toEqual([]);
    expect(await names(staff, { jobId: backend.id, status: "withdrawn" })).toEqual(["alan Turing"]);
    expect(await names(staff, { status: "active" })).toEqual(["Ada Lovelace", "Grace Hopper", "Linus Torvalds"]);
    // Dates: from the start of the first day to the end of the last (the route turns days into instants).
    expect(await names(staff, { appliedFrom: day(4), appliedBefore: day(8) })).toEqual(["Grace Hopper", "alan Turing"]);
    // Ada's last activity is day 10, but her application on day 3 is in the range.
    expect(await names(staff, { appliedFrom: day(2), appliedBefore: day(4) })).toEqual(["Ada Lovelace"]);
    expect(await names(staff, { appliedFrom: day(8) })).toEqual(["Ada Lovelace"]);
    expect(await names(staff, { appliedBefore: day(2) })).toEqual(["Linus Torvalds"]);
    expect(await names(staff, { jobId: design.id, appliedFrom: day(8), appliedBefore: day(11) })).toEqual(["Ada Lovelace"]);
    expect(await names(staff, { jobId: backend.id, appliedFrom: day(8), appliedBefore: day(11) })).toEqual([]);
    // Another company's job keeps nobody of this one.
    expect(await names(staff, { jobId: theirs.id })).toEqual([]);
  });

  it("keep the candidates with a tag (any case), by source, and combine with each other and the search", async () => {
    const { staff, backend } = await world();
    expect(await names(staff, { tag: "SHORTLIST" })).toEqual(["Grace Hopper", "Linus Torvalds"]);
    expect(await listCandidates(t.db, staff, { tag: "No such tag" })).toMatchObject({ rows: [], total: 0, next: null, previous: null });
    expect(await names(staff, { tag: "shortlist", jobId: backend.id })).toEqual(["Linus Torvalds"]);
    expect(await names(staff, { tag: "shortlist", status: "active", appliedFrom: day(6) })).toEqual(["Grace Hopper"]);
    expect(await names(staff, { source: "added" })).toEqual(["Margaret Hamilton"]);
    expect(await names(staff, { source: "job_board", jobId: backend.id, status: "active" })).toEqual(["Ada Lovelace", "Linus Torvalds"]);
    expect(await names(staff, { q: "grace", tag: "Shortlist" })).toEqual(["Grace Hopper"]);
    expect(await names(staff, { q: "ada", tag: "Shortlist" })).toEqual([]);
    expect(await names(staff, { q: "lovelace", jobId: backend.id, sort: "name" })).toEqual(["Ada Lovelace"]);
  });

  it("sort by name, A to Z whatever the case, with or without a search", async () => {
    const { staff } = await world();
    const byName = ["Ada Lovelace", "alan Turing", "Grace Hopper", "Linus Torvalds", "Margaret Hamilton"];
    expect(await names(staff, { sort: "name" })).toEqual(byName);
    expect(await names(staff, { sort: "name", q: "a" })).toEqual(byName.filter((name) => /a/i.test(name)));
    expect(await names(staff, { sort: "name", tag: "Shortlist" })).toEqual(["Grace Hopper", "Linus Torvalds"]);
  });

  it("page through filtered candidates both ways in either order, every one once", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff);
    const tagged: string[] = [];
    for (let i = 1; i <= 40; i++) {
      // Twins share a name and a timestamp: the id breaks the ties.
      const application = await createTestApplication(t.db, job, { candidateName: `Person ${String(Math.ceil(i / 2)).padStart(2, "0")}`, createdAt: day(Math.ceil(i / 4)) });
      if (i % 4 !== 0) tagged.push(application.candidateId);
    }
    await addTagToCandidates(t.db, staff, { candidateIds: tagged, name: "Tagged" });
    for (const sort of ["activity", "name"] as const) {
      for (const filters of [{ tag: "Tagged" }, { tag: "Tagged", q: "person" }, { appliedFrom: day(1), appliedBefore: day(20), tag: "tagged" }]) {
        const first = await listCandidates(t.db, staff, { ...filters, sort });
        expect(first).toMatchObject({ total: 30, previous: null });
        expect(first.rows).toHaveLength(CANDIDATES_PAGE_SIZE);
        const second = await listCandidates(t.db, staff, { ...filters, sort, after: first.next! });
        expect(second.rows).toHaveLength(30 - CANDIDATES_PAGE_SIZE);
        expect(second.next).toBeNull();
        const seen = [...first.rows, ...second.rows];
        expect(new Set(seen.map((row) => row.id))).toEqual(new Set(tagged));
        const order = seen.map((row) => (sort === "name" ? row.name.toLowerCase() : row.lastAppliedAt));
        expect(order).toEqual([...order].sort((a, b) => (sort === "name" ? a.localeCompare(b) : b.localeCompare(a))));
        const back = await listCandidates(t.db, staff, { ...filters, sort, before: second.previous! });
        expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
        expect(back.previous).toBeNull();
      }
    }
  });
});
