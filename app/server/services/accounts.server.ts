import { runWithTransaction } from "@better-auth/core/context";
import { APIError } from "better-auth/api";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { createHmac, timingSafeEqual } from "node:crypto";
import { account, companies, profiles, session, twoFactor, user } from "../../../db/schema";
import { INVALID_RESET_LINK, type LoginInput, type RegisterInput } from "~/schemas/auth";
import { CompanyNameSchema, DEFAULT_COMPANY_NAME, FullNameSchema } from "~/schemas/names";
import type { z } from "~/schemas/zod";
import { type Auth, authDatabase, authLinkBase, authMailer, currentAuthTransaction, revokePasswordResetLinks } from "../auth.server";
import { type Database, queryRows } from "../db.server";
import { accountExistsEmail } from "../email.server";
import { DomainError } from "../errors.server";
import type { Actor } from "../tenancy.server";
import { createDefaultEmailTemplates } from "./email-templates.server";
import { hashPassword, needsRehash } from "./password-hash.server";
import { assertStrongPassword, type PasswordOwner } from "./password-strength.server";
import { acceptInvitationInTransaction, type InvitationForSignUp } from "./team.server";

/** A new account: the person, and the company they start (unless an invitation names one). */
export interface NewAccountInput {
  email: string;
  password: string;
  /** Optional at sign-up; the invitation form requires it. */
  fullName?: string;
  /** The company the account starts ("My Company" when left out); an invitation joins the inviter's. */
  companyName?: string;
}

/** The form's rule for a name, checked again here: the server never trusts the browser. */
function requireName(schema: z.ZodType<string, string>, value: string | undefined, field: string): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new DomainError("INVALID", parsed.error.issues[0]?.message ?? "Invalid value", { field });
}

export interface SignedIn {
  userId: string;
  /** Set-Cookie headers carrying the new session. */
  cookies: string[];
  twoFactorRequired?: false;
}

/** Password (or code) accepted, but the account asks for its second factor first. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** Set-Cookie headers carrying the short-lived challenge. */
  cookies: string[];
}

const cookieHeader = (cookies: string[]) => cookies.map((c) => c.split(";")[0]).join("; ");

/** better-auth's own message for a refused request, or the caller's fallback. */
function authMessage(error: unknown, fallback: string): string {
  if (error instanceof APIError && error.body?.message) return error.body.message;
  return fallback;
}

/**
 * Sign-up: the user and their password, the company (named by its owner) and the profile (role
 * recruiter, with the full name), all in one transaction, then a session. A failure at any step
 * leaves none of them. With an invitation, the profile joins the invitation's company instead.
 */
export async function registerAccount(
  auth: Auth,
  input: NewAccountInput,
  headers: Headers,
  options: { invitation?: InvitationForSignUp & { companyName?: string }; /** The demo seed confirms its own address. */ skipVerificationEmail?: boolean } = {},
): Promise<SignedIn> {
  const { invitation } = options;
  if (invitation && invitation.email.toLowerCase() !== input.email.trim().toLowerCase()) {
    throw new DomainError("INVALID", "Use the email address the invitation was sent to.", { field: "email" });
  }
  const fullName = input.fullName?.trim() ? requireName(FullNameSchema, input.fullName, "fullName") : null;
  const companyName = invitation
    ? invitation.companyName
    : input.companyName?.trim()
      ? requireName(CompanyNameSchema, input.companyName, "companyName")
      : DEFAULT_COMPANY_NAME;
  await assertStrongPassword(input.password, { email: input.email, fullName, companyName });
  const { adapter } = await auth.$context;
  let signedIn: SignedIn;
  try {
    signedIn = await runWithTransaction(adapter, async () => {
      const result = await auth.api.signUpEmail({
        body: { email: input.email, password: input.password, name: "" },
        headers,
        returnHeaders: true,
      });
      const tx = currentAuthTransaction();
      if (!tx) throw new Error("Sign-up did not run inside a transaction");
      const userId = result.response.user.id;
      if (invitation) {
        // Joining a team: no company of their own; the invitation link proved the address.
        await acceptInvitationInTransaction(tx, invitation, userId, { fullName: fullName ?? undefined });
        await tx.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
        return { userId, cookies: result.headers.getSetCookie() };
      }
      const [company] = await tx
        .insert(companies)
        .values({ name: companyName!, createdBy: userId })
        .returning({ id: companies.id });
      if (!company) throw new Error("The company was not created");
      await tx.insert(profiles).values({ id: userId, companyId: company.id, role: "recruiter", fullName });
      await createDefaultEmailTemplates(tx, { userId, companyId: company.id });
      return { userId, cookies: result.headers.getSetCookie() };
    });
  } catch (error) {
    if (error instanceof APIError) {
      const conflict = error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
      if (conflict) throw new DomainError("CONFLICT", ACCOUNT_EXISTS_MESSAGE, { field: "email" });
      throw new DomainError("INVALID", authMessage(error, "Failed to create account"));
    }
    if (error instanceof DomainError) throw error;
    console.error("Error during signup:", error);
    throw error;
  }
  // After the commit: the confirmation link (a failure here never undoes the sign-up).
  if (!invitation && !options.skipVerificationEmail) await sendVerificationEmail(auth, input.email, cookieHeader(signedIn.cookies));
  return signedIn;
}

/** registerAccount's answer for an address that has an account (never shown on the public sign-up page). */
export const ACCOUNT_EXISTS_MESSAGE = "An account with this email already exists.";

export type SignUpResult = ({ status: "created" } & SignedIn) | { status: "check-email" };

/**
 * The public sign-up form. A new address gets its account, company and session; an address that
 * already has an account gets the same "check your email" answer any visitor could see, and its
 * owner an email with links to sign in or reset the password. The page never confirms an account.
 */
export async function signUp(auth: Auth, input: RegisterInput, headers: Headers): Promise<SignUpResult> {
  try {
    return { status: "created", ...(await registerAccount(auth, input, headers)) };
  } catch (error) {
    if (!(error instanceof DomainError && error.code === "CONFLICT" && error.details.field === "email")) throw error;
    const base = authLinkBase(auth);
    await authMailer(auth).send(
      accountExistsEmail(input.email.trim().toLowerCase(), { signIn: `${base}/login`, resetPassword: `${base}/forgot-password` }),
    );
    return { status: "check-email" };
  }
}

/** Sends (again) the link that confirms the account's email address. Never throws. */
export async function sendVerificationEmail(auth: Auth, email: string, cookie: string): Promise<void> {
  try {
    await auth.api.sendVerificationEmail({ body: { email }, headers: new Headers({ cookie }) });
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "EMAIL_ALREADY_VERIFIED") return;
    console.error("Could not send the verification email:", error);
  }
}

/** Confirms an email address from the link; answers whether the link was good. */
export async function verifyEmail(auth: Auth, token: string): Promise<boolean> {
  try {
    await auth.api.verifyEmail({ query: { token } });
    return true;
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------

/** Failed sign-ins an account may make before each further attempt has to wait. */
export const FREE_FAILED_SIGN_INS = 5;
const MAX_FAILURE_DELAY_SECONDS = 15 * 60;

/** Seconds an account must wait after `failures` failed sign-ins in a row (never forever). */
export function failureDelaySeconds(failures: number): number {
  if (failures < FREE_FAILED_SIGN_INS) return 0;
  return Math.min(MAX_FAILURE_DELAY_SECONDS, 15 * 2 ** (failures - FREE_FAILED_SIGN_INS));
}

const failureKey = (email: string) => `sign-in-failures:${email.trim().toLowerCase()}`;

async function assertNotSlowedDown(db: Database, email: string): Promise<void> {
  const [row] = await queryRows<{ count: number; wait: number }>(
    db,
    sql`select count, ceil(extract(epoch from (window_start - now())))::int as wait
        from rate_limits where key = ${failureKey(email)}`,
  );
  if (!row) return;
  const delay = failureDelaySeconds(Number(row.count));
  // window_start holds the time of the last failure; wait = seconds since then (negative).
  const remaining = delay + Number(row.wait);
  if (delay > 0 && remaining > 0) {
    throw new DomainError(
      "RATE_LIMITED",
      `Too many failed sign-ins for this account. Please try again in ${remaining < 60 ? `${remaining} seconds` : `${Math.ceil(remaining / 60)} minutes`}.`,
      { retryAfterSeconds: remaining },
    );
  }
}

async function recordFailedSignIn(db: Database, email: string): Promise<void> {
  // A day without failures starts the count again.
  await db.execute(sql`
    insert into rate_limits (key, count, window_start) values (${failureKey(email)}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - interval '1 day' then 1 else rate_limits.count + 1 end,
      window_start = now()`);
}

async function clearFailedSignIns(db: Database, email: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${failureKey(email)}`);
}

/**
 * After a successful password sign-in: a hash made before the switch to argon2id (better-auth's
 * scrypt) is replaced with an argon2id hash of the password that was just proven right.
 */
async function upgradePasswordHash(db: Database, email: string, password: string): Promise<void> {
  const [row] = await db
    .select({ id: account.id, hash: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, email.trim().toLowerCase()), eq(account.providerId, "credential")));
  if (!row?.hash || !needsRehash(row.hash)) return;
  const hash = await hashPassword(password);
  // Only if nothing changed the password meanwhile.
  await db.update(account).set({ password: hash }).where(and(eq(account.id, row.id), eq(account.password, row.hash)));
}

/** A session is only useful with a profile: members removed from their company get none. */
async function requireMembership(auth: Auth, userId: string, cookies: string[]): Promise<void> {
  const [profile] = await authDatabase(auth).select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (profile) return;
  await signOut(auth, new Headers({ cookie: cookieHeader(cookies) }));
  throw new DomainError("FORBIDDEN", "This account is no longer a member of a company. Ask your company's owner for a new invitation.");
}

/**
 * Password sign-in. Wrong credentials answer better-auth's message; repeated failures slow the
 * account down (a growing wait, at most 15 minutes) without locking it for good. An account with
 * two-factor authentication answers a challenge instead of a session.
 */
export async function signIn(
  auth: Auth,
  input: LoginInput,
  headers: Headers,
  options: { withoutCompany?: boolean } = {},
): Promise<SignedIn | TwoFactorChallenge> {
  const db = authDatabase(auth);
  await assertNotSlowedDown(db, input.email);
  let result;
  try {
    result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError) {
      if (error.body?.code === "INVALID_EMAIL_OR_PASSWORD") await recordFailedSignIn(db, input.email);
      throw new DomainError("FORBIDDEN", authMessage(error, "Failed to sign in"));
    }
    throw error;
  }
  await clearFailedSignIns(db, input.email);
  await upgradePasswordHash(db, input.email, input.password);
  const cookies = result.headers.getSetCookie();
  const response = result.response as { twoFactorRedirect?: boolean; user?: { id: string } };
  if (response.twoFactorRedirect) return { twoFactorRequired: true, cookies };
  const userId = response.user!.id;
  // Accepting an invitation is the one thing an account without a company may sign in for.
  if (!options.withoutCompany) await requireMembership(auth, userId, cookies);
  return { userId, cookies };
}

/** Sends a one-time sign-in code, if the email has an account; the answer is the same either way. */
export async function sendSignInCode(auth: Auth, email: string, headers: Headers): Promise<void> {
  try {
    await auth.api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers });
  } catch (error) {
    if (error instanceof APIError) throw new DomainError("INVALID", authMessage(error, "Could not send a code"));
    throw error;
  }
}

/** Signs in with a code from sendSignInCode; each code works once. */
export async function signInWithCode(
  auth: Auth,
  input: { email: string; code: string },
  headers: Headers,
): Promise<(SignedIn & { passwordRemoved: boolean }) | TwoFactorChallenge> {
  // better-auth guards against pre-registration takeover: a code proves the address, so on an
  // account whose address was never confirmed it removes the password someone may have set.
  const [before] = await authDatabase(auth)
    .select({ emailVerified: user.emailVerified, hasPassword: sql<boolean>`exists (select 1 from account a where a.user_id = "user".id and a.password is not null)` })
    .from(user)
    .where(eq(user.email, input.email.trim().toLowerCase()));
  let result;
  try {
    result = await auth.api.signInEmailOTP({ body: { email: input.email, otp: input.code }, headers, returnHeaders: true });
  } catch (error) {
    if (error instanceof APIError) {
      const code = error.body?.code;
      const message =
        code === "OTP_EXPIRED"
          ? "This code has expired. Send a new one."
          : code === "TOO_MANY_ATTEMPTS"
            ? "Too many wrong codes. Send a new one."
            : "Invalid code. Check the email and try again.";
      throw new DomainError("INVALID", message, { field: "code" });
    }
    throw error;
  }
  const cookies = result.headers.getSetCookie();
  const response = result.response as { twoFactorRedirect?: boolean; user?: { id: string } };
  if (response.twoFactorRedirect) return { twoFactorRequired: true, cookies };
  await requireMembership(auth, response.user!.id, cookies);
  return { userId: response.user!.id, cookies, passwordRemoved: Boolean(before && !before.emailVerified && before.hasPassword) };
}

/** Completes a two-factor challenge with an authenticator code or a recovery code. */
export async function verifySecondFactor(
  auth: Auth,
  input: { code: string; method: "totp" | "recovery"; trustDevice?: boolean },
  headers: Headers,
  options: { withoutCompany?: boolean } = {},
): Promise<SignedIn> {
  let result;
  try {
    result =
      input.method === "totp"
        ? await auth.api.verifyTOTP({ body: { code: input.code.replace(/\s+/g, ""), trustDevice: input.trustDevice }, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code: input.code.trim(), trustDevice: input.trustDevice }, headers, returnHeaders: true });
  } catch (error) {
    if (error instanceof APIError) {
      const code = error.body?.code;
      if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
        throw new DomainError("FORBIDDEN", "This sign-in has expired. Please sign in again.");
      }
      if (code === "ACCOUNT_TEMPORARILY_LOCKED") throw await secondFactorLocked(auth, headers);
      throw new DomainError("INVALID", input.method === "totp" ? "Invalid code" : "Invalid recovery code", { field: "code" });
    }
    throw error;
  }
  const cookies = result.headers.getSetCookie();
  const userId = (result.response as { user: { id: string } }).user.id;
  if (!options.withoutCompany) await requireMembership(auth, userId, cookies);
  return { userId, cookies };
}

/**
 * The two-factor plugin locks an account for 15 minutes after 10 wrong codes in a row, across
 * challenges; while locked even a right code is refused. Says so, and until when (UTC).
 */
async function secondFactorLocked(auth: Auth, headers: Headers): Promise<DomainError> {
  const lockedUntil = await secondFactorLockedUntil(auth, headers);
  const seconds = lockedUntil ? Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000)) : 15 * 60;
  const until = lockedUntil ? ` until ${lockedUntil.toISOString().slice(11, 16)} UTC` : "";
  const minutes = Math.ceil(seconds / 60);
  return new DomainError(
    "RATE_LIMITED",
    `Too many wrong codes: this account is locked${until}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfterSeconds: seconds },
  );
}

/** When the lock of the account behind this request's two-factor challenge ends. */
async function secondFactorLockedUntil(auth: Auth, headers: Headers): Promise<Date | null> {
  const ctx = await auth.$context;
  const cookieName = ctx.createAuthCookie("two_factor").name;
  const raw = (headers.get("cookie") ?? "")
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${cookieName}=`))
    ?.slice(cookieName.length + 1);
  if (!raw) return null;
  // The challenge cookie is `<identifier>.<HMAC-SHA256 in base64>`, signed with the auth secret.
  const signed = decodeURIComponent(raw);
  const dot = signed.lastIndexOf(".");
  const identifier = signed.slice(0, dot);
  const expected = createHmac("sha256", ctx.secret).update(identifier).digest();
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  if (dot < 1 || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const challenge = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!challenge) return null;
  const [row] = await authDatabase(auth).select({ lockedUntil: twoFactor.lockedUntil }).from(twoFactor).where(eq(twoFactor.userId, challenge.value));
  return row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : null;
}

// ---------------------------------------------------------------------------
// Password recovery and change
// ---------------------------------------------------------------------------

/** The account details a new password must not be built on. */
async function passwordOwner(db: Database, userId: string): Promise<PasswordOwner> {
  const [row] = await db
    .select({ email: user.email, fullName: profiles.fullName, companyName: companies.name })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(companies, eq(companies.id, profiles.companyId))
    .where(eq(user.id, userId));
  return row ?? {};
}

/** Emails a reset link if the address has an account. The answer never tells which. */
export async function requestPasswordReset(auth: Auth, email: string, headers: Headers): Promise<void> {
  try {
    await auth.api.requestPasswordReset({ body: { email }, headers });
  } catch (error) {
    // Nothing the caller may learn from; log it for the operator.
    console.error("Password reset request failed:", error);
  }
}


/** Sets a new password from a reset link (once) and ends every session of the account. */
export async function resetPassword(auth: Auth, input: { token: string; password: string }): Promise<void> {
  const ctx = await auth.$context;
  const link = await ctx.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  if (!link || link.expiresAt <= new Date()) throw new DomainError("INVALID", INVALID_RESET_LINK);
  await assertStrongPassword(input.password, await passwordOwner(authDatabase(auth), link.value));
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) {
      const code = error.body?.code;
      if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") throw new DomainError("INVALID", INVALID_RESET_LINK);
      throw new DomainError("INVALID", authMessage(error, "Could not reset the password"), { field: "password" });
    }
    throw error;
  }
}

/** Whether a reset link is still good (the page shows the form or says it has expired). */
export async function isResetTokenValid(auth: Auth, token: string): Promise<boolean> {
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && found.expiresAt > new Date());
}

/** Changes the password of the signed-in account; optionally signs out every other device. */
export async function changePassword(
  auth: Auth,
  input: { currentPassword: string; newPassword: string; signOutOthers: boolean },
  headers: Headers,
): Promise<string[]> {
  const current = await auth.api.getSession({ headers });
  if (current) await assertStrongPassword(input.newPassword, await passwordOwner(authDatabase(auth), current.user.id), "newPassword");
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: input.signOutOthers },
      headers,
      returnHeaders: true,
    });
    // A reset link sent before the change must not set another password afterwards.
    await revokePasswordResetLinks(authDatabase(auth), result.response.user.id);
    return result.headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError) {
      const wrong = error.body?.code === "INVALID_PASSWORD";
      throw new DomainError("INVALID", wrong ? "Current password is incorrect" : authMessage(error, "Could not change the password"), {
        field: wrong ? "currentPassword" : "newPassword",
      });
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------

export interface SessionSummary {
  id: string;
  current: boolean;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastActiveAt: Date;
}

/** The account's live sessions, the current one first. */
export async function listSessions(db: Database, actor: Actor & { sessionId: string }): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, actor.userId), sql`${session.expiresAt} > now()`))
    .orderBy(desc(session.updatedAt));
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === actor.sessionId,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt,
      lastActiveAt: row.updatedAt,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export type SignOutScope = "this" | "others" | "all";

/** Sign-out scopes: this device, other devices, or all devices. Answers cookies to send. */
export async function signOutSessions(
  db: Database,
  auth: Auth,
  actor: Actor & { sessionId: string },
  scope: SignOutScope,
  headers: Headers,
): Promise<string[]> {
  if (scope === "others") {
    await db.delete(session).where(and(eq(session.userId, actor.userId), ne(session.id, actor.sessionId)));
    return [];
  }
  if (scope === "all") await db.delete(session).where(and(eq(session.userId, actor.userId), ne(session.id, actor.sessionId)));
  return signOut(auth, headers);
}

/** Ends one session of the account (a device in the list). */
export async function revokeSession(db: Database, actor: Actor, sessionId: string): Promise<void> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.userId, actor.userId), eq(session.id, sessionId)))
    .returning({ id: session.id });
  if (deleted.length === 0) throw new DomainError("NOT_FOUND", "Session not found");
}

// ---------------------------------------------------------------------------
// Two-factor authentication
// ---------------------------------------------------------------------------

export interface TwoFactorEnrolment {
  totpUri: string;
  /** The secret in base32, for typing into an authenticator by hand. */
  manualKey: string;
  recoveryCodes: string[];
}

function passwordError(error: unknown): never {
  if (error instanceof APIError) {
    const wrong = error.body?.code === "INVALID_PASSWORD";
    throw new DomainError("INVALID", wrong ? "Password is incorrect" : authMessage(error, "Could not update two-factor authentication"), {
      field: "password",
    });
  }
  throw error;
}

/** Starts enrolment: a new secret and recovery codes, active once confirmed with a code. */
export async function startTwoFactorEnrolment(auth: Auth, password: string, headers: Headers): Promise<TwoFactorEnrolment> {
  try {
    const result = await auth.api.enableTwoFactor({ body: { password }, headers });
    const totpUri = (result as { totpURI: string }).totpURI;
    const manualKey = new URL(totpUri).searchParams.get("secret") ?? "";
    return { totpUri, manualKey, recoveryCodes: (result as { backupCodes: string[] }).backupCodes };
  } catch (error) {
    passwordError(error);
  }
}

/** Confirms enrolment with a code from the authenticator; answers the refreshed session cookies. */
export async function confirmTwoFactorEnrolment(auth: Auth, code: string, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.verifyTOTP({ body: { code: code.replace(/\s+/g, "") }, headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError) throw new DomainError("INVALID", "Invalid code", { field: "code" });
    throw error;
  }
}

/** Turns two-factor authentication off (the password is required). */
export async function disableTwoFactor(auth: Auth, password: string, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    passwordError(error);
  }
}

/** What the Settings page shows about the account's security. */
export async function getAccountSecurity(db: Database, userId: string) {
  const [row] = await db
    .select({ emailVerified: user.emailVerified, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  return { emailVerified: row?.emailVerified ?? false, twoFactorEnabled: row?.twoFactorEnabled ?? false };
}

/** Ends this device's session; answers the cookies that clear it in the browser. */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    // No session to end (already signed out): nothing to clear but the cookie.
    if (error instanceof APIError) return [];
    throw error;
  }
}
