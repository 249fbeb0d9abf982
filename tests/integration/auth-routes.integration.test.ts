import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, emailMessages, invitations, profiles, user } from "../../db/schema";
import * as invitationRoute from "~/routes/auth/invitation";
import * as login from "~/routes/auth/login";
import * as register from "~/routes/auth/register";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { hashInvitationToken } from "~/server/team/team.server";
import { createStaff, TEST_PASSWORD, uniqueEmail } from "../factories";
import { routeContext, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

function args(path: string, form: Record<string, string>, ip = "192.0.2.1", params: Record<string, string> = {}) {
  const context = routeContext(ip);
  const request = new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(form) });
  return { request, context, params } as never;
}

/** Who signs up and their company: the register form asks for both. */
const NAMES = { fullName: "Ada Lovelace", companyName: "Analytical Engines" };

/** The profile's name and the company's name of an account. */
async function namesOf(email: string) {
  const [row] = await bed.t.db
    .select({ fullName: profiles.fullName, companyName: companies.name })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(eq(user.email, email));
  return row;
}

/** Actions answer either a Response (redirect) or `data()` (a DataWithResponseInit). */
function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } }).init?.status ?? 200;
}

describe("POST /register", () => {
  it("creates the account, named company and named profile, and lands on /dashboard with a session cookie", async () => {
    const email = uniqueEmail();
    const result = (await register.action(
      args("/register", { ...NAMES, email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
    )) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard");
    expect(result.headers.get("Set-Cookie")).toMatch(/better-auth\.session_token=.+HttpOnly.*SameSite=Lax/i);
    expect(await namesOf(email)).toEqual(NAMES);
  });

  it("answers 400 with the schema's messages", async () => {
    // What the form sends when only some fields are filled in.
    const invalid = await register.action(args("/register", { fullName: " ", companyName: "", email: "x", password: "short", confirmPassword: "nope" }));
    expect(statusOf(invalid)).toBe(400);
    // The names are asked for but optional (the spec's form has only email, password and confirmation).
    expect((invalid as { data: { errors: object } }).data.errors).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords do not match",
    });
    const email = uniqueEmail();
    const lines = await register.action(
      args("/register", { fullName: "Ada\nLovelace", companyName: "x".repeat(101), email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
    );
    expect(statusOf(lines)).toBe(400);
    expect((lines as { data: { errors: object } }).data.errors).toEqual({
      fullName: "Please keep this on one line, without control characters",
      companyName: "Company name must be at most 100 characters",
    });
    expect(await namesOf(email)).toBeUndefined();
  });

  it("sends back the names typed after a refusal, but not an over-long one", async () => {
    const answer = (await register.action(
      args("/register", { fullName: "Ada Lovelace", companyName: "y".repeat(5000), email: "nope", password: "", confirmPassword: "" }),
    )) as { data: Record<string, unknown> };
    expect(answer.data).toMatchObject({ fullName: "Ada Lovelace", companyName: "", email: "nope" });
  });

  it("does not confirm an address that has an account: 'check your email', no session, and the owner gets an email", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const form = { ...NAMES, email: email.toUpperCase(), password: "another long passphrase", confirmPassword: "another long passphrase" };
    const taken = await register.action(args("/register", form, "192.0.2.50"));
    expect(statusOf(taken)).toBe(200);
    expect((taken as { data: object }).data).toEqual({ errors: undefined, ...NAMES, email: email.toUpperCase(), sentTo: email.toUpperCase() });
    const sent = await bed.t.db
      .select({ subject: emailMessages.subject, body: emailMessages.body })
      .from(emailMessages)
      .where(and(eq(emailMessages.to, email), eq(emailMessages.kind, "sign-up-existing-account")));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("Someone tried to create an OpenHire account with this address");
    expect(sent[0]!.body).toMatch(/\/login\n[\s\S]*\/forgot-password\n/);
    // A weak password gets the same answer whether or not the address has an account.
    const weak = { ...NAMES, password: "qwertzuiop", confirmPassword: "qwertzuiop" };
    const errorsOf = (result: unknown) => (result as { data: { errors: object } }).data.errors;
    expect(errorsOf(await register.action(args("/register", { email, ...weak }, "192.0.2.51")))).toEqual(
      errorsOf(await register.action(args("/register", { email: uniqueEmail(), ...weak }, "192.0.2.51"))),
    );
  });

  it("keeps the per-account sign-up limit for an address that has an account", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const form = { ...NAMES, email, password: "another long passphrase", confirmPassword: "another long passphrase" };
    for (let i = 0; i < RATE_LIMITS.signUpAccount.limit; i++) {
      expect(statusOf(await register.action(args("/register", form, `192.0.2.${100 + i}`)))).toBe(200);
    }
    const limited = (await register.action(args("/register", form, "192.0.2.120"))) as { init: ResponseInit };
    expect(statusOf(limited)).toBe(429);
    expect(new Headers(limited.init.headers).get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("POST /invitations/:token (a new account)", () => {
  async function openInvitation() {
    const owner = await createStaff(bed.t.db, bed.t.auth, { companyName: "Initech" });
    const token = randomBytes(32).toString("base64url");
    const email = uniqueEmail("invitee");
    await bed.t.db.insert(invitations).values({
      companyId: owner.staff.companyId,
      email,
      tokenHash: hashInvitationToken(token),
      invitedBy: owner.staff.userId,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    return { token, email };
  }
  const post = (token: string, form: Record<string, string>, ip: string) =>
    invitationRoute.action(args(`/invitations/${token}`, { intent: "register", ...form }, ip, { token }));

  it("asks for the full name, with the sign-up form's rules", async () => {
    const { token, email } = await openInvitation();
    const missing = await post(token, { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, "192.0.2.60");
    expect(statusOf(missing)).toBe(400);
    expect((missing as { data: { errors: object } }).data.errors).toEqual({ fullName: "Full name is required" });
    const twoLines = await post(token, { fullName: "Nina\rNewcomer", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, "192.0.2.60");
    expect((twoLines as { data: { errors: object; fullName: string } }).data).toMatchObject({
      errors: { fullName: "Please keep this on one line, without control characters" },
      fullName: "Nina\rNewcomer",
    });
    expect(await namesOf(email)).toBeUndefined();
  });

  it("stores the full name in the new member's profile, in the inviting company", async () => {
    const { token, email } = await openInvitation();
    const joined = await post(token, { fullName: " Nina Newcomer ", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, "192.0.2.61");
    expect(joined).toBeInstanceOf(Response);
    expect((joined as Response).headers.get("Location")).toBe("/dashboard");
    expect(await namesOf(email)).toEqual({ fullName: "Nina Newcomer", companyName: "Initech" });
  });
});

describe("POST /login", () => {
  it("lands on a same-site redirectTo, and on /dashboard instead of another site", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const back = (await login.action(
      args("/login", { email, password: TEST_PASSWORD, redirectTo: "/manage/jobs?status=draft" }),
    )) as Response;
    expect(back.headers.get("Location")).toBe("/manage/jobs?status=draft");
    const offsite = (await login.action(args("/login", { email, password: TEST_PASSWORD, redirectTo: "//evil.example/x" }))) as Response;
    expect(offsite.headers.get("Location")).toBe("/dashboard");
  });

  it("refuses a client IP past the sign-in limit with 429 and Retry-After, and counts other IPs apart", async () => {
    const ip = "198.51.100.7";
    // A new email each time, so that only the per-IP limit (not the per-account one) applies.
    const form = () => ({ email: uniqueEmail(), password: "wrong password" });
    for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
      expect(statusOf(await login.action(args("/login", form(), ip)))).toBe(400);
    }
    const limited = (await login.action(args("/login", form(), ip))) as { init: ResponseInit; data: { errors: { form: string } } };
    expect(statusOf(limited)).toBe(429);
    expect(new Headers(limited.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.data.errors.form).toMatch(/^Too many attempts/);
    expect(statusOf(await login.action(args("/login", form(), "198.51.100.8")))).toBe(400);
  });

  it("refuses one account past its own limit even when every attempt comes from another IP", async () => {
    // Right passwords, so the slow-down after failed sign-ins stays out of it: only the limit counts.
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    for (let i = 0; i < RATE_LIMITS.signInAccount.limit; i++) {
      expect(statusOf(await login.action(args("/login", { email, password: TEST_PASSWORD }, `203.0.113.${i + 1}`)))).toBe(302);
    }
    const limited = (await login.action(args("/login", { email: email.toUpperCase(), password: TEST_PASSWORD }, "203.0.113.200"))) as {
      data: { errors: { form: string } };
    };
    expect(statusOf(limited)).toBe(429);
    expect(limited.data.errors.form).toMatch(/^Too many attempts/);
    // Another account from the same IP is not affected.
    const other = await createStaff(bed.t.db, bed.t.auth);
    expect(statusOf(await login.action(args("/login", { email: other.email, password: TEST_PASSWORD }, "203.0.113.200")))).toBe(302);
  });
});
