import { hashPassword as legacyScryptHash } from "@better-auth/utils/password";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user, verification } from "../../db/schema";
import { INVALID_RESET_LINK } from "~/schemas/auth";
import { changePassword, isResetTokenValid, requestPasswordReset, resetPassword } from "~/server/accounts/passwords.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { signIn } from "~/server/accounts/sign-in.server";
import { PERSONAL_PASSWORD_MESSAGE, TOO_EASY_MESSAGE } from "~/server/accounts/password-strength.server";
import { findInvitation, inviteMember } from "~/server/team/team.server";
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

const NEW_PASSWORD = "a brand new passphrase";

async function storedHash(email: string): Promise<string> {
  const [row] = await bed.t.db
    .select({ hash: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(eq(user.email, email));
  return row!.hash!;
}

async function resetToken(email: string): Promise<string> {
  const since = bed.mailbox.messages.length;
  await requestPasswordReset(bed.auth, email, new Headers());
  const message = await bed.mailbox.waitFor(email, { subject: /Reset your OpenHire password/, since });
  return new URL(linkIn(message, "/reset-password")).searchParams.get("token")!;
}

describe("password hashes", () => {
  it("stores new passwords as argon2id with OWASP's parameters", async () => {
    const { email } = await createStaff(bed.t.db, bed.auth);
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("signs in with a former scrypt hash and replaces it with argon2id", async () => {
    const { email, staff } = await createStaff(bed.t.db, bed.auth);
    const legacy = await legacyScryptHash(TEST_PASSWORD);
    await bed.t.db.update(account).set({ password: legacy }).where(eq(account.userId, staff.userId));
    await expect(signIn(bed.auth, { email, password: "not the password" }, new Headers())).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await storedHash(email)).toBe(legacy);

    const result = await signIn(bed.auth, { email, password: TEST_PASSWORD }, new Headers());
    expect(result.cookies.join(";")).toContain("session_token");
    expect(await storedHash(email)).toMatch(/^\$argon2id\$/);
    expect((await signIn(bed.auth, { email, password: TEST_PASSWORD }, new Headers())).cookies.join(";")).toContain("session_token");
  });
});

describe("password reset links", () => {
  it("are stored as a hash: the verification table never holds the token", async () => {
    const { email, staff } = await createStaff(bed.t.db, bed.auth);
    const token = await resetToken(email);
    const rows = await bed.t.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(and(eq(verification.value, staff.userId), like(verification.identifier, "reset-password:%")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    expect(await isResetTokenValid(bed.auth, token)).toBe(true);
  });

  it("stop working when the password is changed in Settings", async () => {
    const { email, cookie } = await createStaff(bed.t.db, bed.auth);
    const token = await resetToken(email);
    await changePassword(bed.auth, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, signOutOthers: false }, new Headers({ cookie }));
    expect(await isResetTokenValid(bed.auth, token)).toBe(false);
    await expect(resetPassword(bed.auth, { token, password: "yet another passphrase" })).rejects.toMatchObject({ message: INVALID_RESET_LINK });
    expect(cookieFrom((await signIn(bed.auth, { email, password: NEW_PASSWORD }, new Headers())).cookies)).toContain("session_token");
  });

  it("all stop working once one of them has set a new password", async () => {
    const { email } = await createStaff(bed.t.db, bed.auth);
    const first = await resetToken(email);
    const second = await resetToken(email);
    await resetPassword(bed.auth, { token: second, password: NEW_PASSWORD });
    expect(await isResetTokenValid(bed.auth, first)).toBe(false);
    await expect(resetPassword(bed.auth, { token: first, password: "yet another passphrase" })).rejects.toMatchObject({ message: INVALID_RESET_LINK });
  });
});

describe("new passwords must be hard to guess", () => {
  const tooEasy = expect.stringMatching(new RegExp(`^${TOO_EASY_MESSAGE.replace(".", "\\.")}`));

  it("at sign-up: not the email, nor a weak password; nothing is stored", async () => {
    const email = uniqueEmail();
    const register = (password: string) =>
      registerAccount(bed.auth, { email, password, fullName: "Katherine Johnson", companyName: "Langley Research" }, new Headers());
    await expect(register(email)).rejects.toMatchObject({ code: "INVALID", message: PERSONAL_PASSWORD_MESSAGE, details: { field: "password" } });
    // The name and the company typed into the same form count as personal details.
    await expect(register("Katherine Johnson")).rejects.toMatchObject({ message: PERSONAL_PASSWORD_MESSAGE, details: { field: "password" } });
    await expect(register("LangleyResearch")).rejects.toMatchObject({ message: PERSONAL_PASSWORD_MESSAGE, details: { field: "password" } });
    await expect(register("qwertzuiop")).rejects.toMatchObject({ message: tooEasy, details: { field: "password" } });
    await expect(register("        ")).rejects.toMatchObject({ message: tooEasy, details: { field: "password" } });
    expect(await bed.t.db.select({ id: user.id }).from(user).where(eq(user.email, email))).toEqual([]);
  });

  it("from a reset link: not the account's company name or a repeated letter; the link still works afterwards", async () => {
    const { email, staff } = await createStaff(bed.t.db, bed.auth);
    await setCompanyName(bed.t.db, staff.companyId, "Northwind Traders");
    const token = await resetToken(email);
    await expect(resetPassword(bed.auth, { token, password: "northwindtraders" })).rejects.toMatchObject({
      message: PERSONAL_PASSWORD_MESSAGE,
      details: { field: "password" },
    });
    await expect(resetPassword(bed.auth, { token, password: "bbbbbbbb" })).rejects.toMatchObject({ message: tooEasy, details: { field: "password" } });
    await resetPassword(bed.auth, { token, password: NEW_PASSWORD });
  });

  it("in Settings: not the full name, with the message on the new password field", async () => {
    const { cookie, staff } = await createStaff(bed.t.db, bed.auth);
    await setProfile(bed.t.db, staff.userId, { fullName: "Grace Hopper" });
    const change = (newPassword: string) =>
      changePassword(bed.auth, { currentPassword: TEST_PASSWORD, newPassword, signOutOthers: false }, new Headers({ cookie }));
    await expect(change("Grace Hopper")).rejects.toMatchObject({ message: PERSONAL_PASSWORD_MESSAGE, details: { field: "newPassword" } });
    await expect(change("gracehopper1")).rejects.toMatchObject({ message: expect.stringContaining(PERSONAL_PASSWORD_MESSAGE), details: { field: "newPassword" } });
    await expect(change(NEW_PASSWORD)).resolves.toBeDefined();
  });

  it("accepting an invitation with a new account: not the inviting company's name", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setCompanyName(bed.t.db, owner.staff.companyId, "Contoso Pharmaceuticals");
    const email = uniqueEmail("invitee");
    const since = bed.mailbox.messages.length;
    await inviteMember(bed.t.db, bed.mailer, owner.staff, { email }, LINK_BASE);
    const token = linkIn(await bed.mailbox.waitFor(email, { since }), "/invitations/").split("/invitations/")[1]!;
    const found = await findInvitation(bed.t.db, token);
    if (found.status !== "valid") throw new Error("invitation not found");
    const join = (password: string) =>
      registerAccount(bed.auth, { email, password, fullName: "Dorothy Vaughan" }, new Headers(), { invitation: found.invitation });
    await expect(join("ContosoPharmaceuticals")).rejects.toMatchObject({ message: PERSONAL_PASSWORD_MESSAGE, details: { field: "password" } });
    await expect(join("Dorothy Vaughan")).rejects.toMatchObject({ message: PERSONAL_PASSWORD_MESSAGE, details: { field: "password" } });
    await expect(join(NEW_PASSWORD)).resolves.toMatchObject({ userId: expect.any(String) });
  });
});
