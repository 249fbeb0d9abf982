import { eq, sql } from "drizzle-orm";
import type { LoaderFunctionArgs } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, twoFactor, user, verification } from "../../db/schema";
import { INVALID_RESET_LINK } from "~/schemas/auth";
import { hashResetIdentifier, setAppAuth } from "~/server/accounts/auth.server";
import { requireStaff } from "~/server/accounts/session.server";
import { setAppDatabase } from "~/server/platform/db.server";
import { changePassword, requestPasswordReset, resetPassword } from "~/server/accounts/passwords.server";
import { confirmTwoFactorEnrolment, disableTwoFactor, listSessions, signOutSessions, startTwoFactorEnrolment } from "~/server/accounts/security.server";
import { failureDelaySeconds, FREE_FAILED_SIGN_INS, sendSignInCode, signIn, signInWithCode, verifySecondFactor } from "~/server/accounts/sign-in.server";
import { verifyEmail } from "~/server/accounts/sign-up.server";
import { codeIn, linkIn } from "../e2e/accounts-mailbox";
import { totpCode } from "../e2e/accounts-totp";
import { createStaff, TEST_PASSWORD, uniqueEmail } from "../factories";
import { callLoader, cookieFrom } from "../helpers/route-test";
import { type AccountsTestbed, createAccountsTestbed } from "../helpers/test-database";

let bed: AccountsTestbed;
beforeAll(async () => {
  bed = await createAccountsTestbed();
});
afterAll(async () => {
  await bed.destroy();
});

const NEW_PASSWORD = "a brand new passphrase";
const browser = (cookie = "") => new Headers({ cookie, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" });
const sessionOf = (cookie: string) => bed.auth.api.getSession({ headers: new Headers({ cookie }) });

/** As if the link in the confirmation email had been opened. */
const markVerified = (email: string) => bed.t.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));

async function signedIn(email: string, password = TEST_PASSWORD) {
  const result = await signIn(bed.auth, { email, password }, browser());
  if (result.twoFactorRequired) throw new Error("unexpected two-factor challenge");
  return cookieFrom(result.cookies);
}

describe("password recovery", () => {
  it("emails a reset link that works once, ends every session, and lets the new password in", async () => {
    const { email, cookie } = await createStaff(bed.t.db, bed.auth);
    const other = await signedIn(email);
    const since = bed.mailbox.messages.length;
    await requestPasswordReset(bed.auth, email, browser());
    const message = await bed.mailbox.waitFor(email, { subject: /Reset your OpenHire password/, since });
    const link = new URL(linkIn(message, "/reset-password"));
    expect(link.origin).toBe("http://openhire.test");
    const token = link.searchParams.get("token")!;

    await resetPassword(bed.auth, { token, password: NEW_PASSWORD });
    expect(await sessionOf(cookie)).toBeNull();
    expect(await sessionOf(other)).toBeNull();
    await expect(signIn(bed.auth, { email, password: TEST_PASSWORD }, browser())).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await signedIn(email, NEW_PASSWORD)).toContain("session_token");

    await expect(resetPassword(bed.auth, { token, password: "yet another passphrase" })).rejects.toMatchObject({
      message: INVALID_RESET_LINK,
    });
  });

  it("refuses an expired link and a common password", async () => {
    const { email } = await createStaff(bed.t.db, bed.auth);
    const since = bed.mailbox.messages.length;
    await requestPasswordReset(bed.auth, email, browser());
    const message = await bed.mailbox.waitFor(email, { subject: /Reset your OpenHire password/, since });
    const token = new URL(linkIn(message, "/reset-password")).searchParams.get("token")!;
    await expect(resetPassword(bed.auth, { token, password: "password123" })).rejects.toMatchObject({ details: { field: "password" } });
    await bed.t.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verification.identifier, await hashResetIdentifier(`reset-password:${token}`)));
    await expect(resetPassword(bed.auth, { token, password: NEW_PASSWORD })).rejects.toMatchObject({ message: INVALID_RESET_LINK });
    expect(await signedIn(email)).toContain("session_token");
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const stranger = uniqueEmail("nobody");
    const before = bed.mailbox.messages.length;
    await expect(requestPasswordReset(bed.auth, stranger, browser())).resolves.toBeUndefined();
    await bed.mailer.idle();
    expect(bed.mailbox.messages.slice(before).some((m) => m.to.includes(stranger))).toBe(false);
  });
});

describe("changing the password", () => {
  it("needs the current password and can sign out the other devices", async () => {
    const { email, cookie } = await createStaff(bed.t.db, bed.auth);
    const other = await signedIn(email);
    await expect(
      changePassword(bed.auth, { currentPassword: "wrong wrong wrong", newPassword: NEW_PASSWORD, signOutOthers: true }, browser(cookie)),
    ).rejects.toMatchObject({ details: { field: "currentPassword" } });
    const cookies = await changePassword(bed.auth, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, signOutOthers: true }, browser(cookie));
    expect(await sessionOf(other)).toBeNull();
    expect(await sessionOf(cookieFrom(cookies))).not.toBeNull();
  });
});

describe("one-time code sign-in", () => {
  it("emails a code that signs in once; a wrong code fails", async () => {
    const { email } = await createStaff(bed.t.db, bed.auth);
    await markVerified(email);
    const since = bed.mailbox.messages.length;
    await sendSignInCode(bed.auth, email, browser());
    const code = codeIn(await bed.mailbox.waitFor(email, { subject: /sign-in code/, since }));
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(signInWithCode(bed.auth, { email, code: wrong }, browser())).rejects.toMatchObject({ details: { field: "code" } });
    const result = await signInWithCode(bed.auth, { email, code }, browser());
    expect(result).toMatchObject({ passwordRemoved: false });
    expect(await sessionOf(cookieFrom(result.cookies))).not.toBeNull();
    expect(await signedIn(email)).toContain("session_token");
    await expect(signInWithCode(bed.auth, { email, code }, browser())).rejects.toMatchObject({ code: "INVALID" });
  });

  it("on an account whose address was never confirmed, confirms it and removes the password set before", async () => {
    const { email } = await createStaff(bed.t.db, bed.auth);
    const since = bed.mailbox.messages.length;
    await sendSignInCode(bed.auth, email, browser());
    const code = codeIn(await bed.mailbox.waitFor(email, { subject: /sign-in code/, since }));
    expect(await signInWithCode(bed.auth, { email, code }, browser())).toMatchObject({ passwordRemoved: true });
    await expect(signIn(bed.auth, { email, password: TEST_PASSWORD }, browser())).rejects.toMatchObject({ code: "FORBIDDEN" });
    const [row] = await bed.t.db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, email));
    expect(row?.verified).toBe(true);
  });

  it("sends no code to an address without an account and creates none", async () => {
    const stranger = uniqueEmail("nobody");
    const before = bed.mailbox.messages.length;
    await sendSignInCode(bed.auth, stranger, browser());
    await bed.mailer.idle();
    expect(bed.mailbox.messages.slice(before).some((m) => m.to.includes(stranger))).toBe(false);
    await expect(signInWithCode(bed.auth, { email: stranger, code: "123456" }, browser())).rejects.toMatchObject({ code: "INVALID" });
    expect(await bed.t.db.select().from(user).where(eq(user.email, stranger))).toHaveLength(0);
  });
});

describe("two-factor authentication", () => {
  it("enrols with a code from the secret, then asks for a code at sign-in, also after an email code", async () => {
    const { email, cookie } = await createStaff(bed.t.db, bed.auth);
    await markVerified(email);
    await expect(startTwoFactorEnrolment(bed.auth, "not my password", browser(cookie))).rejects.toMatchObject({ details: { field: "password" } });
    const enrolment = await startTwoFactorEnrolment(bed.auth, TEST_PASSWORD, browser(cookie));
    expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\/OpenHire:/);
    expect(enrolment.recoveryCodes.length).toBeGreaterThanOrEqual(8);

    await expect(confirmTwoFactorEnrolment(bed.auth, "000000", browser(cookie))).rejects.toMatchObject({ message: "Invalid code" });
    const confirmed = await confirmTwoFactorEnrolment(bed.auth, totpCode(enrolment.manualKey), browser(cookie));
    const rotated = cookieFrom(confirmed);
    expect((await sessionOf(rotated))?.user.twoFactorEnabled).toBe(true);

    // Password sign-in now stops at the second factor.
    const challenge = await signIn(bed.auth, { email, password: TEST_PASSWORD }, browser());
    expect(challenge.twoFactorRequired).toBe(true);
    expect(await sessionOf(cookieFrom(challenge.cookies))).toBeNull();
    await expect(
      verifySecondFactor(bed.auth, { method: "totp", code: "999999" }, browser(cookieFrom(challenge.cookies))),
    ).rejects.toMatchObject({ message: "Invalid code" });
    const done = await verifySecondFactor(bed.auth, { method: "totp", code: totpCode(enrolment.manualKey) }, browser(cookieFrom(challenge.cookies)));
    expect(await sessionOf(cookieFrom(done.cookies))).not.toBeNull();

    // A recovery code works once.
    const again = await signIn(bed.auth, { email, password: TEST_PASSWORD }, browser());
    const recovered = await verifySecondFactor(bed.auth, { method: "recovery", code: enrolment.recoveryCodes[0]! }, browser(cookieFrom(again.cookies)));
    expect(await sessionOf(cookieFrom(recovered.cookies))).not.toBeNull();
    const third = await signIn(bed.auth, { email, password: TEST_PASSWORD }, browser());
    await expect(
      verifySecondFactor(bed.auth, { method: "recovery", code: enrolment.recoveryCodes[0]! }, browser(cookieFrom(third.cookies))),
    ).rejects.toMatchObject({ code: "INVALID" });

    // An emailed code proves the address, not the authenticator: the challenge follows.
    const since = bed.mailbox.messages.length;
    await sendSignInCode(bed.auth, email, browser());
    const code = codeIn(await bed.mailbox.waitFor(email, { subject: /sign-in code/, since }));
    const byCode = await signInWithCode(bed.auth, { email, code }, browser());
    expect(byCode.twoFactorRequired).toBe(true);
    expect(await sessionOf(cookieFrom(byCode.cookies))).toBeNull();
    const afterCode = await verifySecondFactor(bed.auth, { method: "totp", code: totpCode(enrolment.manualKey) }, browser(cookieFrom(byCode.cookies)));
    expect(await sessionOf(cookieFrom(afterCode.cookies))).not.toBeNull();

    // "Trust this device for 30 days": the next password sign-in on this browser skips the code.
    const trusted = await signIn(bed.auth, { email, password: TEST_PASSWORD }, browser());
    const trustedDone = await verifySecondFactor(
      bed.auth,
      { method: "totp", code: totpCode(enrolment.manualKey), trustDevice: true },
      browser(cookieFrom(trusted.cookies)),
    );
    const trustCookie = trustedDone.cookies.filter((c) => /trust_device=/.test(c));
    expect(trustCookie).toHaveLength(1);
    const skipped = await signIn(bed.auth, { email, password: TEST_PASSWORD }, browser(cookieFrom(trustCookie)));
    expect(skipped.twoFactorRequired).toBeFalsy();
    expect(await sessionOf(cookieFrom(skipped.cookies))).not.toBeNull();
    // Another browser still gets the challenge.
    expect((await signIn(bed.auth, { email, password: TEST_PASSWORD }, browser())).twoFactorRequired).toBe(true);

    // Turning it off needs the password.
    const current = cookieFrom(done.cookies);
    await expect(disableTwoFactor(bed.auth, "nope nope nope", browser(current))).rejects.toMatchObject({ details: { field: "password" } });
    await disableTwoFactor(bed.auth, TEST_PASSWORD, browser(current));
    expect((await signIn(bed.auth, { email, password: TEST_PASSWORD }, browser())).twoFactorRequired).toBeFalsy();
  });

  it("after 10 wrong codes locks the account for a while and says so, until when, even for a right code", async () => {
    const { email, cookie } = await createStaff(bed.t.db, bed.auth);
    const enrolment = await startTwoFactorEnrolment(bed.auth, TEST_PASSWORD, browser(cookie));
    await confirmTwoFactorEnrolment(bed.auth, totpCode(enrolment.manualKey), browser(cookie));
    const right = () => totpCode(enrolment.manualKey);
    const wrongCode = () => (right() === "000000" ? "111111" : "000000");
    const challenge = async () => cookieFrom((await signIn(bed.auth, { email, password: TEST_PASSWORD }, browser())).cookies);
    // Each challenge allows 5 attempts; the account's budget is 10 wrong codes in a row.
    for (let round = 0; round < 2; round++) {
      const cookieOfChallenge = await challenge();
      for (let i = 0; i < 5; i++) {
        await expect(verifySecondFactor(bed.auth, { method: "totp", code: wrongCode() }, browser(cookieOfChallenge))).rejects.toMatchObject({
          message: "Invalid code",
        });
      }
    }
    const lockedChallenge = await challenge();
    const refused = verifySecondFactor(bed.auth, { method: "totp", code: right() }, browser(lockedChallenge));
    await expect(refused).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Too many wrong codes: this account is locked until \d\d:\d\d UTC\. Please try again in 1[45] minutes\.$/),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const [row] = await bed.t.db.select({ lockedUntil: twoFactor.lockedUntil }).from(twoFactor).innerJoin(user, eq(user.id, twoFactor.userId)).where(eq(user.email, email));
    const message = (await refused.catch((error: Error) => error.message)) as string;
    expect(message).toContain(`until ${row!.lockedUntil!.toISOString().slice(11, 16)} UTC`);
    // A recovery code is refused the same way while the lock lasts.
    await expect(
      verifySecondFactor(bed.auth, { method: "recovery", code: enrolment.recoveryCodes[0]! }, browser(lockedChallenge)),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("failed sign-ins", () => {
  it("slow the account down after a few failures, and a success clears the count", async () => {
    expect(failureDelaySeconds(FREE_FAILED_SIGN_INS - 1)).toBe(0);
    expect(failureDelaySeconds(FREE_FAILED_SIGN_INS)).toBe(15);
    expect(failureDelaySeconds(100)).toBe(15 * 60);

    const { email } = await createStaff(bed.t.db, bed.auth);
    for (let i = 0; i < FREE_FAILED_SIGN_INS; i++) {
      await expect(signIn(bed.auth, { email, password: "wrong password!" }, browser())).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    // Even the right password waits now.
    await expect(signIn(bed.auth, { email, password: TEST_PASSWORD }, browser())).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Once the wait has passed, the right password gets in and the count starts again.
    await bed.t.db.execute(sql`update rate_limits set window_start = now() - interval '1 minute' where key = ${`sign-in-failures:${email}`}`);
    expect(await signedIn(email)).toContain("session_token");
    await expect(signIn(bed.auth, { email, password: "wrong password!" }, browser())).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("sessions", () => {
  it("lists the account's devices and signs out others or all", async () => {
    const { staff, email, cookie } = await createStaff(bed.t.db, bed.auth);
    const second = await signedIn(email);
    const third = await signedIn(email);
    const current = (await sessionOf(cookie))!.session.id;
    const actor = { ...staff, sessionId: current };
    const sessions = await listSessions(bed.t.db, actor);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ id: current, current: true });
    expect(sessions[1]!.userAgent).toContain("Firefox");

    await signOutSessions(bed.t.db, bed.auth, actor, "others", browser(cookie));
    expect(await sessionOf(second)).toBeNull();
    expect(await sessionOf(third)).toBeNull();
    expect(await sessionOf(cookie)).not.toBeNull();

    const fourth = await signedIn(email);
    const cleared = await signOutSessions(bed.t.db, bed.auth, actor, "all", browser(cookie));
    expect(cleared.join(";")).toContain("session_token=;");
    expect(await sessionOf(cookie)).toBeNull();
    expect(await sessionOf(fourth)).toBeNull();
    expect(await bed.t.db.select().from(session).where(eq(session.userId, staff.userId))).toHaveLength(0);
  });
});

describe("email verification", () => {
  it("sends a link on sign-up that verifies the address", async () => {
    const { staff, email } = await createStaff(bed.t.db, bed.auth);
    const message = await bed.mailbox.waitFor(email, { subject: /Confirm your email/ });
    const token = new URL(linkIn(message, "/verify-email")).searchParams.get("token")!;
    expect(await verifyEmail(bed.auth, "not-a-token")).toBe(false);
    expect(await verifyEmail(bed.auth, token)).toBe(true);
    const [row] = await bed.t.db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, staff.userId));
    expect(row?.verified).toBe(true);
  });
});

describe("the staff guard", () => {
  it("answers the staff member for a live session and refuses one that was ended", async () => {
    setAppDatabase(bed.t);
    setAppAuth(bed.auth);
    try {
      const { staff, cookie } = await createStaff(bed.t.db, bed.auth);
      // The guard as a staff page's loader calls it, on a request for /dashboard.
      const guarded = ({ request, context }: LoaderFunctionArgs) => requireStaff(request, context, "workspace.use");
      const live = await callLoader(guarded, { path: "/dashboard", cookie });
      expect(live).toMatchObject({ thrown: false, data: { userId: staff.userId } });
      await bed.t.db.delete(session).where(eq(session.userId, staff.userId));
      const ended = await callLoader(guarded, { path: "/dashboard", cookie });
      expect(ended).toMatchObject({ thrown: true, status: 302 });
    } finally {
      setAppDatabase(undefined);
      setAppAuth(undefined);
    }
  });

  // The guard reads a live session in one statement of its own (decision 088) and leaves every
  // other case to better-auth: these are the cases where the two could differ.
  it("answers what better-auth answers: the same staff member, a renewed session, and no one for a forged, expired or unknown cookie", async () => {
    setAppDatabase(bed.t);
    setAppAuth(bed.auth);
    try {
      const { staff, cookie } = await createStaff(bed.t.db, bed.auth);
      const guarded = ({ request, context }: LoaderFunctionArgs) => requireStaff(request, context, "workspace.use");
      const ours = await callLoader(guarded, { path: "/dashboard", cookie });
      expect(ours).toMatchObject({ thrown: false, responseCookies: [] });
      // better-auth's own path (taken when its "don't remember me" cookie is there) answers the same person.
      const theirs = await callLoader(guarded, { path: "/dashboard", cookie: `${cookie}; better-auth.dont_remember=x` });
      expect(theirs.data).toEqual(ours.data);
      // With the bell's count, read in the same statement on both paths (decision 134).
      expect(ours.data).toMatchObject({ userId: staff.userId, companyId: staff.companyId, email: staff.email, role: "admin", isOwner: true, unreadNotifications: 0 });

      // A token with another token's signature, a signature changed by one character, no signature.
      const [name, value] = cookie.split("=") as [string, string];
      const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
      const { cookie: otherCookie } = await createStaff(bed.t.db, bed.auth);
      const otherSignature = decodeURIComponent(otherCookie.split("=")[1]!).split(".")[1]!;
      const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
      for (const forged of [`${token}.${otherSignature}`, `${token}.${flipped}`, token]) {
        expect(await callLoader(guarded, { path: "/dashboard", cookie: `${name}=${encodeURIComponent(forged)}` })).toMatchObject({ thrown: true, status: 302 });
      }

      // Due for its sliding renewal (older than a day): still signed in, with a renewed cookie and expiry.
      const renewAt = new Date(Date.now() + 29 * 24 * 60 * 60 * 1000 - 60_000);
      await bed.t.db.update(session).set({ expiresAt: renewAt }).where(eq(session.token, token));
      const renewed = await callLoader(guarded, { path: "/dashboard", cookie });
      expect(renewed).toMatchObject({ thrown: false, data: { userId: staff.userId } });
      expect(renewed.responseCookies.join("\n")).toContain(`${name}=`);
      const [stored] = await bed.t.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
      expect(stored!.expiresAt.getTime()).toBeGreaterThan(renewAt.getTime());

      // Expired: signed out, and the session is gone.
      await bed.t.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, token));
      expect(await callLoader(guarded, { path: "/dashboard", cookie })).toMatchObject({ thrown: true, status: 302 });
    } finally {
      setAppDatabase(undefined);
      setAppAuth(undefined);
    }
  });
});
