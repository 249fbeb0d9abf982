import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { candidateTags, tags } from "../../db/schema";
import * as candidateRoute from "~/routes/staff/candidate";
import * as candidatesRoute from "~/routes/staff/candidates-list";
import { BULK_TAG_LIMIT, BulkTagSchema, CandidateTagSchema, TAG_MESSAGES } from "~/schemas/candidate";
import { parseForm } from "~/schemas/parse-form";
import { getCandidate, listCandidates } from "~/server/candidates/queries.server";
import { listBulkChoices, listBulkChoicesAndTags } from "~/server/applications/choices.server";
import {
  addCandidateTag,
  addTagToCandidates,
  listCompanyTags,
  listTagsAndMembers,
  removeCandidateTag,
  removeTagFromCandidates,
  TAG_SUGGESTIONS_LIMIT,
} from "~/server/candidates/tags.server";
import { listMentionableMembers } from "~/server/notes/members.server";
import { parseNotice } from "~/server/platform/notice.server";
import { queryRows } from "~/server/platform/db.server";
import type { Actor } from "~/server/platform/tenancy.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();
const db = () => bed.t.db;

/** A company (its staff member and session) with `count` candidates who applied to one job. */
async function companyWithCandidates(count: number, names: string[] = []) {
  const { staff, cookie } = await createStaff(db(), bed.t.auth);
  const job = await createTestJob(db(), staff);
  const candidates: { id: string; name: string }[] = [];
  for (let i = 0; i < count; i++) {
    const application = await createTestApplication(db(), job, { candidateName: names[i] ?? `Person ${i + 1}` });
    candidates.push({ id: application.candidateId, name: application.candidateName });
  }
  return { staff, cookie, job, candidates };
}

/** The company's tags as stored: name, and how many candidates carry each. */
async function tagsOf(actor: Actor) {
  return queryRows<{ name: string; name_key: string; carried: number }>(
    db(),
    sql`select t.name, t.name_key, (select count(*)::int from candidate_tags ct where ct.tag_id = t.id) as carried
        from tags t where t.company_id = ${actor.companyId} order by t.name_key`,
  );
}

const tagsOfCandidate = async (actor: Actor, id: string) => (await getCandidate(db(), actor, id))!.tags;

describe("a tag's name", () => {
  it("is one line, trimmed with its spaces made one, 1 to 50 characters", () => {
    expect(parseForm(CandidateTagSchema, { intent: "add-tag", tag: "  Senior   Backend\t" })).toEqual({ success: true, data: { intent: "add-tag", tag: "Senior Backend" } });
    expect(parseForm(CandidateTagSchema, { intent: "add-tag", tag: "x".repeat(50) }).success).toBe(true);
    expect(parseForm(CandidateTagSchema, { intent: "add-tag", tag: "x".repeat(51) })).toEqual({ success: false, errors: { tag: TAG_MESSAGES.tooLong } });
    expect(parseForm(CandidateTagSchema, { intent: "add-tag", tag: "   " })).toEqual({ success: false, errors: { tag: TAG_MESSAGES.required } });
    expect(parseForm(CandidateTagSchema, { intent: "add-tag" })).toEqual({ success: false, errors: { tag: TAG_MESSAGES.required } });
    expect(parseForm(CandidateTagSchema, { intent: "add-tag", tag: "Back\nend" })).toMatchObject({ success: false, errors: { tag: expect.stringContaining("one line") } });
    expect(parseForm(CandidateTagSchema, { intent: "rename", tag: "Backend" })).toEqual({ success: false, errors: { intent: TAG_MESSAGES.intent } });
  });

  it("is checked by the database too: a name of 51 characters or with spaces around it is refused", async () => {
    const { staff } = await companyWithCandidates(0);
    await expect(db().insert(tags).values({ companyId: staff.companyId, name: "x".repeat(51) })).rejects.toThrow();
    await expect(db().insert(tags).values({ companyId: staff.companyId, name: " Backend" })).rejects.toThrow();
    await expect(db().insert(tags).values({ companyId: staff.companyId, name: "" })).rejects.toThrow();
  });

  it("and the ids of many candidates: at least one, at most the limit, a repeat counted once", () => {
    const ids = Array.from({ length: BULK_TAG_LIMIT + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(parseForm(BulkTagSchema, { intent: "add-tag", tag: "Backend", candidateIds: [] })).toEqual({ success: false, errors: { candidateIds: TAG_MESSAGES.noneSelected } });
    expect(parseForm(BulkTagSchema, { intent: "add-tag", tag: "Backend", candidateIds: ids })).toEqual({ success: false, errors: { candidateIds: TAG_MESSAGES.tooMany } });
    expect(parseForm(BulkTagSchema, { intent: "add-tag", tag: "Backend", candidateIds: [ids[0], ids[0], ids[1]] })).toMatchObject({
      success: true,
      data: { candidateIds: [ids[0], ids[1]] },
    });
    expect(parseForm(BulkTagSchema, { intent: "add-tag", tag: "Backend", candidateIds: ["nope"] })).toEqual({ success: false, errors: { candidateIds: TAG_MESSAGES.badIds } });
  });
});

describe("tagging one candidate", () => {
  it("makes the company's tag once and finds it again in any case, keeping its first spelling", async () => {
    const { staff, candidates } = await companyWithCandidates(2);
    const [ada, alan] = [candidates[0]!, candidates[1]!];

    expect(await addCandidateTag(db(), staff, { candidateId: ada.id, name: "Backend" })).toMatchObject({ added: true, tag: { name: "Backend" } });
    expect(await addCandidateTag(db(), staff, { candidateId: ada.id, name: "backend" })).toMatchObject({ added: false, tag: { name: "Backend" } });
    expect(await addCandidateTag(db(), staff, { candidateId: alan.id, name: "BACKEND" })).toMatchObject({ added: true, tag: { name: "Backend" } });
    await addCandidateTag(db(), staff, { candidateId: ada.id, name: "Senior" });

    expect(await tagsOf(staff)).toEqual([
      { name: "Backend", name_key: "backend", carried: 2 },
      { name: "Senior", name_key: "senior", carried: 1 },
    ]);
    expect(await tagsOfCandidate(staff, ada.id)).toEqual(["Backend", "Senior"]);
    // Who put it on, and when.
    const [link] = await db().select().from(candidateTags).where(eq(candidateTags.candidateId, alan.id));
    expect(link).toMatchObject({ createdBy: staff.userId, companyId: staff.companyId });
  });

  it("takes a tag off by name in any case; a tag they do not have, or no such tag, changes nothing", async () => {
    const { staff, candidates } = await companyWithCandidates(2);
    const [ada, alan] = [candidates[0]!, candidates[1]!];
    await addCandidateTag(db(), staff, { candidateId: ada.id, name: "Backend" });
    await addCandidateTag(db(), staff, { candidateId: alan.id, name: "Backend" });

    expect(await removeCandidateTag(db(), staff, { candidateId: ada.id, name: "BACKEND" })).toEqual({ removed: true });
    expect(await removeCandidateTag(db(), staff, { candidateId: ada.id, name: "Backend" })).toEqual({ removed: false });
    expect(await removeCandidateTag(db(), staff, { candidateId: ada.id, name: "Nobody has this" })).toEqual({ removed: false });
    expect(await tagsOfCandidate(staff, ada.id)).toEqual([]);
    expect(await tagsOfCandidate(staff, alan.id)).toEqual(["Backend"]);
  });
});

describe("tagging many candidates at once", () => {
  it("puts a tag on those who lack it and takes it off those who have it, saying how many", async () => {
    const { staff, candidates } = await companyWithCandidates(3);
    const ids = candidates.map((c) => c.id);
    await addCandidateTag(db(), staff, { candidateId: ids[0]!, name: "Shortlist" });

    expect(await addTagToCandidates(db(), staff, { candidateIds: [...ids, ids[1]!], name: "shortlist" })).toMatchObject({ candidates: 3, added: 2, tag: { name: "Shortlist" } });
    expect(await addTagToCandidates(db(), staff, { candidateIds: ids, name: "Shortlist" })).toMatchObject({ added: 0 });
    for (const id of ids) expect(await tagsOfCandidate(staff, id)).toEqual(["Shortlist"]);

    expect(await removeTagFromCandidates(db(), staff, { candidateIds: ids.slice(0, 2), name: "SHORTLIST" })).toMatchObject({ candidates: 2, removed: 2 });
    expect(await removeTagFromCandidates(db(), staff, { candidateIds: ids, name: "Shortlist" })).toMatchObject({ removed: 1 });
    expect(await removeTagFromCandidates(db(), staff, { candidateIds: ids, name: "Unknown" })).toMatchObject({ tag: null, removed: 0 });
    expect(await tagsOf(staff)).toEqual([{ name: "Shortlist", name_key: "shortlist", carried: 0 }]);
  });

  it("refuses the whole request when one id is not the company's candidate, and says how many were not found", async () => {
    const mine = await companyWithCandidates(2);
    const theirs = await companyWithCandidates(1);
    const ids = [...mine.candidates.map((c) => c.id), theirs.candidates[0]!.id];

    await expect(addTagToCandidates(db(), mine.staff, { candidateIds: ids, name: "Poached" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "One of the selected candidates was not found: nothing was changed",
      details: { field: "candidateIds" },
    });
    await expect(
      addTagToCandidates(db(), mine.staff, { candidateIds: [...ids, "00000000-0000-4000-8000-000000000000"], name: "Poached" }),
    ).rejects.toMatchObject({ message: "2 of the selected candidates were not found: nothing was changed" });
    // Nothing was made or put on, in either company.
    expect(await tagsOf(mine.staff)).toEqual([]);
    expect(await tagsOf(theirs.staff)).toEqual([]);

    await addCandidateTag(db(), theirs.staff, { candidateId: theirs.candidates[0]!.id, name: "Poached" });
    await expect(removeTagFromCandidates(db(), mine.staff, { candidateIds: ids, name: "Poached" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await tagsOfCandidate(theirs.staff, theirs.candidates[0]!.id)).toEqual(["Poached"]);
  });

  it(`names at most ${BULK_TAG_LIMIT} candidates`, async () => {
    const { staff, candidates } = await companyWithCandidates(1);
    const ids = [candidates[0]!.id, ...Array.from({ length: BULK_TAG_LIMIT }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`)];
    await expect(addTagToCandidates(db(), staff, { candidateIds: ids, name: "Too many" })).rejects.toMatchObject({ code: "INVALID", details: { field: "candidateIds" } });
  });
});

describe("tags of two companies", () => {
  it("are two vocabularies: the same name is each company's own tag, and one company's calls never touch the other's", async () => {
    const a = await companyWithCandidates(1);
    const b = await companyWithCandidates(1);
    const aCandidate = a.candidates[0]!.id;
    const bCandidate = b.candidates[0]!.id;
    const aTag = await addCandidateTag(db(), a.staff, { candidateId: aCandidate, name: "Backend" });
    const bTag = await addCandidateTag(db(), b.staff, { candidateId: bCandidate, name: "backend" });
    expect(bTag.tag.id).not.toBe(aTag.tag.id);
    expect(bTag.tag.name).toBe("backend");

    await expect(addCandidateTag(db(), b.staff, { candidateId: aCandidate, name: "Backend" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(removeCandidateTag(db(), b.staff, { candidateId: aCandidate, name: "Backend" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await tagsOfCandidate(a.staff, aCandidate)).toEqual(["Backend"]);
    expect(await listCompanyTags(db(), b.staff)).toEqual(["backend"]);
    expect((await listCandidates(db(), b.staff, { tag: "Backend" })).rows.map((row) => row.id)).toEqual([bCandidate]);
    expect(await getCandidate(db(), b.staff, aCandidate)).toBeNull();
  });

  it("cannot be linked across by the database itself: a candidate of one company with a tag of another is refused", async () => {
    const a = await companyWithCandidates(1);
    const b = await companyWithCandidates(1);
    const bTag = await addCandidateTag(db(), b.staff, { candidateId: b.candidates[0]!.id, name: "Theirs" });
    // Either company's id on the link: the candidate's or the tag's foreign key fails.
    for (const companyId of [a.staff.companyId, b.staff.companyId]) {
      await expect(db().insert(candidateTags).values({ candidateId: a.candidates[0]!.id, tagId: bTag.tag.id, companyId })).rejects.toThrow();
    }
  });
});

describe("a tag's candidates, newest activity first", () => {
  it("follow each candidate's last activity: a new application moves them up, an older one does not", async () => {
    const { staff, job, candidates } = await companyWithCandidates(0);
    const other = await createTestJob(db(), staff);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
    const ada = await createTestApplication(db(), job, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", createdAt: day(1) });
    const alan = await createTestApplication(db(), job, { candidateName: "Alan Turing", createdAt: day(2) });
    expect(candidates).toEqual([]);
    await addTagToCandidates(db(), staff, { candidateIds: [ada.candidateId, alan.candidateId], name: "Shortlist" });
    const tagged = async () => (await listCandidates(db(), staff, { tag: "Shortlist" })).rows.map((row) => row.name);
    expect(await tagged()).toEqual(["Alan Turing", "Ada Lovelace"]);

    await createTestApplication(db(), other, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", createdAt: day(3) });
    expect(await tagged()).toEqual(["Ada Lovelace", "Alan Turing"]);
    // An older application (an import) leaves her last activity, and her place, as they were.
    const third = await createTestJob(db(), staff);
    await createTestApplication(db(), third, { candidateName: "Ada Lovelace", candidateEmail: "ada@example.test", createdAt: day(1) });
    expect(await tagged()).toEqual(["Ada Lovelace", "Alan Turing"]);
    // Every link carries its candidate's date.
    const drift = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from candidate_tags ct join candidates c on c.id = ct.candidate_id
          where ct.company_id = ${staff.companyId} and ct.candidate_last_applied_at <> c.last_applied_at`,
    );
    expect(drift).toEqual([{ n: 0 }]);
  });
});

describe("the tags suggested", () => {
  it("are the company's most recently used tags that a candidate carries, A to Z", async () => {
    const { staff, cookie, candidates } = await companyWithCandidates(2);
    const [ada, alan] = [candidates[0]!, candidates[1]!];
    await addCandidateTag(db(), staff, { candidateId: ada.id, name: "zebra" });
    await addCandidateTag(db(), staff, { candidateId: ada.id, name: "Apple" });
    await addCandidateTag(db(), staff, { candidateId: alan.id, name: "typo" });
    await removeCandidateTag(db(), staff, { candidateId: alan.id, name: "typo" });
    expect(await listCompanyTags(db(), staff)).toEqual(["Apple", "zebra"]);
    // The candidates list reads the same with the bulk bar's choices, in one statement (decision 135);
    // another company's tags are its own.
    expect(await listBulkChoicesAndTags(db(), staff)).toEqual({ ...(await listBulkChoices(db(), staff)), tags: ["Apple", "zebra"] });
    const other = await companyWithCandidates(1);
    await addCandidateTag(db(), other.staff, { candidateId: other.candidates[0]!.id, name: "Theirs" });
    expect((await listBulkChoicesAndTags(db(), other.staff)).tags).toEqual(["Theirs"]);
    const page = await callLoader(candidatesRoute.loader, { path: "/candidates", cookie });
    expect(page.data).toMatchObject({ tagSuggestions: ["Apple", "zebra"] });
    // A candidate's page reads them with the team, in one statement (decision 145).
    expect(await listTagsAndMembers(db(), staff)).toEqual({ tags: ["Apple", "zebra"], members: await listMentionableMembers(db(), staff) });
    const profile = await callLoader(candidateRoute.loader, { path: `/candidates/${ada.id}`, cookie, params: { candidateId: ada.id } });
    expect(profile.data).toMatchObject({ tagSuggestions: ["Apple", "zebra"], members: [{ userId: staff.userId }] });
  });

  it(`are at most ${TAG_SUGGESTIONS_LIMIT}, the ones used last`, async () => {
    const { staff, candidates } = await companyWithCandidates(1);
    const names = Array.from({ length: TAG_SUGGESTIONS_LIMIT + 5 }, (_, i) => `Tag ${String(i).padStart(3, "0")}`);
    await db().insert(tags).values(names.map((name, i) => ({ companyId: staff.companyId, name, lastUsedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })));
    await db().execute(sql`insert into candidate_tags (candidate_id, tag_id, company_id) select ${candidates[0]!.id}, id, company_id from tags where company_id = ${staff.companyId}`);
    const suggested = await listCompanyTags(db(), staff);
    expect(suggested).toHaveLength(TAG_SUGGESTIONS_LIMIT);
    expect(suggested[0]).toBe("Tag 005");
    expect(suggested.at(-1)).toBe(`Tag ${TAG_SUGGESTIONS_LIMIT + 4}`);
  });
});

describe("the candidates list's Tags column", () => {
  it("names a row's first tags A to Z and how many more there are", async () => {
    const { staff, candidates } = await companyWithCandidates(2);
    for (const name of ["delta", "Alpha", "echo", "Charlie", "bravo", "foxtrot", "golf"]) await addCandidateTag(db(), staff, { candidateId: candidates[0]!.id, name });
    const list = await listCandidates(db(), staff, {});
    const rowOf = (id: string) => list.rows.find((row) => row.id === id)!;
    expect(rowOf(candidates[0]!.id)).toMatchObject({ tags: ["Alpha", "bravo", "Charlie", "delta", "echo"], tagCount: 7 });
    expect(rowOf(candidates[1]!.id)).toMatchObject({ tags: [], tagCount: 0 });
  });
});

describe("the routes", () => {
  it("candidate page: Add tag and a tag's remove button redirect back with what happened", async () => {
    const { staff, cookie, candidates } = await companyWithCandidates(1);
    const id = candidates[0]!.id;
    const post = (form: Record<string, string>) => callAction(candidateRoute.action, { path: `/candidates/${id}`, form, cookie, params: { candidateId: id } });
    const noticeOf = (answer: Awaited<ReturnType<typeof post>>) => parseNotice(answer.headers.get("Set-Cookie"))?.message;

    const added = await post({ intent: "add-tag", tag: " Night  owl " });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/candidates/${id}`);
    expect(noticeOf(added)).toBe("Tag added.");
    expect(noticeOf(await post({ intent: "add-tag", tag: "NIGHT OWL" }))).toBe("The candidate already has this tag: nothing changed.");

    const page = await callLoader(candidateRoute.loader, { path: `/candidates/${id}`, cookie, params: { candidateId: id } });
    expect(page.data).toMatchObject({ candidate: { tags: ["Night owl"] }, tagSuggestions: ["Night owl"] });

    expect(noticeOf(await post({ intent: "remove-tag", tag: "Night owl" }))).toBe("Tag removed.");
    expect(noticeOf(await post({ intent: "remove-tag", tag: "Night owl" }))).toBe("The candidate did not have this tag: nothing changed.");
    expect(await tagsOfCandidate(staff, id)).toEqual([]);

    const refused = await post({ intent: "add-tag", tag: "x".repeat(51) });
    expect(refused).toMatchObject({ status: 400, data: { errors: { tag: TAG_MESSAGES.tooLong } } });
  });

  it("candidates list: Add tag and Remove tag for the ticked candidates, back to the same page and filters", async () => {
    const { staff, cookie, candidates } = await companyWithCandidates(3);
    const search = "?sort=name&source=job_board";
    const post = (form: URLSearchParams) => callAction(candidatesRoute.action, { path: `/candidates${search}`, form, cookie });
    const form = (intent: string, tag: string, ids: string[]) => new URLSearchParams([["intent", intent], ["tag", tag], ...ids.map((id) => ["candidateIds", id] as [string, string])]);
    const ids = candidates.map((c) => c.id);

    const added = await post(form("add-tag", "Shortlist", ids.slice(0, 2)));
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/candidates${search}`);
    expect(parseNotice(added.headers.get("Set-Cookie"))?.message).toBe("Tag added to the selected candidates.");
    expect(parseNotice((await post(form("add-tag", "shortlist", ids.slice(0, 2)))).headers.get("Set-Cookie"))?.message).toBe(
      "The selected candidates already had this tag: nothing changed.",
    );
    expect((await listCandidates(db(), staff, { tag: "SHORTLIST", sort: "name" })).rows.map((row) => row.id).sort()).toEqual(ids.slice(0, 2).sort());

    const removed = await post(form("remove-tag", "Shortlist", ids));
    expect(parseNotice(removed.headers.get("Set-Cookie"))?.message).toBe("Tag removed from the selected candidates.");
    expect(parseNotice((await post(form("remove-tag", "Shortlist", ids))).headers.get("Set-Cookie"))?.message).toBe(
      "None of the selected candidates had this tag: nothing changed.",
    );

    expect(await post(form("add-tag", "Shortlist", []))).toMatchObject({ status: 400, data: { errors: { candidateIds: TAG_MESSAGES.noneSelected } } });
    expect(await post(form("add-tag", "", ids))).toMatchObject({ status: 400, data: { errors: { tag: TAG_MESSAGES.required } } });
    const stranger = await companyWithCandidates(1);
    expect(await post(form("add-tag", "Shortlist", [...ids, stranger.candidates[0]!.id]))).toMatchObject({
      status: 404,
      data: { errors: { candidateIds: "One of the selected candidates was not found: nothing was changed" } },
    });
    expect(await tagsOfCandidate(stranger.staff, stranger.candidates[0]!.id)).toEqual([]);
  });
});
