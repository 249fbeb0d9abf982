import { assignCompanySlug } from "../careers/careers.server";
import { runWithTransaction } from "@better-auth/core/context";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { companies, profiles, user } from "../../../db/schema";
import type { RegisterInput } from "~/schemas/auth";
import { CompanyNameSchema, DEFAULT_COMPANY_NAME, FullNameSchema } from "~/schemas/names";
import type { z } from "~/schemas/zod";
import { createDefaultRejectionReasons } from "../applications/rejection-reasons.server";
import { createDefaultScorecardAttributes } from "../applications/scorecards.server";
import { createDefaultEmailTemplates } from "../mail/email-templates.server";
import { DomainError } from "../platform/errors.server";
import { acceptInvitationInTransaction, type InvitationForSignUp } from "../team/team.server";
import { type Auth, authLinkBase, authMailer, authMessage, cookieHeaderFrom, currentAuthTransaction } from "./auth.server";
import { accountExistsEmail } from "./emails.server";
import { assertStrongPassword } from "./password-strength.server";
import type { SignedIn } from "./sign-in.server";
import { absoluteUrl } from "~/lib/absolute-url";

/* Sign-up: a new account with its company, or a teammate joining by invitation; confirming the address. */

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
      await assignCompanySlug(tx, { id: company.id, name: companyName! });
      await tx.insert(profiles).values({ id: userId, companyId: company.id, role: "admin", fullName });
      await createDefaultEmailTemplates(tx, { userId, companyId: company.id });
      await createDefaultRejectionReasons(tx, { userId, companyId: company.id });
      await createDefaultScorecardAttributes(tx, { userId, companyId: company.id });
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
  if (!invitation && !options.skipVerificationEmail) await sendVerificationEmail(auth, input.email, cookieHeaderFrom(signedIn.cookies));
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
      accountExistsEmail(input.email.trim().toLowerCase(), { signIn: absoluteUrl(base, "/login"), resetPassword: absoluteUrl(base, "/forgot-password") }),
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
