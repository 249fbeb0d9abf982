import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { companies, profiles, user } from "../../../db/schema";
import { INVALID_RESET_LINK } from "~/schemas/auth";
import type { Database } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Auth, authDatabase, authMessage, revokePasswordResetLinks } from "./auth.server";
import { assertStrongPassword, type PasswordOwner } from "./password-strength.server";

/* Password recovery by emailed link, and changing the password in Settings. */

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
