import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, invitations, profiles, session } from "../../db/schema";
import { registerAccount } from "~/server/accounts/sign-up.server";
import {
  acceptInvitation,
  findInvitation,
  INVALID_INVITATION,
  inviteMember,
  listTeam,
  removeMember,
  revokeInvitation,
} from "~/server/team/team.server";
import { linkIn } from "../e2e/accounts-mailbox";
import { createStaff, setCompanyName, setProfile, TEST_PASSWORD, uniqueEmail } from "../factories";
import { cookieFrom } from "../helpers/route-test";
import { type AccountsTestbed, createAccountsTestbed, LINK_BASE } from "../helpers/test-database";

let bed: AccountsTestbed;
beforeAll(async () => {
  bed = await createAccountsTestbed();
});
afterAll(async () => {
  await bed.destroy();
});

async function invite(owner: Awaited<ReturnType<typeof createStaff>>, email: string) {
  await setProfile(bed.t.db, owner.staff.userId, { fullName: "Olive Owner" });
  const since = bed.mailbox.messages.length;
  await inviteMember(bed.t.db, bed.mailer, owner.staff, { email }, LINK_BASE);
  const message = await bed.mailbox.waitFor(email, { subject: /invited you/, since });
  return { message, token: linkIn(message, "/invitations/").split("/invitations/")[1]! };
}

describe("invitations", () => {
  it("emails a link; registering through it joins the inviting company as recruiter, with no company of its own", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setCompanyName(bed.t.db, owner.staff.companyId, "Initech");
    const email = uniqueEmail("invitee");
    const { message, token } = await invite(owner, email);
    expect(message.subject).toBe("Olive Owner invited you to join Initech on OpenHire");

    const found = await findInvitation(bed.t.db, token);
    expect(found).toMatchObject({ status: "valid", invitation: { email, companyName: "Initech", inviterName: "Olive Owner" } });
    if (found.status !== "valid") throw new Error("unreachable");

    // The invitation is for one address.
    await expect(
      registerAccount(bed.auth, { email: uniqueEmail(), password: TEST_PASSWORD, fullName: "Nina Newcomer" }, new Headers(), {
        invitation: found.invitation,
      }),
    ).rejects.toMatchObject({ details: { field: "email" } });

    const companiesBefore = (await bed.t.db.select({ n: count() }).from(companies))[0]!.n;
    const joined = await registerAccount(bed.auth, { email, password: TEST_PASSWORD, fullName: "Nina Newcomer" }, new Headers(), {
      invitation: found.invitation,
    });
    const [profile] = await bed.t.db.select().from(profiles).where(eq(profiles.id, joined.userId));
    expect(profile).toMatchObject({ companyId: owner.staff.companyId, role: "recruiter", fullName: "Nina Newcomer" });
    expect((await bed.t.db.select({ n: count() }).from(companies))[0]!.n).toBe(companiesBefore);

    // Used once.
    expect(await findInvitation(bed.t.db, token)).toEqual({ status: "invalid" });
    const team = await listTeam(bed.t.db, owner.staff);
    expect(team.members.map((m) => [m.email, m.owner])).toEqual([
      [owner.email, true],
      [email, false],
    ]);
    expect(team.invitations).toEqual([]);
  });

  it("lets a signed-in user with an account accept and move to the company", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    const colleague = await createStaff(bed.t.db, bed.auth);
    const { token } = await invite(owner, colleague.email);
    const stranger = await createStaff(bed.t.db, bed.auth);
    await expect(acceptInvitation(bed.t.db, { userId: stranger.staff.userId, email: stranger.email }, token)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await acceptInvitation(bed.t.db, { userId: colleague.staff.userId, email: colleague.email }, token);
    const [profile] = await bed.t.db.select().from(profiles).where(eq(profiles.id, colleague.staff.userId));
    expect(profile?.companyId).toBe(owner.staff.companyId);
    // An existing account keeps the name it has.
    expect(profile?.fullName).toBe(colleague.staff.fullName);
    await expect(acceptInvitation(bed.t.db, { userId: colleague.staff.userId, email: colleague.email }, token)).rejects.toMatchObject({
      message: INVALID_INVITATION,
    });
  });

  it("can be revoked, and expired or revoked links do not work", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    const { token } = await invite(owner, uniqueEmail());
    const [pending] = (await listTeam(bed.t.db, owner.staff)).invitations;
    await revokeInvitation(bed.t.db, owner.staff, pending!.id);
    expect(await findInvitation(bed.t.db, token)).toEqual({ status: "invalid" });
    await expect(revokeInvitation(bed.t.db, owner.staff, pending!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });

    const { token: second } = await invite(owner, uniqueEmail());
    await bed.t.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.companyId, owner.staff.companyId));
    expect(await findInvitation(bed.t.db, second)).toEqual({ status: "invalid" });
  });

  it("is the owner's to manage: a recruiter cannot invite, revoke or remove, nor can another company", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    const email = uniqueEmail();
    const { token } = await invite(owner, email);
    const found = await findInvitation(bed.t.db, token);
    if (found.status !== "valid") throw new Error("invitation not found");
    const member = await registerAccount(bed.auth, { email, password: TEST_PASSWORD, fullName: "Nina Newcomer" }, new Headers(), {
      invitation: found.invitation,
    });
    const memberActor = { userId: member.userId, companyId: owner.staff.companyId };
    await expect(inviteMember(bed.t.db, bed.mailer, memberActor, { email: uniqueEmail() }, LINK_BASE)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(removeMember(bed.t.db, memberActor, owner.staff.userId)).rejects.toMatchObject({ code: "FORBIDDEN" });

    const other = await createStaff(bed.t.db, bed.auth);
    await expect(removeMember(bed.t.db, other.staff, member.userId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(removeMember(bed.t.db, owner.staff, owner.staff.userId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(inviteMember(bed.t.db, bed.mailer, owner.staff, { email }, LINK_BASE)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("removing a member ends their sessions at once and leaves them without a company", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    const email = uniqueEmail();
    const { token } = await invite(owner, email);
    const found = await findInvitation(bed.t.db, token);
    if (found.status !== "valid") throw new Error("invitation not found");
    const member = await registerAccount(bed.auth, { email, password: TEST_PASSWORD, fullName: "Nina Newcomer" }, new Headers(), {
      invitation: found.invitation,
    });
    const cookie = cookieFrom(member.cookies);
    expect(await bed.auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();

    await removeMember(bed.t.db, owner.staff, member.userId);
    expect(await bed.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect(await bed.t.db.select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
    expect(await bed.t.db.select().from(profiles).where(eq(profiles.id, member.userId))).toEqual([]);
    expect((await listTeam(bed.t.db, owner.staff)).members).toHaveLength(1);
  });
});
