import { describe, expect, it } from "vitest";
import * as boardRoute from "~/routes/job-board/board";
import * as applicationRoute from "~/routes/staff/application";
import * as applicationsRoute from "~/routes/staff/applications-list";
import * as candidatesRoute from "~/routes/staff/candidates-list";
import * as jobsRoute from "~/routes/staff/jobs-list";
import * as pipelineRoute from "~/routes/staff/pipeline";
import { addCandidateTag } from "~/server/candidates/tags.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callLoader, type RouteFunction, setUpAppTestDatabase } from "../helpers/route-test";

// Every list page reads its query with a schema (decision 053): junk typed into the address bar
// falls back to the default, field by field, and the page answers 200, never a 500.

const bed = setUpAppTestDatabase();

/** Values a visitor (or a scanner) may put in any query parameter. */
const JUNK = ["abc", "", "-1", "0", "2.5", "1e400", "NaN", "' or 1=1 --", "%", "00000000-0000-0000-0000-00000000000g", "x".repeat(2000), "[object Object]"];

/** The loader's answer to `path?query`, which must be data returned with 200, not a thrown error. */
async function load(loader: RouteFunction, path: string, query: string, cookie?: string, params: Record<string, string> = {}) {
  const answer = await callLoader(loader, { path: `${path}?${query}`, cookie, params });
  expect(answer, query).toMatchObject({ status: 200, thrown: false, response: undefined });
  return answer.data as Record<string, unknown>;
}

/** Each junk value alone in each parameter, the parameter repeated, and all of them at once. */
function junkQueries(keys: string[]): string[] {
  const queries = keys.flatMap((key) => JUNK.map((value) => new URLSearchParams([[key, value]]).toString()));
  queries.push(keys.map((key) => `${key}=1&${key}=abc`).join("&"));
  queries.push(new URLSearchParams(keys.map((key) => [key, "bogus"])).toString());
  return queries;
}

describe("list pages with junk query strings", () => {
  it("the applications list falls back to every application, the first page, and keeps the values that fit", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff);
    await createTestApplication(bed.t.db, job, { candidateName: "Ada Lovelace" });
    await createTestApplication(bed.t.db, job, { candidateName: "Grace Hopper", status: "rejected" });
    for (const query of junkQueries(["job", "stage", "status", "q", "after", "before"])) {
      const answer = await load(applicationsRoute.loader, "/applications", query, cookie);
      expect(answer.error, query).toBeNull();
      const filters = answer.filters as { after?: unknown; before?: unknown; status?: string; jobId?: string };
      expect(filters.after, query).toBeUndefined();
      expect(filters.before, query).toBeUndefined();
      expect(filters.status, query).toBeUndefined();
      expect(filters.jobId, query).toBeUndefined();
    }
    const kept = await load(applicationsRoute.loader, "/applications", `status=rejected&after=abc&job=${job.id}&stage=nope&q=%20grace%20`, cookie);
    expect(kept.filters).toEqual({ jobId: job.id, stageId: undefined, status: "rejected", q: "grace", after: undefined, before: undefined });
    expect((kept.list as { rows: { candidateName: string }[] }).rows.map((row) => row.candidateName)).toEqual(["Grace Hopper"]);
    // A stage without its job is no filter.
    expect((await load(applicationsRoute.loader, "/applications", `stage=${job.stages[0]!.id}`, cookie)).filters).toMatchObject({ stageId: undefined });
  });

  it("the candidates list falls back to every candidate, by last activity, the first page, and keeps the values that fit", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff);
    const ada = await createTestApplication(bed.t.db, job, { candidateName: "Ada Lovelace", createdAt: new Date("2026-01-05T12:00:00Z") });
    await createTestApplication(bed.t.db, job, { candidateName: "Grace Hopper", status: "rejected", createdAt: new Date("2026-01-09T12:00:00Z") });
    await addCandidateTag(bed.t.db, staff, { candidateId: ada.candidateId, name: "Backend" });
    const everyone = { q: "", job: undefined, stage: undefined, status: undefined, tag: undefined, source: undefined, appliedFrom: undefined, appliedTo: undefined, sort: "activity" };
    const keys = ["q", "job", "stage", "status", "tag", "source", "applied_from", "applied_to", "sort", "after", "before"];
    for (const query of junkQueries(keys)) {
      const answer = await load(candidatesRoute.loader, "/candidates", query, cookie);
      expect(answer.error, query).toBeNull();
      const { q: _, tag, ...filters } = answer.filters as Record<string, unknown>;
      const { q: __, tag: ___, ...expected } = everyone;
      expect(filters, query).toEqual(expected);
      // A junk tag that is a possible name is a tag nobody has; a name too long is no filter.
      if (!query.includes("tag=")) expect(tag, query).toBeUndefined();
    }
    const names = (data: Record<string, unknown>) => (data.list as { rows: { name: string }[] }).rows.map((row) => row.name);
    const kept = await load(candidatesRoute.loader, "/candidates", `status=rejected&after=abc&job=${job.id}&stage=nope&applied_from=2026-02-30&tag=%20backend%20&sort=nope`, cookie);
    expect(kept.filters).toEqual({ ...everyone, job: job.id, status: "rejected", tag: "backend" });
    expect(names(kept)).toEqual([]);
    expect(names(await load(candidatesRoute.loader, "/candidates", "tag=BACKEND&sort=name", cookie))).toEqual(["Ada Lovelace"]);
    // Dates the wrong way round are the same range; each is a day in the reader's time zone.
    const swapped = await load(candidatesRoute.loader, "/candidates", "applied_from=2026-01-09&applied_to=2026-01-01", cookie);
    expect(swapped.filters).toMatchObject({ appliedFrom: "2026-01-01", appliedTo: "2026-01-09" });
    expect(names(swapped)).toEqual(["Grace Hopper", "Ada Lovelace"]);
    const oneDay = "applied_from=2026-01-05&applied_to=2026-01-05";
    expect(names(await load(candidatesRoute.loader, "/candidates", oneDay, cookie))).toEqual(["Ada Lovelace"]);
    // 12:00 UTC on 5 January is already 6 January in Kiritimati (UTC+14), and still 5 January in Honolulu (UTC-10).
    expect(names(await load(candidatesRoute.loader, "/candidates", oneDay, `${cookie}; tz=Pacific%2FKiritimati`))).toEqual([]);
    expect(names(await load(candidatesRoute.loader, "/candidates", "applied_from=2026-01-06&applied_to=2026-01-06", `${cookie}; tz=Pacific%2FKiritimati`))).toEqual(["Ada Lovelace"]);
    expect(names(await load(candidatesRoute.loader, "/candidates", oneDay, `${cookie}; tz=Pacific%2FHonolulu`))).toEqual(["Ada Lovelace"]);
    // A cursor of the other order is the first page.
    expect(names(await load(candidatesRoute.loader, "/candidates", `sort=name&after=1795303735639123_${ada.candidateId}`, cookie))).toEqual(["Ada Lovelace", "Grace Hopper"]);
  });

  it("the jobs list falls back to every status", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    await createTestJob(bed.t.db, staff, { title: "Backend" });
    for (const query of junkQueries(["status", "q"])) {
      const answer = await load(jobsRoute.loader, "/manage/jobs", query, cookie);
      expect(answer.status, query).toBe("all");
    }
    const kept = await load(jobsRoute.loader, "/manage/jobs", "status=closed&q=%20back%20", cookie);
    expect(kept).toMatchObject({ status: "closed", q: "back", jobs: [] });
    expect(((await load(jobsRoute.loader, "/manage/jobs", "status=bogus&q=back", cookie)).jobs as unknown[]).length).toBe(1);
  });

  it("the job board falls back to page 1 and keeps a search", async () => {
    for (const query of junkQueries(["q", "page", "applied"])) {
      const answer = await load(boardRoute.loader, "/jobs", query);
      // The repeated keys' query starts each with a value that fits (applied=1, page=1).
      expect(answer.applied, query).toBe(query.endsWith("applied=1&applied=abc"));
      if (!query.startsWith("q=")) expect(answer.page, query).toBe(1);
    }
    expect(await load(boardRoute.loader, "/jobs", "page=10001&applied=1")).toMatchObject({ page: 1, applied: true });
    expect(await load(boardRoute.loader, "/jobs", "page=3&q=rust")).toMatchObject({ page: 3, q: "rust" });
  });

  it("the pipeline's Show more drops what is not a stage id, and the application page ignores a junk template", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff);
    const application = await createTestApplication(bed.t.db, job, { candidateName: "Ada Lovelace" });
    for (const query of junkQueries(["more"])) {
      const answer = await load(pipelineRoute.loader, `/manage/jobs/${job.id}`, query, cookie, { jobId: job.id });
      expect((answer.columns as unknown[]).length, query).toBe(job.stages.length);
    }
    for (const query of junkQueries(["template"])) {
      const answer = await load(applicationRoute.loader, `/applications/${application.id}`, query, cookie, { applicationId: application.id });
      expect(answer.preview, query).toBeNull();
    }
  });
});
