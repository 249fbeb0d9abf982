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
import { callAction, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

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

/** The sign-up form posted from `ip`. */
const signUp = (form: Record<string, string>, ip = "192.0.2.1") => callAction(register.action, { path: "/register", form, ip });

/** The sign-in form posted from `ip`. */
const signIn = (form: Record<string, string>, ip = "192.0.2.1") => callAction(login.action, { path: "/login", form, ip });

/** A form's answer: `data()` returned to the page (not thrown to the error boundary), with this status. */
const formAnswer = (status: number) => ({ status, thrown: false });

describe("POST /register", () => {
  it("creates the account, named company and named profile, and lands on /dashboard with a session cookie", async () => {
    const email = uniqueEmail();
    const result = await signUp({ ...NAMES, email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(result.response).toBeInstanceOf(Response);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard");
    expect(result.headers.get("Set-Cookie")).toMatch(/better-auth\.session_token=.+HttpOnly.*SameSite=Lax/i);
    expect(await namesOf(email)).toEqual(NAMES);
  });

  it("answers 400 with the schema's messages", async () => {
    // What the form sends when only some fields are filled in.
    const invalid = await signUp({ fullName: " ", companyName: "", email: "x", password: "short", confirmPassword: "nope" });
    expect(invalid).toMatchObject(formAnswer(400));
    // The names are asked for but optional (the spec's form has only email, password and confirmation).
    expect(invalid.data?.errors).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords do not match",
    });
    const email = uniqueEmail();
    const lines = await signUp({ fullName: "Ada\nLovelace", companyName: "x".repeat(101), email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(lines).toMatchObject(formAnswer(400));
    expect(lines.data?.errors).toEqual({
      fullName: "Please keep this on one line, without control characters",
      companyName: "Company name must be at most 100 characters",
    });
    expect(await namesOf(email)).toBeUndefined();
  });

  it("sends back the names typed after a refusal, but not an over-long one", async () => {
    const answer = await signUp({ fullName: "Ada Lovelace", companyName: "y".repeat(5000), email: "nope", password: "", confirmPassword: "" });
    expect(answer.thrown).toBe(false);
    expect(answer.data).toMatchObject({ fullName: "Ada Lovelace", companyName: "", email: "nope" });
  });

  it("does not confirm an address that has an account: 'check your email', no session, and the owner gets an email", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const form = { ...NAMES, email: email.toUpperCase(), password: "another long passphrase", confirmPassword: "another long passphrase" };
    const taken = await signUp(form, "192.0.2.50");
    expect(taken).toMatchObject(formAnswer(200));
    expect(taken.data).toEqual({ errors: undefined, ...NAMES, email: email.toUpperCase(), sentTo: email.toUpperCase() });
    const sent = await bed.t.db
      .select({ subject: emailMessages.subject, body: emailMessages.body })
      .from(emailMessages)
      .where(and(eq(emailMessages.to, email), eq(emailMessages.kind, "sign-up-existing-account")));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("Someone tried to create an OpenHire account with this address");
    expect(sent[0]!.body).toMatch(/\/login\n[\s\S]*\/forgot-password\n/);
    // A weak password gets the same answer whether or not the address has an account.
    const weak = { ...NAMES, password: "qwertzuiop", confirmPassword: "qwertzuiop" };
    const withAccount = await signUp({ email, ...weak }, "192.0.2.51");
    const withoutAccount = await signUp({ email: uniqueEmail(), ...weak }, "192.0.2.51");
    expect(withAccount).toMatchObject({ thrown: false, data: { errors: expect.any(Object) } });
    expect(withAccount.data?.errors).toEqual(withoutAccount.data?.errors);
  });

  it("keeps the per-account sign-up limit for an address that has an account", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const form = { ...NAMES, email, password: "another long passphrase", confirmPassword: "another long passphrase" };
    for (let i = 0; i < RATE_LIMITS.signUpAccount.limit; i++) {
      expect(await signUp(form, `192.0.2.${100 + i}`)).toMatchObject(formAnswer(200));
    }
    const limited = await signUp(form, "192.0.2.120");
    expect(limited).toMatchObject(formAnswer(429));
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
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
    callAction(invitationRoute.action, { path: `/invitations/${token}`, form: { intent: "register", ...form }, ip, params: { token } });

  it("asks for the full name, with the sign-up form's rules", async () => {
    const { token, email } = await openInvitation();
    const missing = await post(token, { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, "192.0.2.60");
    expect(missing).toMatchObject(formAnswer(400));
    expect(missing.data?.errors).toEqual({ fullName: "Full name is required" });
    const twoLines = await post(token, { fullName: "Nina\rNewcomer", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, "192.0.2.60");
    expect(twoLines.data).toMatchObject({
      errors: { fullName: "Please keep this on one line, without control characters" },
      fullName: "Nina\rNewcomer",
    });
    expect(await namesOf(email)).toBeUndefined();
  });

  it("stores the full name in the new member's profile, in the inviting company", async () => {
    const { token, email } = await openInvitation();
    const joined = await post(token, { fullName: " Nina Newcomer ", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, "192.0.2.61");
    expect(joined.response).toBeInstanceOf(Response);
    expect(joined.headers.get("Location")).toBe("/dashboard");
    expect(await namesOf(email)).toEqual({ fullName: "Nina Newcomer", companyName: "Initech" });
  });
});

describe("POST /login", () => {
  it("lands on a same-site redirectTo, and on /dashboard instead of another site", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const back = await signIn({ email, password: TEST_PASSWORD, redirectTo: "/manage/jobs?status=draft" });
    expect(back.response).toBeInstanceOf(Response);
    expect(back.headers.get("Location")).toBe("/manage/jobs?status=draft");
    const offsite = await signIn({ email, password: TEST_PASSWORD, redirectTo: "//evil.example/x" });
    expect(offsite.response).toBeInstanceOf(Response);
    expect(offsite.headers.get("Location")).toBe("/dashboard");
  });

  it("refuses a client IP past the sign-in limit with 429 and Retry-After, and counts other IPs apart", async () => {
    const ip = "198.51.100.7";
    // A new email each time, so that only the per-IP limit (not the per-account one) applies.
    const form = () => ({ email: uniqueEmail(), password: "wrong password" });
    for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
      expect(await signIn(form(), ip)).toMatchObject(formAnswer(400));
    }
    const limited = await signIn(form(), ip);
    expect(limited).toMatchObject(formAnswer(429));
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.data?.errors?.form).toMatch(/^Too many attempts/);
    expect(await signIn(form(), "198.51.100.8")).toMatchObject(formAnswer(400));
  });

  it("refuses one account past its own limit even when every attempt comes from another IP", async () => {
    // Right passwords, so the slow-down after failed sign-ins stays out of it: only the limit counts.
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    for (let i = 0; i < RATE_LIMITS.signInAccount.limit; i++) {
      expect((await signIn({ email, password: TEST_PASSWORD }, `203.0.113.${i + 1}`)).status).toBe(302);
    }
    const limited = await signIn({ email: email.toUpperCase(), password: TEST_PASSWORD }, "203.0.113.200");
    expect(limited).toMatchObject(formAnswer(429));
    expect(limited.data?.errors?.form).toMatch(/^Too many attempts/);
    // Another account from the same IP is not affected.
    const other = await createStaff(bed.t.db, bed.t.auth);
    expect((await signIn({ email: other.email, password: TEST_PASSWORD }, "203.0.113.200")).status).toBe(302);
  });
});
