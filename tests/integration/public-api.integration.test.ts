import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { applications, companies, jobs } from "../../db/schema";
import * as jobsRoute from "~/routes/api/boards-jobs";
import * as jobRoute from "~/routes/api/boards-job";
import * as applicationsRoute from "~/routes/api/boards-applications";
import * as applyRoute from "~/routes/job-board/job-apply";
import { APPLICATION_MESSAGES } from "~/schemas/application";
import { invalidateJobBoardCache, jobBoardPageCache } from "~/server/job-board/cache.server";
import { cspNonceContext } from "~/server/platform/request-context.server";
import { applicationValues, createStaff, createTestJob, SAMPLE_FORM_SCHEMA } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

/** Issue 16: the public job board API (decision 110): a company's jobs, one job with its questions, and applying as the form does. */

const bed = setUpAppTestDatabase();

async function company(name: string) {
  const owner = await createStaff(bed.t.db, bed.t.auth, { companyName: name });
  const [row] = await bed.t.db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, owner.staff.companyId));
  return { ...owner, slug: row!.slug! };
}

async function json(answer: { response?: Response }) {
  const response = answer.response!;
  return { status: response.status, headers: response.headers, body: response.status === 304 ? null : ((await response.json()) as Record<string, unknown>) };
}

/** The loader behind its middleware (the board's page cache), as the server runs it. */
const cached =
  <A extends { request: Request; context: RouterContextProvider }>(loader: (args: A) => Promise<Response>) =>
  (args: A) => {
    // The server gives every request its CSP nonce; an API answer holds none.
    args.context.set(cspNonceContext, "test-nonce");
    return jobBoardPageCache(args, () => loader(args));
  };

const list = (slug: string, query = "", headers: Record<string, string> = {}) =>
  callLoader(cached(jobsRoute.loader as never), { path: `/api/v1/boards/${slug}/jobs${query}`, params: { slug }, headers }).then(json);

describe("GET /api/v1/boards/{slug}/jobs", () => {
  it("lists the company's published jobs newest first, as Greenhouse's board API does, with content on request and an ETag", async () => {
    const acme = await company("Api Makers");
    const rival = await company("Api Rivals");
    const older = await createTestJob(bed.t.db, acme.staff, { title: "Data Engineer", location: "Lisbon", department: "Data", salary_min: "50k", salary_max: "70k", salary_currency: "EUR", salary_period: "yearly", description: "- SQL\n- Python" });
    const newer = await createTestJob(bed.t.db, acme.staff, { title: "Designer", remote_type: "remote", remote_countries: "Portugal" });
    await bed.t.db.update(jobs).set({ publishedAt: new Date("2026-01-01T00:00:00Z") }).where(eq(jobs.id, older.id));
    const draft = await createTestJob(bed.t.db, acme.staff, { title: "Draft" });
    await bed.t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));
    await createTestJob(bed.t.db, rival.staff, { title: "Rival" });
    invalidateJobBoardCache();

    const answer = await list(acme.slug);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("X-Cache")).toBe("MISS");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=5");
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(answer.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const body = answer.body as { jobs: Record<string, unknown>[]; meta: Record<string, unknown> };
    expect(body.jobs.map((job) => job.title)).toEqual(["Designer", "Data Engineer"]);
    expect(body.meta).toEqual({ total: 2, page: 1, per_page: 500, next_page: null });
    expect(body.jobs[1]).toMatchObject({
      id: older.id,
      title: "Data Engineer",
      location: { name: "Lisbon" },
      absolute_url: `http://localhost:3000/jobs/${older.id}/data-engineer`,
      departments: [{ id: null, name: "Data" }],
      offices: [],
      metadata: null,
      first_published: "2026-01-01T00:00:00.000Z",
      employment_type: "full-time",
      salary: { min: 50000, max: 70000, currency: "EUR", period: "yearly" },
    });
    expect(body.jobs[0]).toMatchObject({ id: newer.id, remote_type: "remote", remote_countries: ["PT"] });
    expect(body.jobs[1]).not.toHaveProperty("content");

    const withContent = (await list(acme.slug, "?content=true")).body as { jobs: { content: string }[] };
    expect(withContent.jobs[1]!.content).toContain("<li>SQL</li>");

    // The same answer again costs no query, and a client that has it gets 304.
    expect((await list(acme.slug)).headers.get("X-Cache")).toBe("HIT");
    const again = await list(acme.slug, "", { "If-None-Match": answer.headers.get("ETag")! });
    expect(again.status).toBe(304);
    // A change on the board drops it.
    await createTestJob(bed.t.db, acme.staff, { title: "Newest" });
    expect(((await list(acme.slug)).body as { jobs: { title: string }[] }).jobs[0]!.title).toBe("Newest");
  });

  it("answers the API's error for a board that does not exist", async () => {
    const answer = await list("nobody-here");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: "not_found", message: "Not found" } });
  });
});

describe("GET /api/v1/boards/{slug}/jobs/{id}", () => {
  it("shows one published job with its content and its apply form's questions; another company's or a draft is not found", async () => {
    const acme = await company("Api Questions");
    const rival = await company("Api Question Rivals");
    const job = await createTestJob(bed.t.db, acme.staff, {
      title: "Keeper",
      form_schema: [...SAMPLE_FORM_SCHEMA, { id: "night", type: "checkbox", label: "Nights are fine", required: false, order: 3 }],
      cv_field: "required",
    });
    const theirs = await createTestJob(bed.t.db, rival.staff, { title: "Theirs" });
    const get = (slug: string, id: string) => callLoader(cached(jobRoute.loader as never), { path: `/api/v1/boards/${slug}/jobs/${id}`, params: { slug, id } }).then(json);

    const answer = (await get(acme.slug, job.id)).body as { questions: { label: string; required: boolean; fields: { name: string; type: string; values: unknown[] }[] }[]; apply_url: string; content: string };
    expect(answer.content).toContain("Build the services");
    expect(answer.apply_url).toBe(`http://localhost:3000/api/v1/boards/${acme.slug}/jobs/${job.id}/applications`);
    expect(answer.questions.map((q) => [q.label, q.required, q.fields[0]!.name, q.fields[0]!.type])).toEqual([
      ["Full name", true, "candidate_name", "input_text"],
      ["Email", true, "candidate_email", "input_text"],
      ["Resume/CV", true, "cv", "input_file"],
      ["Resume URL", false, "resume_url", "input_text"],
      ["Cover letter", false, "cover_letter", "textarea"],
      ["Notice period", true, "custom_fields.notice", "multi_value_single_select"],
      ["GitHub profile", false, "custom_fields.github", "input_text"],
      ["Nights are fine", false, "custom_fields.night", "multi_value_single_select"],
      // The consent boxes (decision 114), last as on the form.
      ["I have read and agree to Api Questions's privacy notice", true, "privacy_consent", "multi_value_single_select"],
      ["Keep me in Api Questions's talent pool for future roles", false, "talent_pool_consent", "multi_value_single_select"],
    ]);
    expect(answer.questions[5]!.fields[0]!.values).toEqual([
      { label: "Now", value: "Now" },
      { label: "1 month", value: "1 month" },
    ]);

    expect((await get(acme.slug, theirs.id)).status).toBe(404);
    expect((await get(acme.slug, "not-a-uuid")).status).toBe(404);
  });
});

describe("POST /api/v1/boards/{slug}/jobs/{id}/applications", () => {
  it("stores an application as the form does, refuses what the form refuses with the form's messages, and shares its rate limit", async () => {
    const acme = await company("Api Applicants");
    const formJob = await createTestJob(bed.t.db, acme.staff, { title: "Form job", form_schema: SAMPLE_FORM_SCHEMA });
    const apiJob = await createTestJob(bed.t.db, acme.staff, { title: "Api job", form_schema: SAMPLE_FORM_SCHEMA });
    const ip = "203.0.113.77";
    const viaApi = (jobId: string, values: Record<string, string>, slug = acme.slug) =>
      callAction(applicationsRoute.action, { path: `/api/v1/boards/${slug}/jobs/${jobId}/applications`, params: { slug, id: jobId }, form: values, ip });
    const viaForm = (values: Record<string, string>) =>
      callAction(applyRoute.action, { path: `/jobs/${formJob.id}/form-job/apply`, params: { id: formJob.id }, form: values, ip });

    const values = (email: string) => applicationValues({ candidate_email: email, "custom_fields.github": "ada" });
    expect((await viaForm(values("same-form@example.test"))).status).toBe(302);
    const created = await json(await viaApi(apiJob.id, values("same-api@example.test")));
    expect(created).toMatchObject({ status: 201, body: { success: true } });

    // The two stored applications hold the same answers, in the same shape.
    const stored = async (jobId: string) =>
      (
        await bed.t.db
          .select({ name: applications.candidateName, resume: applications.resumeUrl, formData: applications.formData, status: applications.status })
          .from(applications)
          .where(eq(applications.jobId, jobId))
      )[0];
    expect(await stored(apiJob.id)).toEqual(await stored(formJob.id));
    const [source] = await bed.t.db.select({ source: applications.source, detail: applications.sourceDetail }).from(applications).where(eq(applications.jobId, apiJob.id));
    expect(source).toEqual({ source: "campaign", detail: "api" });

    // What the form refuses, the API refuses with the same messages.
    const refused = await json(await viaApi(apiJob.id, { ...values("not-an-email"), "custom_fields.notice": "Never" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: { code: "invalid", message: "Some answers need attention.", fields: { candidate_email: APPLICATION_MESSAGES.invalidEmail, "custom_fields.notice": APPLICATION_MESSAGES.invalidChoice } },
    });
    const twice = await json(await viaApi(apiJob.id, values("same-api@example.test")));
    expect(twice).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
    // Another company's board does not take this company's job.
    const rival = await company("Api Applicant Rivals");
    expect((await json(await viaApi(apiJob.id, values("elsewhere@example.test"), rival.slug))).status).toBe(404);

    // The form's rate limit (20 an hour from one client) counts both ways in. So far it counted 3: the
    // two stored and the duplicate (the schema refused the fourth before it reached the limiter).
    let status = 201;
    let sent = 0;
    while (status !== 429 && sent < 30) {
      sent += 1;
      const answer = await json(await viaApi(apiJob.id, values(`burst-${sent}@example.test`)));
      status = answer.status;
      if (status === 429) {
        expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
        expect(answer.body).toMatchObject({ error: { code: "rate_limited" } });
      }
    }
    expect(status).toBe(429);
    expect(sent).toBe(18);
    const count = await bed.t.db.select({ id: applications.id }).from(applications).where(and(eq(applications.companyId, acme.staff.companyId)));
    // 20 counted in all, the form's and the API's together: 19 stored and the duplicate.
    expect(count.length).toBe(19);
    expect((await viaForm(values("after-limit@example.test"))).status).toBe(429);
  });

  it("does not read applications: GET answers 405", async () => {
    const id = "0b7c2a4e-8f1d-4c3b-9a5e-6d7f8e9a0b1c";
    const answer = await json(await callLoader(applicationsRoute.loader, { path: `/api/v1/boards/x/jobs/${id}/applications`, params: { slug: "x", id } }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
  });
});
