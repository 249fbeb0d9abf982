import { APIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import { createHmac, timingSafeEqual } from "node:crypto";
import { account, profiles, twoFactor, user } from "../../../db/schema";
import type { LoginInput } from "~/schemas/auth";
import { type Database, queryRows } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Auth, authDatabase, authMessage, cookieHeaderFrom } from "./auth.server";
import { hashPassword, needsRehash } from "./password-hash.server";

/* Signing in (password, emailed code, second factor), slowing down guessing, and signing out. */

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
  await signOut(auth, new Headers({ cookie: cookieHeaderFrom(cookies) }));
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
