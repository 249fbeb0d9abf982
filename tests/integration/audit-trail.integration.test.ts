import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { desc, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, candidates, cvs, profiles, user } from "../../db/schema";
import * as auditRoute from "~/routes/staff/settings-audit";
import * as auditExportRoute from "~/routes/staff/settings-audit-export";
import * as teamRoute from "~/routes/staff/settings-team";
import * as apiKeysRoute from "~/routes/staff/settings-api-keys";
import * as candidateRoute from "~/routes/staff/candidate";
import * as applicationRoute from "~/routes/staff/application";
import * as cvFileRoute from "~/routes/staff/cv-file";
import * as candidateMergeRoute from "~/routes/staff/candidate-merge";
import * as staffCandidateRoute from "~/routes/api/staff-candidate";
import type { AuditAction } from "~/schemas/audit";
import { type AuditFilters, AUDIT_PAGE_SIZE, auditPageQuery } from "~/server/audit/queries.server";
import { queryRows } from "~/server/platform/db.server";
import type { KeysetPosition } from "~/server/platform/keyset.server";
import { config } from "~/server/platform/config.server";
import { createApiKey } from "~/server/staff-api/keys.server";
import { fileStorage } from "~/server/storage/storage.server";
import { createWebhookEndpoint, deleteWebhookEndpoint, rollWebhookSecret, updateWebhookEndpoint } from "~/server/webhooks/endpoints.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";
import { planNodes } from "../helpers/query-plan";
import { seedInBulk } from "../helpers/test-database";

const app = setUpAppTestDatabase();
const IP = "203.0.113.7";

beforeAll(() => {
  // Endpoints on this machine are allowed here, as WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1 allows them.
  config.webhooksAllowPrivateNetworks = true;
});
afterAll(() => {
  config.webhooksAllowPrivateNetworks = false;
});

async function company(name: string) {
  const owner = await createStaff(app.t.db, app.t.auth, { fullName: `${name} Owner`, companyName: name });
  const job = await createTestJob(app.t.db, owner.staff, { title: "Engineer" });
  return { owner, job };
}

/** The company's entries, newest first (by insertion). */
const entriesOf = (companyId: string) =>
  app.t.db.select().from(auditEvents).where(eq(auditEvents.companyId, companyId)).orderBy(desc(auditEvents.seq));

/** Entries written by `run`: those of the company that were not there before. */
async function written(companyId: string, run: () => Promise<unknown>) {
  const before = new Set((await entriesOf(companyId)).map((entry) => entry.id));
  await run();
  return (await entriesOf(companyId)).filter((entry) => !before.has(entry.id));
}

/** No candidate's name or email anywhere in an entry. */
function expectNoPersonalData(entries: { data: unknown }[], ...personal: string[]) {
  const text = JSON.stringify(entries);
  for (const value of personal) expect(text).not.toContain(value);
}

async function page(cookie: string, query = "") {
  const answer = await callLoader(auditRoute.loader, { path: `/settings/audit${query}`, cookie });
  expect(answer.status).toBe(200);
  return answer.data;
}

async function csv(cookie: string, query = "") {
  const answer = await callLoader(auditExportRoute.loader, { path: `/settings/audit/export.csv${query}`, cookie });
  expect(answer.status).toBe(200);
  return { headers: answer.headers, text: await answer.response!.text() };
}

describe("the audit trail's entries (decision 115)", () => {
  it("a team action writes exactly its entry, with the actor, the subject's id, the client's address and no personal data", async () => {
    const { owner } = await company("Acme");
    const member = await createMember(app.t.db, app.t.auth, owner.staff, "recruiter", { fullName: "Rita Recruiter" });

    const invited = await written(owner.staff.companyId, () =>
      callAction(teamRoute.action, { path: "/settings/team", cookie: owner.cookie, ip: IP, form: { intent: "invite", email: "new.hire@example.test", role: "interviewer" } }),
    );
    expect(invited).toEqual([
      expect.objectContaining({ actorId: owner.staff.userId, action: "member.invited", subjectType: "invitation", data: { role: "interviewer" }, ip: IP, via: null }),
    ]);
    expectNoPersonalData(invited, "new.hire@example.test");

    const changed = await written(owner.staff.companyId, () =>
      callAction(teamRoute.action, { path: "/settings/team", cookie: owner.cookie, ip: IP, form: { intent: "change-role", memberId: member.staff.userId, role: "admin" } }),
    );
    expect(changed).toEqual([
      expect.objectContaining({ actorId: owner.staff.userId, action: "member.role_changed", subjectType: "member", subjectId: member.staff.userId, data: { from: "recruiter", to: "admin" }, ip: IP }),
    ]);

    const removed = await written(owner.staff.companyId, () =>
      callAction(teamRoute.action, { path: "/settings/team", cookie: owner.cookie, ip: IP, form: { intent: "remove-member", memberId: member.staff.userId } }),
    );
    expect(removed).toEqual([expect.objectContaining({ action: "member.removed", subjectType: "member", subjectId: member.staff.userId, data: { role: "admin" }, ip: IP })]);
    expectNoPersonalData([...changed, ...removed], "Rita Recruiter", member.email);

    // The page names the removed member from their account, at read time.
    const trail = await page(owner.cookie);
    expect(trail.entries.map((entry) => [entry.who, entry.what])).toEqual([
      ["Acme Owner", "Removed a member"],
      ["Acme Owner", "Changed a member's role"],
      ["Acme Owner", "Invited a member"],
    ]);
    expect(trail.entries[1]).toMatchObject({ details: "Recruiter → Admin", ip: IP });
    expect(trail.entries[2]!.subject).toBe("Invitation to new.hire@example.test");
    // Gone from the company, the member is no one's to name.
    expect(trail.entries.slice(0, 2).map((entry) => entry.subject)).toEqual(["Former member", "Former member"]);
  });

  it("API keys and webhook endpoints write theirs", async () => {
    const { owner } = await company("Keys");
    const actor = { ...owner.staff, ip: IP };
    const created = await written(owner.staff.companyId, () =>
      callAction(apiKeysRoute.action, { path: "/settings/api-keys", cookie: owner.cookie, ip: IP, form: { intent: "create-api-key", name: "HRIS sync", scope: "read" } }),
    );
    expect(created).toEqual([expect.objectContaining({ action: "api_key.created", subjectType: "api_key", data: { name: "HRIS sync", scope: "read" }, ip: IP })]);
    const keyId = created[0]!.subjectId;
    const revoked = await written(owner.staff.companyId, () =>
      callAction(apiKeysRoute.action, { path: "/settings/api-keys", cookie: owner.cookie, ip: IP, form: { intent: "revoke-api-key", keyId } }),
    );
    expect(revoked).toEqual([expect.objectContaining({ action: "api_key.revoked", subjectId: keyId, data: { name: "HRIS sync" } })]);

    let endpointId = "";
    const hooks = await written(owner.staff.companyId, async () => {
      endpointId = await createWebhookEndpoint(app.t.db, actor, { url: "http://127.0.0.1:9/hooks", description: "", events: ["application.created"] });
      await updateWebhookEndpoint(app.t.db, actor, endpointId, { url: "http://127.0.0.1:9/hooks2", description: "", events: ["candidate.hired"] });
      await rollWebhookSecret(app.t.db, actor, endpointId);
      await deleteWebhookEndpoint(app.t.db, actor, endpointId);
    });
    expect(hooks.map((entry) => [entry.action, entry.subjectId, entry.data, entry.ip])).toEqual([
      ["webhook.deleted", endpointId, { url: "http://127.0.0.1:9/hooks2" }, IP],
      ["webhook.secret_rolled", endpointId, {}, IP],
      ["webhook.updated", endpointId, { url: "http://127.0.0.1:9/hooks2", events: ["candidate.hired"] }, IP],
      ["webhook.created", endpointId, { url: "http://127.0.0.1:9/hooks", events: ["application.created"] }, IP],
    ]);
    const trail = await page(owner.cookie);
    expect(trail.entries.find((entry) => entry.action === "webhook.deleted")!.subject).toBe("http://127.0.0.1:9/hooks2");
    expect(trail.entries.find((entry) => entry.action === "api_key.revoked")!.subject).toBe("API key HRIS sync");
  });

  it("viewing a candidate (page, application page, API), downloading a CV and merging write theirs; reloads within the window write none", async () => {
    const { owner, job } = await company("Views");
    const application = await createTestApplication(app.t.db, job, { candidateName: "Vera Viewed", candidateEmail: "vera@example.test" });
    const candidateId = application.candidateId!;
    const cookie = owner.cookie;

    const viewed = await written(owner.staff.companyId, async () => {
      const first = await callLoader(candidateRoute.loader, { path: `/candidates/${candidateId}`, params: { candidateId }, cookie, ip: IP });
      expect(first.status).toBe(200);
      await callLoader(candidateRoute.loader, { path: `/candidates/${candidateId}`, params: { candidateId }, cookie, ip: IP });
      await callLoader(applicationRoute.loader, { path: `/applications/${application.id}`, params: { applicationId: application.id }, cookie, ip: IP });
    });
    expect(viewed).toEqual([
      expect.objectContaining({ actorId: owner.staff.userId, action: "candidate.viewed", subjectType: "candidate", subjectId: candidateId, via: null, ip: IP, data: {} }),
    ]);

    // Another member on the application page: their own entry, naming the application.
    const colleague = await createMember(app.t.db, app.t.auth, owner.staff, "admin", { fullName: "Cole League" });
    const again = await written(owner.staff.companyId, () =>
      callLoader(applicationRoute.loader, { path: `/applications/${application.id}`, params: { applicationId: application.id }, cookie: colleague.cookie, ip: IP }),
    );
    expect(again).toEqual([
      expect.objectContaining({ actorId: colleague.staff.userId, action: "candidate.viewed", subjectId: candidateId, data: { applicationId: application.id } }),
    ]);

    // The staff API's read, as its key.
    const { key, id: keyId } = await createApiKey(app.t.db, owner.staff, { name: "Reporting", scope: "read" });
    const api = await written(owner.staff.companyId, async () => {
      const request = new Request(new URL(`/api/v1/candidates/${candidateId}`, "http://localhost"), { headers: { authorization: `Bearer ${key}` } });
      const response = (await staffCandidateRoute.loader({ request, context: new RouterContextProvider(), params: { id: candidateId } } as never)) as Response;
      expect(response.status).toBe(200);
    });
    expect(api).toEqual([
      expect.objectContaining({ actorId: owner.staff.userId, action: "candidate.viewed", subjectId: candidateId, via: "api", data: { apiKeyId: keyId, apiKey: "Reporting" } }),
    ]);

    // A CV downloaded: each download; the page's own preview is not.
    const storageKey = `cvs/audit-${randomUUID()}.pdf`;
    const bytes = Buffer.from("%PDF-1.4 audit");
    await fileStorage().put(storageKey, Readable.from([bytes]), { contentType: "application/pdf", size: bytes.length });
    const [cv] = await app.t.db
      .insert(cvs)
      .values({ companyId: owner.staff.companyId, candidateId, fileName: "cv.pdf", kind: "pdf", sizeBytes: bytes.length, sha256: "x", storageKey })
      .returning({ id: cvs.id });
    const cvParams = { candidateId, cvId: cv!.id };
    const downloads = await written(owner.staff.companyId, async () => {
      const download = await callLoader(cvFileRoute.loader, { path: `/candidates/${candidateId}/cvs/${cv!.id}`, params: cvParams, cookie, ip: IP });
      expect(download.status).toBe(200);
      await download.response!.arrayBuffer();
      const preview = await callLoader(cvFileRoute.loader, { path: `/candidates/${candidateId}/cvs/${cv!.id}?preview`, params: cvParams, cookie, ip: IP });
      await preview.response!.arrayBuffer();
    });
    expect(downloads).toEqual([
      expect.objectContaining({ actorId: owner.staff.userId, action: "candidate.cv_downloaded", subjectId: candidateId, data: { cvId: cv!.id, kind: "pdf" }, ip: IP }),
    ]);

    // A merge changes the kept candidate's details.
    const other = await createTestApplication(app.t.db, job, { candidateName: "Vera V.", candidateEmail: "vera.v@example.test" });
    const merged = await written(owner.staff.companyId, () =>
      callAction(candidateMergeRoute.action, {
        path: `/candidates/${candidateId}/merge`,
        params: { candidateId },
        cookie,
        ip: IP,
        form: { with: other.candidateId! },
      }),
    );
    expect(merged).toEqual([
      expect.objectContaining({
        action: "candidate.updated",
        subjectId: candidateId,
        data: { change: "merged", mergedCandidateId: other.candidateId, applicationsMoved: 1 },
        ip: IP,
      }),
    ]);
    expectNoPersonalData(await entriesOf(owner.staff.companyId), "Vera", "vera@example.test", "vera.v@example.test");

    // The page names the candidate at read time and links their page; erased, they are "Erased candidate".
    let trail = await page(cookie, `?subject=${candidateId}`);
    expect(trail.entries.every((entry) => entry.subject === "Vera Viewed" && entry.subjectHref === `/candidates/${candidateId}`)).toBe(true);
    expect(trail.entries.find((entry) => entry.what === "Viewed a candidate" && entry.who.startsWith("API key"))!.who).toBe("API key Reporting");
    expect(trail.entries.find((entry) => entry.action === "candidate.updated")!.details).toBe(`change: merged; applications moved: 1; merged candidate: ${other.candidateId}`);
    expect(trail.entries.find((entry) => entry.action === "candidate.cv_downloaded")!.details).toBe(`CV: ${cv!.id}; file type: pdf`);
    await app.t.db.delete(candidates).where(eq(candidates.id, candidateId));
    trail = await page(cookie, `?subject=${candidateId}`);
    expect(trail.entries.length).toBe(5);
    expect(trail.entries.every((entry) => entry.subject === "Erased candidate" && entry.subjectHref === null)).toBe(true);
    expect(JSON.stringify(trail)).not.toContain("Vera");
  });
});

/** `count` entries straight through recordAudit's table (as the services write them). */
async function seed(companyId: string, actorId: string, count: number, action: AuditAction, subjectId: string, data: Record<string, unknown> = {}) {
  await app.t.db.insert(auditEvents).values(
    Array.from({ length: count }, () => ({ companyId, actorId, action, subjectType: action.startsWith("candidate.") ? ("candidate" as const) : ("api_key" as const), subjectId, data })),
  );
}

describe("Settings › Audit", () => {
  it("lists, filters by each filter, pages by 50, exports the same rows as CSV; a recruiter is refused; another company's never show", async () => {
    const acme = await company("Filters");
    const other = await company("Elsewhere");
    const admin = await createMember(app.t.db, app.t.auth, acme.owner.staff, "admin", { fullName: "Ada Admin" });
    const recruiter = await createMember(app.t.db, app.t.auth, acme.owner.staff, "recruiter");
    const application = await createTestApplication(app.t.db, acme.job, { candidateName: "=HYPERLINK(\"http://evil\")", candidateEmail: "evil@example.test" });
    const candidateId = application.candidateId!;
    const keyId = randomUUID();

    await seed(acme.owner.staff.companyId, acme.owner.staff.userId, 55, "candidate.viewed", candidateId);
    await seed(acme.owner.staff.companyId, admin.staff.userId, 3, "api_key.created", keyId, { name: "-cmd", scope: "read" });
    const otherApplication = await createTestApplication(app.t.db, other.job);
    await seed(other.owner.staff.companyId, other.owner.staff.userId, 4, "candidate.viewed", otherApplication.candidateId!);

    // Every entry of the company, newest first: the 3 key entries, then 55 views; pages of 50 both ways.
    const first = await page(acme.owner.cookie);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries.slice(0, 3).map((entry) => entry.action)).toEqual(["api_key.created", "api_key.created", "api_key.created"]);
    expect(first.previous).toBeNull();
    const second = await page(acme.owner.cookie, `?after=${first.next}`);
    expect(second.entries).toHaveLength(8);
    expect(second.next).toBeNull();
    const back = await page(acme.owner.cookie, `?before=${second.previous}`);
    expect(back.entries.map((entry) => entry.id)).toEqual(first.entries.map((entry) => entry.id));
    const all = [...first.entries, ...second.entries];
    expect(new Set(all.map((entry) => entry.id)).size).toBe(58);

    // Each filter.
    expect((await page(acme.owner.cookie, "?action=api_key.created")).entries).toHaveLength(3);
    expect((await page(acme.owner.cookie, "?action=group:access")).entries).toHaveLength(3);
    expect((await page(acme.owner.cookie, "?action=group:settings")).entries).toHaveLength(0);
    expect((await page(acme.owner.cookie, `?member=${admin.staff.userId}`)).entries.map((entry) => entry.who)).toEqual(["Ada Admin", "Ada Admin", "Ada Admin"]);
    expect((await page(acme.owner.cookie, `?subject=${keyId}`)).entries).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await page(acme.owner.cookie, `?from=${today}&to=${today}&action=api_key.created`)).entries).toHaveLength(3);
    expect((await page(acme.owner.cookie, `?from=${tomorrow}`)).entries).toHaveLength(0);
    expect((await page(acme.owner.cookie, `?to=2020-01-01`)).entries).toHaveLength(0);

    // Another company's entries never show; its ids in the filters find nothing.
    expect(all.some((entry) => entry.subjectHref?.includes(otherApplication.candidateId!))).toBe(false);
    expect((await page(acme.owner.cookie, `?subject=${otherApplication.candidateId}`)).entries).toEqual([]);
    expect((await page(acme.owner.cookie, `?member=${other.owner.staff.userId}`)).entries).toEqual([]);
    expect((await page(other.owner.cookie)).entries).toHaveLength(4);
    expect((await csv(acme.owner.cookie, `?subject=${otherApplication.candidateId}`)).text.trim().split("\r\n")).toHaveLength(1);

    // The CSV holds the same rows, in the same order, formula-like cells neutralised.
    const file = await csv(acme.owner.cookie);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = file.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("When (UTC),Who,What,Action,Subject,Subject id,Details,IP address");
    expect(lines).toHaveLength(59);
    expect(lines[1]).toContain(",Ada Admin,Made an API key,api_key.created,");
    expect(lines[1]).toContain(`,${keyId},name: -cmd; scope: read,`);
    expect(lines.at(-1)).toContain(`"'=HYPERLINK(""http://evil"")",${candidateId}`);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(all.map((entry) => entry.createdAt));
    const filteredCsv = await csv(acme.owner.cookie, `?member=${admin.staff.userId}`);
    expect(filteredCsv.text.trim().split("\r\n")).toHaveLength(4);

    // Admins only.
    for (const call of [auditRoute.loader, auditExportRoute.loader]) {
      const refused = await callLoader(call, { path: "/settings/audit", cookie: recruiter.cookie });
      expect(refused.status).toBe(403);
    }
  });

  it("shows an empty state's data when nothing is recorded", async () => {
    const { owner } = await company("Quiet");
    const trail = await page(owner.cookie);
    expect(trail).toMatchObject({ entries: [], next: null, previous: null });
  });

  it("reads a page in its indexes' order, never sorting the company's trail (decision 146)", async () => {
    const { owner } = await company("Busy");
    const other = await createMember(app.t.db, app.t.auth, owner.staff, "recruiter");
    const staff = owner.staff;
    // 3,000 views, each of another candidate id, by the owner, a minute apart; one in a thousand an
    // export; the member's few.
    await seedInBulk(
      app.t.db,
      sql`insert into audit_events (company_id, actor_id, action, subject_type, subject_id, created_at)
          select ${staff.companyId}, case when g % 500 = 7 then ${other.staff.userId} else ${staff.userId} end,
                 case when g % 1000 = 1 then 'candidate.exported' else 'candidate.viewed' end, 'candidate', gen_random_uuid()::text,
                 now() - g * interval '1 minute'
          from generate_series(1, 3000) g`,
    );
    await app.t.db.execute(sql`analyze audit_events`);
    const [middle] = await queryRows<{ at: string; id: string }>(
      app.t.db,
      sql`select (extract(epoch from created_at) * 1000000)::bigint::text as at, id from audit_events where company_id = ${staff.companyId} order by created_at desc, id desc offset 1500 limit 1`,
    );
    /** Whether the page's plan sorts, and the rows each scan of the trail read. */
    const planOf = async (filters: AuditFilters, position: KeysetPosition) => {
      const nodes = await planNodes(app.t.db, auditPageQuery(app.t.db, staff, filters, "UTC", position));
      return { sorted: nodes.some((node) => node.type.includes("Sort")), read: nodes.filter((node) => node.relation === "audit_events") };
    };
    // The first page, a page deep in either direction, and the member's entries: 51 rows read from
    // an index in the page's order. With the indexes in `desc nulls last` each sorted all 3,000.
    for (const [filters, position] of [
      [{}, {}],
      [{}, { after: middle! }],
      [{}, { before: middle! }],
      [{ member: staff.userId }, { after: middle! }],
    ] as [AuditFilters, KeysetPosition][]) {
      const plan = await planOf(filters, position);
      expect(plan.sorted, JSON.stringify({ filters, position })).toBe(false);
      expect(plan.read).toHaveLength(1);
      expect(plan.read[0]!.index).toMatch(/^audit_events_(company_created|actor)_idx$/);
      expect(plan.read[0]!.rows).toBeLessThanOrEqual(AUDIT_PAGE_SIZE + 1);
    }
    // An action in a thousand reads its own few entries from its index, not the trail up to them.
    const exported = await planOf({ action: "candidate.exported" }, {});
    expect(exported.read.map((scan) => scan.rows)).toEqual([3]);
  });

  it("names a member by their full name, else their account's name, else their email (decision 115)", async () => {
    const { owner } = await company("Named");
    const member = await createMember(app.t.db, app.t.auth, owner.staff, "recruiter", { fullName: "Nia Named", email: "nia@example.test" });
    await app.t.db.insert(auditEvents).values({ companyId: owner.staff.companyId, actorId: member.staff.userId, action: "candidate.viewed", subjectType: "candidate", subjectId: randomUUID() });
    const who = async () => (await page(owner.cookie)).entries[0]!.who;
    expect(await who()).toBe("Nia Named");
    await app.t.db.update(profiles).set({ fullName: " " }).where(eq(profiles.id, member.staff.userId));
    await app.t.db.update(user).set({ name: "Nia Account" }).where(eq(user.id, member.staff.userId));
    expect(await who()).toBe("Nia Account");
    await app.t.db.update(user).set({ name: "" }).where(eq(user.id, member.staff.userId));
    expect(await who()).toBe("nia@example.test");
  });
});

