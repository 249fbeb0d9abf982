import { APIError } from "better-auth/api";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { session, user } from "../../../db/schema";
import type { Database } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import type { Actor } from "../platform/tenancy.server";
import { type Auth, authMessage } from "./auth.server";
import { signOut } from "./sign-in.server";

/* The account's security in Settings: its sessions (devices) and two-factor authentication. */

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
