import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, invitations, profiles } from "../../db/schema";
import * as dashboardRoute from "~/routes/staff/dashboard";
import * as layoutRoute from "~/routes/staff/layout";
import { DEFAULT_COMPANY_NAME } from "~/schemas/names";
import { getGettingStarted } from "~/server/dashboard/queries.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { hashInvitationToken } from "~/server/team/team.server";
import type { Actor } from "~/server/platform/tenancy.server";
import { createStaff, createTestJob, TEST_PASSWORD, uniqueEmail } from "../factories";
import { callLoader, type RouteFunction, setUpAppTestDatabase } from "../helpers/route-test";

// The owner's "Get started" checklist on the dashboard (issue 10), and the role the sidebar shows.

const bed = setUpAppTestDatabase();

async function openInvitation(owner: Actor, email = uniqueEmail("invitee"), expiresInMs = 60 * 60 * 1000) {
  const [row] = await bed.t.db
    .insert(invitations)
    .values({
      companyId: owner.companyId,
      email,
      tokenHash: hashInvitationToken(randomBytes(32).toString("base64url")),
      invitedBy: owner.userId,
      expiresAt: new Date(Date.now() + expiresInMs),
    })
    .returning({ id: invitations.id });
  return { id: row!.id, email };
}

/** What a loader gives the page at `path` for the session in `cookie`: data returned, not thrown. */
async function pageData<F extends RouteFunction>(loader: F, path: string, cookie: string) {
  const answer = await callLoader(loader, { path, cookie });
  expect(answer).toMatchObject({ status: 200, thrown: false });
  return answer.data;
}

describe("getGettingStarted", () => {
  it("starts with nothing done for a new company", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    expect(await getGettingStarted(bed.t.db, staff)).toEqual({ companyDetails: false, firstJob: false, teammate: false });
  });

  it("company details: done with a website and a name of its own, not with the former default name", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth, { companyName: DEFAULT_COMPANY_NAME });
    await bed.t.db.update(companies).set({ website: "https://example.test" }).where(eq(companies.id, staff.companyId));
    expect((await getGettingStarted(bed.t.db, staff)).companyDetails).toBe(false);
    await bed.t.db.update(companies).set({ name: "Northwind" }).where(eq(companies.id, staff.companyId));
    expect((await getGettingStarted(bed.t.db, staff)).companyDetails).toBe(true);
    await bed.t.db.update(companies).set({ website: null }).where(eq(companies.id, staff.companyId));
    expect((await getGettingStarted(bed.t.db, staff)).companyDetails).toBe(false);
  });

  it("first job: done once the company has a job, and only its own jobs count", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const { staff: other } = await createStaff(bed.t.db, bed.t.auth);
    await createTestJob(bed.t.db, other);
    expect((await getGettingStarted(bed.t.db, staff)).firstJob).toBe(false);
    await createTestJob(bed.t.db, staff);
    expect((await getGettingStarted(bed.t.db, staff)).firstJob).toBe(true);
  });

  it("teammate: done with an open invitation or another member, not with a revoked or expired one or another company's", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const { staff: other } = await createStaff(bed.t.db, bed.t.auth);
    await openInvitation(other);
    await openInvitation(staff, uniqueEmail(), -1000);
    const revoked = await openInvitation(staff);
    await bed.t.db.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, revoked.id));
    expect((await getGettingStarted(bed.t.db, staff)).teammate).toBe(false);

    const open = await openInvitation(staff);
    expect((await getGettingStarted(bed.t.db, staff)).teammate).toBe(true);

    // Accepted: the invitation is no longer open, the member counts instead.
    await registerAccount(
      bed.t.auth,
      { email: open.email, password: TEST_PASSWORD, fullName: "Nina Newcomer" },
      new Headers(),
      { invitation: { id: open.id, companyId: staff.companyId, email: open.email } },
    );
    const [pending] = await bed.t.db.select({ acceptedAt: invitations.acceptedAt }).from(invitations).where(eq(invitations.id, open.id));
    expect(pending?.acceptedAt).not.toBeNull();
    expect((await getGettingStarted(bed.t.db, staff)).teammate).toBe(true);
  });
});

describe("the dashboard and the sidebar", () => {
  it("greets the owner by name and shows the checklist with each step's link, until every step is done", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth, { fullName: "Olive Owner" });
    const load = () => pageData(dashboardRoute.loader, "/dashboard", cookie);
    const first = await load();
    expect(first.name).toBe("Olive Owner");
    expect(first.checklist?.map(({ id, href, done }) => ({ id, href, done }))).toEqual([
      { id: "company", href: "/settings/company", done: false },
      { id: "job", href: "/manage/jobs/new", done: false },
      { id: "team", href: "/settings/team", done: false },
    ]);

    await createTestJob(bed.t.db, staff);
    await openInvitation(staff);
    expect((await load()).checklist?.map((item) => item.done)).toEqual([false, true, true]);
    await bed.t.db.update(companies).set({ website: "https://example.test" }).where(eq(companies.id, staff.companyId));
    expect((await load()).checklist).toBeNull();
  });

  it("shows a recruiter no checklist, and the sidebar names each one's role as Settings does", async () => {
    const owner = await createStaff(bed.t.db, bed.t.auth, { companyName: "Initech" });
    const invitation = await openInvitation(owner.staff);
    const member = await registerAccount(
      bed.t.auth,
      { email: invitation.email, password: TEST_PASSWORD, fullName: "Nina Newcomer" },
      new Headers(),
      { invitation: { id: invitation.id, companyId: owner.staff.companyId, email: invitation.email } },
    );
    const memberCookie = member.cookies.map((c) => c.split(";")[0]).join("; ");

    const dashboard = await pageData(dashboardRoute.loader, "/dashboard", memberCookie);
    expect(dashboard).toMatchObject({ name: "Nina Newcomer", checklist: null });

    expect(await pageData(layoutRoute.loader, "/dashboard", memberCookie)).toMatchObject({
      displayName: "Nina Newcomer",
      role: "Recruiter",
      companyName: "Initech",
    });
    expect(await pageData(layoutRoute.loader, "/dashboard", owner.cookie)).toMatchObject({ role: "Owner", companyName: "Initech" });
    // Spec: the role stands in for a name there is not (an account from before sign-up asked for one).
    await bed.t.db.update(profiles).set({ fullName: null }).where(eq(profiles.id, owner.staff.userId));
    expect(await pageData(layoutRoute.loader, "/dashboard", owner.cookie)).toMatchObject({ displayName: "Owner", hasName: false });
    expect(await pageData(dashboardRoute.loader, "/dashboard", owner.cookie)).toMatchObject({ name: "User" });
  });
});
