// First: the folder for files and the database, before config is read (tests/helpers/files-root.ts).
import { filesRoot } from "../helpers/files-root";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Files and temporary uploads go to a folder of this test file's own (read by config at import).

import { applications, cvs, jobs } from "../../db/schema";
import * as applyRoute from "../../app/routes/job-board/job-apply";
import * as addCandidateRoute from "../../app/routes/staff/candidates-new";
import * as cvFileRoute from "../../app/routes/staff/cv-file";
import { CV_MESSAGES } from "~/schemas/cv";
import { listCandidates } from "~/server/candidates/queries.server";
import { extractCvTask } from "~/server/cvs/extract-cv.server";
import { queryRows } from "~/server/platform/db.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import { inspectTask } from "~/server/queue/tasks.server";
import { fileStorage } from "~/server/storage/storage.server";
import { pdfWithText, windowsExecutable } from "../fixtures/documents";
import { createStaff, createTestJob } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
let queue: Queue;
beforeAll(async () => {
  // Tasks run only when a test asks (runDueTasks): a background poll could otherwise read a CV
  // before a test has taken its file away (the retry test failed so on a slow machine).
  queue = await startQueue(app.t, [extractCvTask], { pollingIntervalSeconds: 3600 });
});
afterAll(async () => {
  await queue.stop();
  await rm(filesRoot, { recursive: true, force: true });
});

/** The apply form of a job as a browser sends it: multipart, with the CV as a file part. */
function applyForm(fields: Record<string, string>, cv?: { bytes: Buffer; name: string; type?: string }) {
  const form = new FormData();
  // The candidate agrees to the privacy notice (decision 114).
  for (const [name, value] of Object.entries({ privacy_consent: "on", ...fields })) form.set(name, value);
  if (cv) form.set("cv", new File([new Uint8Array(cv.bytes)], cv.name, { type: cv.type ?? "application/pdf" }));
  return form;
}

async function publishedJob(cvField: "optional" | "required" | "hidden" = "optional") {
  const owner = await createStaff(app.t.db, app.t.auth);
  const job = await createTestJob(app.t.db, owner.staff, { title: "Compiler Engineer" });
  await app.t.db.update(jobs).set({ cvField }).where(eq(jobs.id, job.id));
  return { owner, job, params: { id: job.id, slug: "compiler-engineer" } };
}

const storedFiles = async () => (await readdir(path.join(filesRoot, "files", "cv")).catch(() => [])).length;

describe("applying with a CV", () => {
  it("stores the PDF privately, reads its text in the background once, and makes it searchable", async () => {
    const { owner, params } = await publishedJob();
    const bytes = await pdfWithText(["Grace Hopper", "Wrote the first compiler for a computer language: the A-0 system."]);
    const answer = await callAction(applyRoute.action, {
      path: `/jobs/${params.id}/compiler-engineer/apply`,
      params,
      form: applyForm({ candidate_name: "Grace Hopper", candidate_email: "grace@example.test" }, { bytes, name: "Grace CV.pdf" }),
    });
    expect(answer.response?.headers.get("location")).toBe("/jobs?applied=1");

    const [cv] = await app.t.db.select().from(cvs).innerJoin(applications, eq(applications.id, cvs.applicationId));
    expect(cv!.cvs).toMatchObject({ fileName: "Grace CV.pdf", kind: "pdf", sizeBytes: bytes.length, textStatus: "pending", text: null });
    expect(cv!.applications.candidateEmail).toBe("grace@example.test");
    // The file is in storage under the row's key, byte for byte.
    const stored = Buffer.concat(await (await fileStorage().get(cv!.cvs.storageKey)).toArray());
    expect(stored.equals(bytes)).toBe(true);

    await queue.runDueTasks();
    const [read] = await app.t.db.select({ textStatus: cvs.textStatus, text: cvs.text, pages: cvs.pages }).from(cvs).where(eq(cvs.id, cv!.cvs.id));
    expect(read).toMatchObject({ textStatus: "text", pages: 1 });
    expect(read!.text).toContain("A-0 system");
    // One task, run once.
    const [task] = await queryRows<{ id: string }>(app.t.db, sql`select id from pgboss.job where name = ${extractCvTask.name} and data->>'cvId' = ${cv!.cvs.id}`);
    expect(await inspectTask(app.t.db, extractCvTask, task!.id)).toMatchObject({ state: "completed", runs: 1 });

    // The recruiter finds her by a word only the CV holds.
    const found = await listCandidates(app.t.db, owner.staff, { q: "compiler" });
    expect(found.rows.map((row) => [row.name, row.match])).toEqual([["Grace Hopper", "text"]]);
  });

  it("refuses an executable named cv.pdf beside the field, keeps the other answers and stores nothing", async () => {
    const { params } = await publishedJob();
    const before = await storedFiles();
    const answer = await callAction(applyRoute.action, {
      path: `/jobs/${params.id}/compiler-engineer/apply`,
      params,
      form: applyForm({ candidate_name: "Mallory", candidate_email: "mallory@example.test", cover_letter: "Hello" }, { bytes: windowsExecutable(), name: "cv.pdf" }),
    });
    expect(answer.status).toBe(400);
    expect(answer.data.errors?.cv).toBe("This file can't be accepted. Upload a PDF, DOCX, ODT, RTF or TXT file.");
    expect(answer.data.values).toMatchObject({ candidate_name: "Mallory", candidate_email: "mallory@example.test", cover_letter: "Hello" });
    expect(await app.t.db.select().from(applications).where(eq(applications.candidateEmail, "mallory@example.test"))).toEqual([]);
    expect(await storedFiles()).toBe(before);
    // Nothing is left waiting in the temporary folder either.
    expect(await readdir(path.join(filesRoot, "data", "tmp")).catch(() => [])).toEqual([]);
  });

  it("asks for a CV when the job requires one, ignores one the job does not ask for, and refuses more than 10 MB", async () => {
    const required = await publishedJob("required");
    const missing = await callAction(applyRoute.action, {
      path: "/apply",
      params: required.params,
      form: applyForm({ candidate_name: "No File", candidate_email: "nofile@example.test" }),
    });
    expect(missing.status).toBe(400);
    expect(missing.data.errors?.cv).toBe(CV_MESSAGES.required);

    const tooLarge = await callAction(applyRoute.action, {
      path: "/apply",
      params: required.params,
      form: applyForm({ candidate_name: "Big File", candidate_email: "big@example.test" }, { bytes: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(10 * 1024 * 1024)]), name: "big.pdf" }),
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.data.errors?.cv).toBe(CV_MESSAGES.tooLarge);
    expect(tooLarge.data.values).toMatchObject({ candidate_name: "Big File" });

    const hidden = await publishedJob("hidden");
    const before = await storedFiles();
    const ignored = await callAction(applyRoute.action, {
      path: "/apply",
      params: hidden.params,
      form: applyForm({ candidate_name: "Extra File", candidate_email: "extra@example.test" }, { bytes: await pdfWithText(["Unasked"]), name: "cv.pdf" }),
    });
    expect(ignored.response?.headers.get("location")).toBe("/jobs?applied=1");
    expect(await storedFiles()).toBe(before);
  });

  it("answers a multipart body it cannot read with the form's own message, not a crash", async () => {
    const { params } = await publishedJob();
    const answer = await callAction(applyRoute.action, {
      path: "/apply",
      params,
      headers: { "content-type": "multipart/form-data; boundary=edge" },
      form: new URLSearchParams("not=multipart"),
    });
    expect(answer.status).toBe(400);
    expect(answer.data.failure).toBe("The form could not be read. Please try again.");
  });

  it("removes the stored file again when the application is refused", async () => {
    const { params } = await publishedJob();
    const form = () => applyForm({ candidate_name: "Twice", candidate_email: "twice@example.test" }, { bytes: Buffer.from("Plain text CV of someone applying twice."), name: "cv.txt", type: "text/plain" });
    await callAction(applyRoute.action, { path: "/apply", params, form: form() });
    const before = await storedFiles();
    const again = await callAction(applyRoute.action, { path: "/apply", params, form: form() });
    expect(again.status).toBe(409);
    expect(await storedFiles()).toBe(before);
  });
});

describe("the extraction task", () => {
  it("is retried after a failure (the file not there yet) and then reads the CV", async () => {
    const { params } = await publishedJob();
    await callAction(applyRoute.action, {
      path: "/apply",
      params,
      form: applyForm({ candidate_name: "Retry Person", candidate_email: "retry@example.test" }, { bytes: Buffer.from("Retried reading: zeppelin pilot."), name: "cv.txt", type: "text/plain" }),
    });
    const [cv] = await app.t.db
      .select()
      .from(cvs)
      .innerJoin(applications, eq(applications.id, cvs.applicationId))
      .where(eq(applications.candidateEmail, "retry@example.test"));
    const key = cv!.cvs.storageKey;
    const bytes = Buffer.concat(await (await fileStorage().get(key)).toArray());
    // The storage loses the file (an outage): the run fails (logged) and the task waits for its retry.
    await fileStorage().delete(key);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await queue.runDueTasks();
    expect(String(errors.mock.calls[0]?.[0])).toContain("failed on run 1, retrying later");
    errors.mockRestore();
    const [task] = await queryRows<{ id: string }>(app.t.db, sql`select id from pgboss.job where name = ${extractCvTask.name} and data->>'cvId' = ${cv!.cvs.id}`);
    expect(await inspectTask(app.t.db, extractCvTask, task!.id)).toMatchObject({ state: "retry", runs: 1 });
    expect((await app.t.db.select({ s: cvs.textStatus }).from(cvs).where(eq(cvs.id, cv!.cvs.id)))[0]!.s).toBe("pending");

    // Back again; the retry's time comes (moved forward rather than waited for).
    await fileStorage().put(key, (await import("node:stream")).Readable.from([bytes]), { contentType: "text/plain; charset=utf-8", size: bytes.length });
    await app.t.db.execute(sql`update pgboss.job set start_after = now() where id = ${task!.id}`);
    // Run until the retry has been taken (a busy machine's poll may come round once more first).
    await expect
      .poll(async () => {
        await queue.runDueTasks();
        return (await inspectTask(app.t.db, extractCvTask, task!.id))?.state;
      })
      .toBe("completed");
    expect(await inspectTask(app.t.db, extractCvTask, task!.id)).toMatchObject({ state: "completed", runs: 2 });
    const [read] = await app.t.db.select({ textStatus: cvs.textStatus, text: cvs.text }).from(cvs).where(eq(cvs.id, cv!.cvs.id));
    expect(read).toEqual({ textStatus: "text", text: "Retried reading: zeppelin pilot." });
  });
});

describe("a CV file", () => {
  it("is downloaded by the company's staff as an attachment that is never rendered, and is not found by anyone else", async () => {
    const { owner, params } = await publishedJob();
    const bytes = await pdfWithText(["Download me"]);
    await callAction(applyRoute.action, {
      path: "/apply",
      params,
      form: applyForm({ candidate_name: "Down Load", candidate_email: "download@example.test" }, { bytes, name: "Down Load.pdf" }),
    });
    const [cv] = await app.t.db
      .select({ id: cvs.id, candidateId: cvs.candidateId })
      .from(cvs)
      .innerJoin(applications, eq(applications.id, cvs.applicationId))
      .where(eq(applications.candidateEmail, "download@example.test"));
    const cvParams = { candidateId: cv!.candidateId, cvId: cv!.id };

    const download = await callLoader(cvFileRoute.loader, { path: `/candidates/${cv!.candidateId}/cvs/${cv!.id}`, params: cvParams, cookie: owner.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="Down Load.pdf"/);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await download.response!.arrayBuffer()).equals(bytes)).toBe(true);

    const preview = await callLoader(cvFileRoute.loader, { path: `/candidates/${cv!.candidateId}/cvs/${cv!.id}?preview`, params: cvParams, cookie: owner.cookie });
    expect(preview.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(preview.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    await preview.response!.body?.cancel();

    const stranger = await createStaff(app.t.db, app.t.auth);
    const other = await callLoader(cvFileRoute.loader, { path: `/candidates/${cv!.candidateId}/cvs/${cv!.id}`, params: cvParams, cookie: stranger.cookie });
    expect(other.status).toBe(404);
  });

  it("comes with a candidate added by hand, who the history says added it", async () => {
    const { owner } = await publishedJob();
    const answer = await callAction(addCandidateRoute.action, {
      path: "/candidates/new",
      cookie: owner.cookie,
      form: (() => {
        const form = new FormData();
        form.set("name", "Hand Added");
        form.set("email", "hand@example.test");
        form.set("cv", new File([new Uint8Array(Buffer.from("Hand-added CV: lighthouse keeper."))], "hand.txt", { type: "text/plain" }));
        return form;
      })(),
    });
    expect(answer.status).toBe(302);
    const [cv] = await app.t.db.select({ uploadedBy: cvs.uploadedBy, applicationId: cvs.applicationId, kind: cvs.kind }).from(cvs).where(eq(cvs.fileName, "hand.txt"));
    expect(cv).toEqual({ uploadedBy: owner.staff.userId, applicationId: null, kind: "txt" });
    await queue.runDueTasks();
    expect((await listCandidates(app.t.db, owner.staff, { q: "lighthouse" })).rows.map((row) => row.name)).toEqual(["Hand Added"]);
  });
});
