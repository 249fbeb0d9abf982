import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, cvs, jobs } from "../../db/schema";
import * as matchRoute from "../../app/routes/staff/job-match";
import { MATCH_PAGE_SIZE, rankApplicantsByMatch } from "~/server/candidates/matching.server";
import { addCandidateTag } from "~/server/candidates/tags.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

async function withCv(applicationId: string, text: string) {
  const [application] = await app.t.db
    .select({ candidateId: applications.candidateId, companyId: applications.companyId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  await app.t.db.insert(cvs).values({
    companyId: application!.companyId,
    candidateId: application!.candidateId,
    applicationId,
    fileName: "cv.txt",
    kind: "txt",
    sizeBytes: text.length,
    sha256: "0".repeat(64),
    storageKey: `cv/test-${crypto.randomUUID()}`,
    textStatus: "text",
    text,
  });
  return application!.candidateId;
}

describe("Sort by match", () => {
  it("ranks a job's applicants by the share of its requirement terms their CV, answers and tags hold, and names the terms matched and missing", async () => {
    const { staff } = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, staff, { title: "Frontend Engineer" });
    await app.t.db.update(jobs).set({ requirements: "- 3+ years with React and TypeScript\n- Kubernetes is a plus" }).where(eq(jobs.id, job.id));

    const all = await createTestApplication(app.t.db, job, { candidateName: "All Three", formData: {}, createdAt: day(1) });
    await withCv(all.id, "Built dashboards in React and TypeScript; deployed them on Kubernetes.");
    const two = await createTestApplication(app.t.db, job, { candidateName: "Two Of Three", formData: { cover_letter: "I write TypeScript daily." }, createdAt: day(2) });
    const twoCandidate = await withCv(two.id, "Senior React developer.");
    const none = await createTestApplication(app.t.db, job, { candidateName: "None At All", formData: {}, createdAt: day(3) });
    await withCv(none.id, "Pastry chef.");
    // A tag counts as something they have.
    const tagged = await createTestApplication(app.t.db, job, { candidateName: "Tagged Kube", formData: {}, createdAt: day(4) });
    const taggedCandidate = (await app.t.db.select({ id: applications.candidateId }).from(applications).where(eq(applications.id, tagged.id)))[0]!.id;
    await addCandidateTag(app.t.db, staff, { candidateId: taggedCandidate, name: "Kubernetes" });

    const ranking = (await rankApplicantsByMatch(app.t.db, staff, job.id, 1))!;
    expect(ranking.terms).toEqual(["React", "TypeScript", "Kubernetes"]);
    expect(ranking.rows.map((row) => [row.name, row.score, row.matched, row.missing])).toEqual([
      ["All Three", 100, ["React", "TypeScript", "Kubernetes"], []],
      ["Two Of Three", 67, ["React", "TypeScript"], ["Kubernetes"]],
      ["Tagged Kube", 33, ["Kubernetes"], ["React", "TypeScript"]],
      ["None At All", 0, [], ["React", "TypeScript", "Kubernetes"]],
    ]);
    expect(ranking.rows[1]!.candidateId).toBe(twoCandidate);
    expect(ranking).toMatchObject({ total: 4, page: 1, pages: 1 });
  });

  it("pages through many applicants, ties newest first, and says when the job has no requirements", async () => {
    const { staff } = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, staff);
    await app.t.db.update(jobs).set({ requirements: "Rust" }).where(eq(jobs.id, job.id));
    for (let i = 1; i <= MATCH_PAGE_SIZE + 2; i++) {
      await createTestApplication(app.t.db, job, { candidateName: `Person ${i}`, formData: {}, createdAt: day(i) });
    }
    const first = (await rankApplicantsByMatch(app.t.db, staff, job.id, 1))!;
    expect(first).toMatchObject({ total: MATCH_PAGE_SIZE + 2, pages: 2 });
    expect(first.rows[0]!.name).toBe(`Person ${MATCH_PAGE_SIZE + 2}`);
    const second = (await rankApplicantsByMatch(app.t.db, staff, job.id, 2))!;
    expect(second.rows.map((row) => row.name)).toEqual(["Person 2", "Person 1"]);
    // Past the last page: nobody, and still the count.
    expect(await rankApplicantsByMatch(app.t.db, staff, job.id, 9)).toMatchObject({ rows: [], total: MATCH_PAGE_SIZE + 2 });

    await app.t.db.update(jobs).set({ requirements: null }).where(eq(jobs.id, job.id));
    expect(await rankApplicantsByMatch(app.t.db, staff, job.id, 1)).toMatchObject({ terms: [], rows: [], total: 0 });
  });

  it("is another company's job's 404", async () => {
    const { staff } = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, staff);
    const stranger = await createStaff(app.t.db, app.t.auth);
    expect(await rankApplicantsByMatch(app.t.db, stranger.staff, job.id, 1)).toBeNull();
    const answer = await callLoader(matchRoute.loader, { path: `/manage/jobs/${job.id}/match`, params: { jobId: job.id }, cookie: stranger.cookie });
    expect(answer.status).toBe(404);
  });
});
