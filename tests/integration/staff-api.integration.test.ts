import type { RouteConfigEntry } from "@react-router/dev/routes";
import { and, asc, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { activityEvents, apiKeys, applications, notes, profiles, stageEntries } from "../../db/schema";
import routes from "../../app/routes";
import * as applicationMoveRoute from "~/routes/api/staff-application-move";
import * as applicationNotesRoute from "~/routes/api/staff-application-notes";
import * as applicationRoute from "~/routes/api/staff-application";
import * as applicationsRoute from "~/routes/api/staff-applications";
import * as candidateRoute from "~/routes/api/staff-candidate";
import * as candidatesRoute from "~/routes/api/staff-candidates";
import * as jobRoute from "~/routes/api/staff-job";
import * as jobsRoute from "~/routes/api/staff-jobs";
import * as openApiRoute from "~/routes/api/staff-openapi";
import * as pipelineRoute from "~/routes/staff/pipeline";
import * as apiKeysSettingsRoute from "~/routes/staff/settings-api-keys";
import { hashSecretToken } from "~/server/platform/secret-token.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { ApiApplication, ApiCandidateDetail, ApiJobDetail, ApiNote } from "~/schemas/staff-api";
import type { ApiKeyScope } from "~/schemas/api-keys";
import { z } from "~/schemas/zod";
import { createApiKey } from "~/server/staff-api/keys.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callLoader, type RouteFunction, setUpAppTestDatabase } from "../helpers/route-test";

/** Issue 16: the staff API (decision 112): keys, scopes and revocation, company scoping, pages, errors, the rate limit and the OpenAPI document. */

const bed = setUpAppTestDatabase();

type Handler = RouteFunction;

interface Call {
  key?: string | null;
  params?: Record<string, string>;
  body?: unknown;
  /** The body as sent, with its own type (a form, say). */
  raw?: { type: string; text: string };
}

/** One API request to a route's loader (GET) or action (POST), as the server would make it. */
async function api(fn: Handler, path: string, call: Call = {}) {
  const headers = new Headers();
  if (call.key) headers.set("authorization", `Bearer ${call.key}`);
  const post = call.body !== undefined || call.raw !== undefined;
  if (call.body !== undefined) headers.set("content-type", "application/json");
  if (call.raw) headers.set("content-type", call.raw.type);
  const request = new Request(new URL(path, "http://localhost"), {
    method: post ? "POST" : "GET",
    headers,
    body: call.raw ? call.raw.text : call.body !== undefined ? JSON.stringify(call.body) : undefined,
  });
  const response = (await fn({ request, context: new RouterContextProvider(), params: call.params ?? {} })) as Response;
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { data?: Record<string, unknown>[]; next_cursor?: string | null; error?: { code: string; message: string; fields?: Record<string, string> } } };
}

const get = (fn: Handler, path: string, key: string | null, params?: Record<string, string>) => api(fn, path, { key, params });

/** An admin's company with a job and a key of `scope`. */
async function company(scope: ApiKeyScope = "write", name = "Api Staff Co") {
  const owner = await createStaff(bed.t.db, bed.t.auth, { companyName: name });
  const job = await createTestJob(bed.t.db, owner.staff, { title: "Platform Engineer" });
  const { key, id } = await createApiKey(bed.t.db, owner.staff, { name: "HRIS sync", scope });
  return { ...owner, job, key, keyId: id };
}

describe("Settings › API keys", () => {
  it("makes a key shown once, stores only its hash and first characters, lists it, and revokes it once confirmed", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth, { fullName: "Ada Admin" });
    const made = await callAction(apiKeysSettingsRoute.action, { path: "/settings/api-keys", cookie, form: { intent: "create-api-key", name: "Zapier", scope: "read" } });
    expect(made.status).toBe(200);
    expect(made.headers.get("Cache-Control")).toBe("no-store");
    const key = (made.data as { apiKey: { key: string; name: string } }).apiKey.key;
    expect(key).toMatch(/^oh_live_[A-Za-z0-9_-]{43}$/);

    const [row] = await bed.t.db.select().from(apiKeys).where(eq(apiKeys.companyId, staff.companyId));
    expect(row).toMatchObject({ name: "Zapier", scope: "read", keyHash: hashSecretToken(key), keyPrefix: key.slice(0, 12), createdBy: staff.userId, lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(row)).not.toContain(key.slice(12));

    const listed = await callLoader(apiKeysSettingsRoute.loader, { path: "/settings/api-keys", cookie });
    expect(listed.data).toEqual({
      keys: [{ id: row!.id, name: "Zapier", prefix: key.slice(0, 12), scope: "read", createdBy: "Ada Admin", createdAt: row!.createdAt.toISOString(), lastUsedAt: null, works: true }],
    });
    // The key is never shown again.
    expect(JSON.stringify(listed.data)).not.toContain(key);

    const refused = await callAction(apiKeysSettingsRoute.action, { path: "/settings/api-keys", cookie, form: { intent: "create-api-key", name: " ", scope: "admin" } });
    expect(refused).toMatchObject({ status: 400, data: { form: "api-keys", errors: { name: "Give the key a name", scope: "Choose what the key may do" } } });

    expect((await get(jobsRoute.loader, "/api/v1/jobs", key)).status).toBe(200);
    const revoked = await callAction(apiKeysSettingsRoute.action, { path: "/settings/api-keys", cookie, form: { intent: "revoke-api-key", keyId: row!.id } });
    expect(revoked.status).toBe(302);
    expect((await callLoader(apiKeysSettingsRoute.loader, { path: "/settings/api-keys", cookie })).data).toEqual({ keys: [] });
    const after = await get(jobsRoute.loader, "/api/v1/jobs", key);
    expect(after.status).toBe(401);
    expect(after.body.error).toMatchObject({ code: "unauthorized" });

    // Another company's key, or a malformed id, is not found.
    const rival = await company("read", "Api Key Rivals");
    expect((await callAction(apiKeysSettingsRoute.action, { path: "/settings/api-keys", cookie, form: { intent: "revoke-api-key", keyId: rival.keyId } })).status).toBe(404);
    expect((await callAction(apiKeysSettingsRoute.action, { path: "/settings/api-keys", cookie, form: { intent: "revoke-api-key", keyId: "nope" } })).status).toBe(404);
    expect((await get(jobsRoute.loader, "/api/v1/jobs", rival.key)).status).toBe(200);
  });

  it("is an admin's: a recruiter meets a 403", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const recruiter = await createMember(bed.t.db, bed.t.auth, staff, "recruiter");
    const answer = await callLoader(apiKeysSettingsRoute.loader, { path: "/settings/api-keys", cookie: recruiter.cookie });
    expect(answer.status).toBe(403);
  });
});

describe("authentication and scopes", () => {
  it("answers 401 without a key, with an unknown or malformed one, and once the key's maker is no longer an admin", async () => {
    const acme = await company("read");
    const none = await get(jobsRoute.loader, "/api/v1/jobs", null);
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toBe('Bearer realm="OpenHire API"');
    expect(none.body).toEqual({ error: { code: "unauthorized", message: expect.stringContaining("Authorization: Bearer") } });
    expect((await get(jobsRoute.loader, "/api/v1/jobs", `oh_live_${"x".repeat(43)}`)).status).toBe(401);
    expect((await get(jobsRoute.loader, "/api/v1/jobs", "not-a-key")).status).toBe(401);
    // Harvest's way: the key as a Basic user name.
    const basic = (value: string) => jobsRoute.loader({ request: new Request("http://localhost/api/v1/jobs", { headers: { authorization: `Basic ${btoa(value)}` } }) } as never);
    expect((await basic(`${acme.key}:`)).status).toBe(200);
    expect((await basic(`oh_live_${"y".repeat(43)}:`)).status).toBe(401);
    // A session cookie is not a key.
    expect((await callLoader(jobsRoute.loader, { path: "/api/v1/jobs", cookie: acme.cookie })).status).toBe(401);

    expect((await get(jobsRoute.loader, "/api/v1/jobs", acme.key)).status).toBe(200);
    await bed.t.db.update(profiles).set({ role: "recruiter" }).where(eq(profiles.id, acme.staff.userId));
    const demoted = await get(jobsRoute.loader, "/api/v1/jobs", acme.key);
    expect(demoted.status).toBe(401);
    expect(demoted.body.error!.message).toContain("no longer an admin");
    // Another admin sees that it stopped.
    const other = await createMember(bed.t.db, bed.t.auth, acme.staff, "admin");
    const listed = await callLoader(apiKeysSettingsRoute.loader, { path: "/settings/api-keys", cookie: other.cookie });
    expect(listed.data!.keys).toEqual([expect.objectContaining({ id: acme.keyId, works: false })]);
    await bed.t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, acme.staff.userId));
    expect((await get(jobsRoute.loader, "/api/v1/jobs", acme.key)).status).toBe(200);
  });

  it("lets a read key read and refuses it every write with a 403, changing nothing", async () => {
    const acme = await company("read");
    const application = await createTestApplication(bed.t.db, acme.job);
    const screen = acme.job.stages[1]!;
    expect((await get(jobsRoute.loader, "/api/v1/jobs", acme.key)).status).toBe(200);
    expect((await get(applicationRoute.loader, `/api/v1/applications/${application.id}`, acme.key, { id: application.id })).status).toBe(200);

    const move = await api(applicationMoveRoute.action, `/api/v1/applications/${application.id}/move`, { key: acme.key, params: { id: application.id }, body: { stage_id: screen.id } });
    expect(move.status).toBe(403);
    expect(move.body.error).toMatchObject({ code: "forbidden" });
    const note = await api(applicationNotesRoute.action, `/api/v1/applications/${application.id}/notes`, { key: acme.key, params: { id: application.id }, body: { body: "Hi" } });
    expect(note.status).toBe(403);
    const candidate = await api(candidatesRoute.action, "/api/v1/candidates", { key: acme.key, body: { name: "Rae", email: "rae@example.test" } });
    expect(candidate.status).toBe(403);
    const [row] = await bed.t.db.select({ stageId: applications.currentPipelineStageId }).from(applications).where(eq(applications.id, application.id));
    expect(row!.stageId).toBe(application.stageId);
  });

  it("writes “last used” on use, at most once a minute", async () => {
    const acme = await company("read");
    const lastUsed = async () => (await bed.t.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, acme.keyId)))[0]!.at;
    expect(await lastUsed()).toBeNull();
    await get(jobsRoute.loader, "/api/v1/jobs", acme.key);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await get(jobsRoute.loader, "/api/v1/jobs", acme.key);
    expect(await lastUsed()).toEqual(first);
    await bed.t.db.update(apiKeys).set({ lastUsedAt: sql`now() - interval '2 minutes'` }).where(eq(apiKeys.id, acme.keyId));
    const stale = await lastUsed();
    await get(jobsRoute.loader, "/api/v1/jobs", acme.key);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(stale!.getTime());
  });

  it("answers 429 past the key's limit, with Retry-After, RateLimit headers and the error shape; other keys are not counted with it", async () => {
    const acme = await company("read");
    const ok = await get(jobsRoute.loader, "/api/v1/jobs", acme.key);
    expect(ok.headers.get("RateLimit-Limit")).toBe(String(RATE_LIMITS.staffApi.limit));
    expect(ok.headers.get("RateLimit-Remaining")).toBe(String(RATE_LIMITS.staffApi.limit - 1));
    // The key's window, filled up as 599 more requests would have.
    await bed.t.db.execute(sql`update rate_limits set count = ${RATE_LIMITS.staffApi.limit} where key = ${`staff-api:${acme.keyId}`}`);
    const limited = await get(jobsRoute.loader, "/api/v1/jobs", acme.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.headers.get("RateLimit-Remaining")).toBe("0");
    expect(limited.body).toEqual({ error: { code: "rate_limited", message: expect.stringContaining("Try again in") } });
    const other = await company("read", "Api Limit Others");
    expect((await get(jobsRoute.loader, "/api/v1/jobs", other.key)).status).toBe(200);
  });
});

describe("reads", () => {
  it("answers a job with its stages, a candidate with their applications and an application, each in its schema; another company's are not found", async () => {
    const acme = await company("read");
    const rival = await company("read", "Api Read Rivals");
    const application = await createTestApplication(bed.t.db, acme.job, { candidateName: "Grace Hopper", candidateEmail: "grace@example.test" });
    const theirs = await createTestApplication(bed.t.db, rival.job);

    const job = await get(jobRoute.loader, `/api/v1/jobs/${acme.job.id}`, acme.key, { id: acme.job.id });
    expect(job.status).toBe(200);
    const parsedJob = ApiJobDetail.parse(job.body);
    expect(parsedJob).toMatchObject({ id: acme.job.id, title: "Platform Engineer", status: "published", employment_type: "full-time" });
    expect(parsedJob.stages.map((stage) => [stage.name, stage.position])).toEqual(acme.job.stages.map((stage, index) => [stage.name, index + 1]));
    expect(parsedJob.stages[0]!.applications).toBe(1);

    const candidate = await get(candidateRoute.loader, `/api/v1/candidates/${application.candidateId}`, acme.key, { id: application.candidateId });
    expect(ApiCandidateDetail.parse(candidate.body)).toMatchObject({ name: "Grace Hopper", email: "grace@example.test", applications: [{ id: application.id }] });
    const one = await get(applicationRoute.loader, `/api/v1/applications/${application.id}`, acme.key, { id: application.id });
    expect(ApiApplication.parse(one.body)).toMatchObject({ id: application.id, job_id: acme.job.id, stage_id: application.stageId, status: "active" });

    const notFound = [
      await get(jobRoute.loader, `/api/v1/jobs/${rival.job.id}`, acme.key, { id: rival.job.id }),
      await get(candidateRoute.loader, `/api/v1/candidates/${theirs.candidateId}`, acme.key, { id: theirs.candidateId }),
      await get(applicationRoute.loader, `/api/v1/applications/${theirs.id}`, acme.key, { id: theirs.id }),
      await get(applicationNotesRoute.loader, `/api/v1/applications/${theirs.id}/notes`, acme.key, { id: theirs.id }),
    ];
    expect(notFound.map((answer) => [answer.status, answer.body.error!.code])).toEqual(Array(4).fill([404, "not_found"]));
    // Lists hold only the key's company's rows.
    const list = await get(applicationsRoute.loader, "/api/v1/applications", acme.key);
    expect(list.body.data!.map((row) => row.id)).toEqual([application.id]);
  });

  it("answers 404 for a malformed id, before and without a key, and 400 with the field for a malformed id in the query or the body", async () => {
    const acme = await company("write");
    for (const [fn, path] of [
      [jobRoute.loader, "/api/v1/jobs/nope"],
      [candidateRoute.loader, "/api/v1/candidates/nope"],
      [applicationRoute.loader, "/api/v1/applications/nope"],
      [applicationNotesRoute.loader, "/api/v1/applications/nope/notes"],
    ] as const) {
      expect((await get(fn, path, acme.key, { id: "nope" })).status).toBe(404);
      expect((await get(fn, path, null, { id: "nope" })).status).toBe(404);
    }
    const query = await get(applicationsRoute.loader, "/api/v1/applications?job_id=nope&status=lost&limit=500", acme.key);
    expect(query.status).toBe(400);
    expect(query.body.error).toEqual({
      code: "invalid",
      message: "Some parameters need attention.",
      fields: { job_id: "Not the id of job", status: "One of active, withdrawn, rejected", limit: "A whole number from 1 to 100" },
    });
    const application = await createTestApplication(bed.t.db, acme.job);
    const move = await api(applicationMoveRoute.action, `/api/v1/applications/${application.id}/move`, { key: acme.key, params: { id: application.id }, body: { stage_id: "nope" } });
    expect(move.status).toBe(400);
    expect(move.body.error!.fields).toEqual({ stage_id: "That stage is not part of this job's pipeline." });
  });
});

describe("pages", () => {
  it("walk a list longer than a page exactly once, newest first, with an opaque cursor; a forged cursor is refused", async () => {
    const acme = await company("read");
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      // Two share each instant, so the id breaks the tie.
      const createdAt = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2)));
      made.push((await createTestApplication(bed.t.db, acme.job, { createdAt })).id);
    }
    const expected = (await bed.t.db.select({ id: applications.id }).from(applications).where(eq(applications.jobId, acme.job.id)).orderBy(sql`created_at desc, id desc`)).map((row) => row.id);
    expect(new Set(expected)).toEqual(new Set(made));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?job_id=${acme.job.id}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await get(applicationsRoute.loader, `/api/v1/applications${query}`, acme.key);
      expect(page.status).toBe(200);
      expect(page.body.data!.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.data!.map((row) => String(row.id)));
      cursor = page.body.next_cursor ?? null;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);

    const forged = await get(applicationsRoute.loader, "/api/v1/applications?cursor=abc", acme.key);
    expect(forged.status).toBe(400);
    expect(forged.body.error!.fields).toEqual({ cursor: "Not a cursor of this list: pass next_cursor as it was answered" });
  });

  it("filter jobs by status, candidates by email and applications by stage and status", async () => {
    const acme = await company("read");
    const draft = await createTestJob(bed.t.db, acme.staff, { title: "Draft role" });
    await bed.t.db.execute(sql`update jobs set status = 'draft' where id = ${draft.id}`);
    const jobs = await get(jobsRoute.loader, "/api/v1/jobs?status=draft", acme.key);
    expect(jobs.body.data!.map((job) => job.title)).toEqual(["Draft role"]);
    const a = await createTestApplication(bed.t.db, acme.job, { candidateEmail: "Lin@Example.test" });
    const b = await createTestApplication(bed.t.db, acme.job, { stageName: "Screening", status: "rejected" });
    expect((await get(candidatesRoute.loader, "/api/v1/candidates?email=lin@example.test", acme.key)).body.data!.map((c) => c.id)).toEqual([a.candidateId]);
    expect((await get(applicationsRoute.loader, `/api/v1/applications?stage_id=${b.stageId}`, acme.key)).body.data!.map((row) => row.id)).toEqual([b.id]);
    expect((await get(applicationsRoute.loader, "/api/v1/applications?status=rejected", acme.key)).body.data!.map((row) => row.id)).toEqual([b.id]);
  });
});

describe("writes", () => {
  it("moves an application through the pipeline board's own move: the same history and stage entries, named after the key's maker", async () => {
    const acme = await company("write");
    const viaApi = await createTestApplication(bed.t.db, acme.job);
    const viaBoard = await createTestApplication(bed.t.db, acme.job);
    const screen = acme.job.stages[1]!;

    const moved = await api(applicationMoveRoute.action, `/api/v1/applications/${viaApi.id}/move`, { key: acme.key, params: { id: viaApi.id }, body: { stage_id: screen.id } });
    expect(moved.status).toBe(200);
    expect(ApiApplication.parse(moved.body)).toMatchObject({ id: viaApi.id, stage_id: screen.id });
    const board = await callAction(pipelineRoute.action, { path: `/manage/jobs/${acme.job.id}`, cookie: acme.cookie, params: { jobId: acme.job.id }, form: { intent: "move", applicationId: viaBoard.id, stageId: screen.id } });
    expect(board.status).toBe(200);

    const history = async (id: string) =>
      (await bed.t.db.select({ type: activityEvents.type, actorId: activityEvents.actorId, data: activityEvents.data }).from(activityEvents).where(eq(activityEvents.subjectId, id)).orderBy(asc(activityEvents.seq))).map(
        ({ data, ...event }) => ({ ...event, data: { ...data, candidateName: undefined } }),
      );
    expect(await history(viaApi.id)).toEqual(await history(viaBoard.id));
    expect(await history(viaApi.id)).toEqual([expect.objectContaining({ type: "application_stage_moved", actorId: acme.staff.userId })]);
    const entries = await bed.t.db.select({ stageId: stageEntries.stageId }).from(stageEntries).where(eq(stageEntries.applicationId, viaApi.id));
    expect(entries.map((entry) => entry.stageId)).toContain(screen.id);

    // A stage of another job is refused with its field; the same stage again changes nothing.
    const other = await createTestJob(bed.t.db, acme.staff, { title: "Other" });
    const wrong = await api(applicationMoveRoute.action, `/api/v1/applications/${viaApi.id}/move`, { key: acme.key, params: { id: viaApi.id }, body: { stage_id: other.stages[0]!.id } });
    expect(wrong).toMatchObject({ status: 400, body: { error: { code: "invalid", fields: { stage_id: "That stage is not part of this job's pipeline." } } } });
    const missing = await api(applicationMoveRoute.action, `/api/v1/applications/${viaApi.id}/move`, { key: acme.key, params: { id: viaApi.id }, body: {} });
    expect(missing).toMatchObject({ status: 400, body: { error: { fields: { stage_id: "Choose a stage" } } } });
    expect((await api(applicationMoveRoute.action, `/api/v1/applications/${viaApi.id}/move`, { key: acme.key, params: { id: viaApi.id }, body: { stage_id: screen.id } })).status).toBe(200);
    expect(await history(viaApi.id)).toHaveLength(1);
    // Another company's application is not found, and GET is not how one moves.
    const rival = await company("write", "Api Move Rivals");
    const theirs = await createTestApplication(bed.t.db, rival.job);
    expect((await api(applicationMoveRoute.action, `/api/v1/applications/${theirs.id}/move`, { key: acme.key, params: { id: theirs.id }, body: { stage_id: rival.job.stages[1]!.id } })).status).toBe(404);
    expect((await get(applicationMoveRoute.loader, `/api/v1/applications/${viaApi.id}/move`, acme.key, { id: viaApi.id })).status).toBe(405);
  });

  it("writes a note as the key's maker and lists the application's notes", async () => {
    const acme = await company("write");
    const application = await createTestApplication(bed.t.db, acme.job);
    const written = await api(applicationNotesRoute.action, `/api/v1/applications/${application.id}/notes`, { key: acme.key, params: { id: application.id }, body: { body: "  Strong portfolio.\nCall back.  " } });
    expect(written.status).toBe(201);
    const note = ApiNote.parse(written.body);
    expect(note).toMatchObject({ application_id: application.id, candidate_id: application.candidateId, author_id: acme.staff.userId, body: "Strong portfolio.\nCall back." });
    const [row] = await bed.t.db.select({ authorId: notes.authorId }).from(notes).where(eq(notes.id, note.id));
    expect(row!.authorId).toBe(acme.staff.userId);
    const listed = await get(applicationNotesRoute.loader, `/api/v1/applications/${application.id}/notes`, acme.key, { id: application.id });
    expect(listed.body).toEqual({ data: [written.body], next_cursor: null });
    const empty = await api(applicationNotesRoute.action, `/api/v1/applications/${application.id}/notes`, { key: acme.key, params: { id: application.id }, body: { body: " " } });
    expect(empty).toMatchObject({ status: 400, body: { error: { code: "invalid", fields: { body: "Write a note" } } } });
  });

  it("adds a candidate as “Add candidate” does, with the form's messages, a 409 for a second application to a job, and JSON only", async () => {
    const acme = await company("write");
    const added = await api(candidatesRoute.action, "/api/v1/candidates", { key: acme.key, body: { name: "Katherine Johnson", email: "kj@example.test", source: "Conference", job_id: acme.job.id } });
    expect(added.status).toBe(201);
    const candidate = ApiCandidateDetail.parse(added.body);
    expect(candidate).toMatchObject({ name: "Katherine Johnson", source: "added", source_detail: "HRIS sync (API) · Conference", applications: [{ job_id: acme.job.id, stage_id: acme.job.stages[0]!.id }] });
    const again = await api(candidatesRoute.action, "/api/v1/candidates", { key: acme.key, body: { name: "Katherine Johnson", email: "KJ@example.test" } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(candidate.id);
    const twice = await api(candidatesRoute.action, "/api/v1/candidates", { key: acme.key, body: { name: "Katherine Johnson", email: "kj@example.test", job_id: acme.job.id } });
    expect(twice).toMatchObject({ status: 409, body: { error: { code: "conflict", fields: { job_id: "This candidate already has an application for this job" } } } });

    const invalid = await api(candidatesRoute.action, "/api/v1/candidates", { key: acme.key, body: { name: "", email: "nope" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: "invalid", fields: { name: expect.any(String), email: expect.any(String) } });
    const rival = await company("write", "Api Candidate Rivals");
    const theirJob = await api(candidatesRoute.action, "/api/v1/candidates", { key: acme.key, body: { name: "Rae", email: "rae@example.test", job_id: rival.job.id } });
    expect(theirJob).toMatchObject({ status: 400, body: { error: { code: "invalid", fields: { job_id: "Choose one of your jobs" } } } });
    const form = await api(candidatesRoute.action, "/api/v1/candidates", { key: acme.key, raw: { type: "application/x-www-form-urlencoded", text: "name=Rae&email=rae%40example.test" } });
    expect(form.status).toBe(415);
    const broken = await api(candidatesRoute.action, "/api/v1/candidates", { key: acme.key, raw: { type: "application/json", text: "{" } });
    expect(broken).toMatchObject({ status: 400, body: { error: { code: "invalid" } } });
  });
});

describe("the OpenAPI document", () => {
  function flatten(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
    return entries.flatMap((entry) => {
      const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
      return [...(entry.path ? [path] : []), ...flatten(entry.children ?? [], path)];
    });
  }

  it("is OpenAPI 3.1 with a bearer scheme, and describes every staff route under /api/v1 with its scope, parameters, body and answers", async () => {
    const answer = await openApiRoute.loader();
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { "x-scope": string; parameters?: { name: string }[]; requestBody?: unknown; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Record<string, unknown>> };
    };
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes).toEqual({ apiKey: expect.objectContaining({ type: "http", scheme: "bearer" }) });

    const apiRoutes = flatten(routes)
      .filter((path) => path.startsWith("api/v1/") && !path.startsWith("api/v1/boards/") && path !== "api/v1/openapi.json")
      .map((path) => `/${path.replace(/:(\w+)/g, "{$1}")}`);
    expect(apiRoutes.length).toBeGreaterThanOrEqual(7);
    expect(Object.keys(document.paths).sort()).toEqual([...new Set(apiRoutes)].sort());
    expect(Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => `${method} ${path} ${op["x-scope"]}`)).sort()).toEqual(
      [
        "get /api/v1/applications read",
        "get /api/v1/applications/{id} read",
        "get /api/v1/applications/{id}/notes read",
        "get /api/v1/candidates read",
        "get /api/v1/candidates/{id} read",
        "get /api/v1/jobs read",
        "get /api/v1/jobs/{id} read",
        "post /api/v1/applications/{id}/move write",
        "post /api/v1/applications/{id}/notes write",
        "post /api/v1/candidates write",
      ],
    );
    expect(document.paths["/api/v1/applications"]!.get!.parameters!.map((p) => p.name)).toEqual(["limit", "cursor", "job_id", "stage_id", "status"]);
    expect(document.paths["/api/v1/applications/{id}/move"]!.post!.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/MoveApplication" } } },
    });
    expect(Object.keys(document.paths["/api/v1/candidates"]!.post!.responses)).toEqual(["201", "400", "401", "403", "409", "415", "429"]);
  });

  it("has component schemas that are JSON Schema and that the API's real answers satisfy", async () => {
    const document = (await (await openApiRoute.loader()).json()) as { components: { schemas: Record<string, unknown> } };
    const schemas = document.components.schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(["Job", "JobWithStages", "Stage", "Candidate", "Application", "Note", "Error", "JobList", "CreateCandidate"]));
    // Each component read back as JSON Schema (2020-12), its $refs resolved in the document.
    const defs = JSON.parse(JSON.stringify(schemas).replaceAll("#/components/schemas/", "#/$defs/")) as Record<string, unknown>;
    const validator = (name: string) => z.fromJSONSchema({ $defs: defs, $ref: `#/$defs/${name}` } as never);
    for (const name of Object.keys(schemas)) expect(() => validator(name), name).not.toThrow();

    const acme = await company("read");
    const application = await createTestApplication(bed.t.db, acme.job);
    const answers: [string, Record<string, unknown>][] = [
      ["JobList", (await get(jobsRoute.loader, "/api/v1/jobs", acme.key)).body],
      ["JobWithStages", (await get(jobRoute.loader, `/api/v1/jobs/${acme.job.id}`, acme.key, { id: acme.job.id })).body],
      ["ApplicationList", (await get(applicationsRoute.loader, "/api/v1/applications", acme.key)).body],
      ["CandidateWithApplications", (await get(candidateRoute.loader, `/api/v1/candidates/${application.candidateId}`, acme.key, { id: application.candidateId })).body],
      ["Error", (await get(jobsRoute.loader, "/api/v1/jobs", null)).body],
    ];
    for (const [name, body] of answers) expect(validator(name).safeParse(body).success, name).toBe(true);
    expect(validator("Application").safeParse({ id: application.id }).success).toBe(false);
  });
});

describe("the rows of a key", () => {
  it("are its company's: deleting the company deletes its keys", async () => {
    const acme = await company("read");
    await bed.t.db.execute(sql`delete from companies where id = ${acme.staff.companyId}`);
    expect(await bed.t.db.select().from(apiKeys).where(and(eq(apiKeys.id, acme.keyId)))).toEqual([]);
  });
});
