// First: the folder for files and the database, before config is read (tests/helpers/files-root.ts).
import { filesRoot } from "../helpers/files-root";
import { Readable } from "node:stream";
import { rm } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { applications, auditEvents, candidates, companies, cvs } from "../../db/schema";
import * as privacyRoute from "../../app/routes/staff/settings-privacy";
import { queryRows } from "~/server/platform/db.server";
import { getRetentionSettings, nextRetentionRun, runRetention } from "~/server/privacy/retention.server";
import { FileNotFoundError, fileStorage } from "~/server/storage/storage.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
afterAll(async () => {
  await rm(filesRoot, { recursive: true, force: true });
});

const NOW = new Date("2026-11-27T12:00:00Z");
const monthsAgo = (months: number) => new Date(Date.UTC(2026, 10 - months, 27, 9));

/** An application of `name` closed as `how` at `closed` (rejected, withdrawn or hired), or still open without. */
async function candidateOf(job: { id: string; companyId: string }, name: string, how: { closed?: Date; as?: "rejected" | "withdrawn" | "hired"; pool?: boolean } = {}) {
  const application = await createTestApplication(app.t.db, job, { candidateName: name, createdAt: new Date(Date.UTC(2024, 0, 1)) });
  const closed = how.closed?.toISOString();
  if (how.as === "rejected") await app.t.db.execute(sql`update applications set status = 'rejected', rejected_at = ${closed} where id = ${application.id}`);
  if (how.as === "withdrawn") await app.t.db.execute(sql`update applications set status = 'withdrawn', updated_at = ${closed} where id = ${application.id}`);
  if (how.as === "hired") await app.t.db.execute(sql`update applications set hired_on = ${closed!.slice(0, 10)} where id = ${application.id}`);
  if (how.pool) await app.t.db.execute(sql`update applications set talent_pool_consent = true, talent_pool_consented_at = now() where id = ${application.id}`);
  return application;
}

async function cvFor(application: { candidateId: string; companyId: string; id: string }) {
  const key = `cv/${application.companyId}/${crypto.randomUUID()}`;
  const bytes = Buffer.from("A CV that must go.");
  await fileStorage().put(key, Readable.from([bytes]), { contentType: "text/plain; charset=utf-8", size: bytes.length });
  await app.t.db.insert(cvs).values({ companyId: application.companyId, candidateId: application.candidateId, applicationId: application.id, fileName: "cv.txt", kind: "txt", sizeBytes: bytes.length, sha256: "x", storageKey: key });
  return key;
}

const nameOf = async (candidateId: string) => (await app.t.db.select({ name: candidates.name }).from(candidates).where(eq(candidates.id, candidateId)))[0]!.name;

describe("retention (decision 117)", () => {
  it("anonymises exactly the candidates whose time has passed, with their files, while the reports still count them", async () => {
    const { staff, cookie } = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, staff, { title: "Keeper" });
    const save = (form: Record<string, string>, who = cookie) => callAction(privacyRoute.action, { path: "/settings/privacy", cookie: who, form: { intent: "retention", ...form } });

    // The form: the talent pool can only extend the time, and only once there is one; recruiters cannot set it.
    expect(await save({ retentionMonths: "", talentPoolMonths: "24" })).toMatchObject({ status: 400, data: { errors: { talentPoolMonths: "Choose how long candidates are kept first" } } });
    expect(await save({ retentionMonths: "24", talentPoolMonths: "12" })).toMatchObject({ status: 400, data: { errors: { talentPoolMonths: expect.stringContaining("at least as long") } } });
    expect(await save({ retentionMonths: "7", talentPoolMonths: "" })).toMatchObject({ status: 400 });
    const recruiter = await createMember(app.t.db, app.t.auth, staff, "recruiter");
    expect((await save({ retentionMonths: "12", talentPoolMonths: "24" }, recruiter.cookie)).status).toBe(403);
    expect((await save({ retentionMonths: "12", talentPoolMonths: "24" })).status).toBe(302);
    expect((await app.t.db.select().from(companies).where(eq(companies.id, staff.companyId)))[0]).toMatchObject({ retentionMonths: 12, talentPoolRetentionMonths: 24 });
    expect((await app.t.db.select().from(auditEvents).where(eq(auditEvents.companyId, staff.companyId))).map((entry) => entry.action)).toEqual(["retention.changed"]);

    const rejectedLongAgo = await candidateOf(job, "Rejected Longago", { closed: monthsAgo(13), as: "rejected" });
    const withdrawnLongAgo = await candidateOf(job, "Withdrawn Longago", { closed: monthsAgo(14), as: "withdrawn" });
    const hiredLongAgo = await candidateOf(job, "Hired Longago", { closed: monthsAgo(15), as: "hired" });
    const rejectedRecently = await candidateOf(job, "Rejected Recently", { closed: monthsAgo(11), as: "rejected" });
    const inThePool = await candidateOf(job, "Pool Member", { closed: monthsAgo(13), as: "rejected", pool: true });
    const stillOpen = await candidateOf(job, "Still Open");
    const expiredKey = await cvFor(rejectedLongAgo);
    const keptKey = await cvFor(rejectedRecently);
    // Another company that keeps candidates until erased: its old candidates stay.
    const other = await createStaff(app.t.db, app.t.auth);
    const otherJob = await createTestJob(app.t.db, other.staff, { title: "Other" });
    const otherOld = await candidateOf(otherJob, "Other Longago", { closed: monthsAgo(30), as: "rejected" });

    // The preview counts the three whose time passed before the next run.
    const settings = await getRetentionSettings(app.t.db, staff, NOW);
    expect(settings).toMatchObject({ retentionMonths: 12, talentPoolMonths: 24, due: 3, nextRun: "2026-11-28T02:00:00.000Z" });
    expect(nextRetentionRun(new Date("2026-11-28T01:59:00Z")).toISOString()).toBe("2026-11-28T02:00:00.000Z");
    const page = await callLoader(privacyRoute.loader, { path: "/settings/privacy", cookie });
    expect(page.data.retention).toMatchObject({ due: expect.any(Number) });

    const counted = async () =>
      (await queryRows<{ n: number; hired: number }>(
        app.t.db,
        sql`select count(*)::int as n, count(hired_on)::int as hired from applications where company_id = ${staff.companyId}`,
      ))[0];
    const reportsBefore = await queryRows(app.t.db, sql`select * from report_counts where company_id = ${staff.companyId} order by 1, 2, 3, 4, 5`);
    const before = await counted();

    expect(await runRetention(app.t.db, NOW)).toBe(3);
    for (const gone of [rejectedLongAgo, withdrawnLongAgo, hiredLongAgo]) expect(await nameOf(gone.candidateId)).toBe("Erased candidate");
    for (const kept of [rejectedRecently, inThePool, stillOpen]) expect(await nameOf(kept.candidateId)).not.toBe("Erased candidate");
    expect(await nameOf(otherOld.candidateId)).toBe("Other Longago");
    const [anonymisedApplication] = await app.t.db.select().from(applications).where(eq(applications.id, rejectedLongAgo.id));
    expect(anonymisedApplication).toMatchObject({ candidateName: "Erased candidate", status: "rejected" });
    expect(anonymisedApplication!.candidateEmail).toMatch(/@erased\.invalid$/);
    await expect(fileStorage().get(expiredKey)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(fileStorage().get(keptKey)).resolves.toBeDefined();
    // What was there is counted as before.
    expect(await counted()).toEqual(before);
    expect(await queryRows(app.t.db, sql`select * from report_counts where company_id = ${staff.companyId} order by 1, 2, 3, 4, 5`)).toEqual(reportsBefore);
    const trail = await app.t.db.select().from(auditEvents).where(eq(auditEvents.action, "candidate.anonymised"));
    expect(trail.map((entry) => entry.subjectId).sort()).toEqual([rejectedLongAgo, withdrawnLongAgo, hiredLongAgo].map((a) => a.candidateId).sort());
    expect(trail.every((entry) => entry.actorId === null && entry.via === "retention")).toBe(true);

    // Nothing more to do; a year later the pool's time has passed too.
    expect(await runRetention(app.t.db, NOW)).toBe(0);
    expect(await runRetention(app.t.db, new Date("2027-12-01T02:00:00Z"))).toBe(2);
    expect(await nameOf(inThePool.candidateId)).toBe("Erased candidate");
    expect(await nameOf(stillOpen.candidateId)).toBe("Still Open");
  });
});
