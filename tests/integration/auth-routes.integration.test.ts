import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMessages } from "../../db/schema";
import * as login from "~/routes/auth/login";
import * as register from "~/routes/auth/register";
import { RATE_LIMITS } from "~/server/services/rate-limit.server";
import { createStaff, TEST_PASSWORD, uniqueEmail } from "../factories";
import { callAction, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

describe("POST /register", () => {
  it("creates the account and lands on /dashboard with a session cookie", async () => {
    const email = uniqueEmail();
    const result = await callAction(register.action, { path: "/register", form: { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD } });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard");
    expect(result.headers.get("Set-Cookie")).toMatch(/better-auth\.session_token=.+HttpOnly.*SameSite=Lax/i);
  });

  it("answers 400 with the schema's messages", async () => {
    const invalid = await callAction(register.action, { path: "/register", form: { email: "x", password: "short", confirmPassword: "nope" } });
    expect(invalid.status).toBe(400);
    expect(invalid.data.errors).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords do not match",
    });
  });

  it("does not confirm an address that has an account: 'check your email', no session, and the owner gets an email", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const form = { email: email.toUpperCase(), password: "another long passphrase", confirmPassword: "another long passphrase" };
    const taken = await callAction(register.action, { path: "/register", form, ip: "192.0.2.50" });
    expect(taken.status).toBe(200);
    expect(taken.data).toEqual({ errors: undefined, email: email.toUpperCase(), sentTo: email.toUpperCase() });
    const sent = await bed.t.db
      .select({ subject: emailMessages.subject, body: emailMessages.body })
      .from(emailMessages)
      .where(and(eq(emailMessages.to, email), eq(emailMessages.kind, "sign-up-existing-account")));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("Someone tried to create an OpenHire account with this address");
    expect(sent[0]!.body).toMatch(/\/login\n[\s\S]*\/forgot-password\n/);
    // A weak password gets the same answer whether or not the address has an account.
    const weak = { password: "qwertzuiop", confirmPassword: "qwertzuiop" };
    const errorsOf = (answer: { data: { errors?: object } }) => answer.data.errors;
    expect(errorsOf(await callAction(register.action, { path: "/register", form: { email, ...weak }, ip: "192.0.2.51" }))).toEqual(
      errorsOf(await callAction(register.action, { path: "/register", form: { email: uniqueEmail(), ...weak }, ip: "192.0.2.51" })),
    );
  });

  it("keeps the per-account sign-up limit for an address that has an account", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const form = { email, password: "another long passphrase", confirmPassword: "another long passphrase" };
    for (let i = 0; i < RATE_LIMITS.signUpAccount.limit; i++) {
      expect((await callAction(register.action, { path: "/register", form, ip: `192.0.2.${100 + i}` })).status).toBe(200);
    }
    const limited = await callAction(register.action, { path: "/register", form, ip: "192.0.2.120" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("POST /login", () => {
  it("lands on a same-site redirectTo, and on /dashboard instead of another site", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const back = await callAction(login.action, { path: "/login", form: { email, password: TEST_PASSWORD, redirectTo: "/manage/jobs?status=draft" } });
    expect(back.headers.get("Location")).toBe("/manage/jobs?status=draft");
    const offsite = await callAction(login.action, { path: "/login", form: { email, password: TEST_PASSWORD, redirectTo: "//evil.example/x" } });
    expect(offsite.headers.get("Location")).toBe("/dashboard");
  });

  it("refuses a client IP past the sign-in limit with 429 and Retry-After, and counts other IPs apart", async () => {
    const ip = "198.51.100.7";
    // A new email each time, so that only the per-IP limit (not the per-account one) applies.
    const form = () => ({ email: uniqueEmail(), password: "wrong password" });
    for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
      expect((await callAction(login.action, { path: "/login", form: form(), ip: ip })).status).toBe(400);
    }
    const limited = await callAction(login.action, { path: "/login", form: form(), ip: ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.data.errors.form).toMatch(/^Too many attempts/);
    expect((await callAction(login.action, { path: "/login", form: form(), ip: "198.51.100.8" })).status).toBe(400);
  });

  it("refuses one account past its own limit even when every attempt comes from another IP", async () => {
    // Right passwords, so the slow-down after failed sign-ins stays out of it: only the limit counts.
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    for (let i = 0; i < RATE_LIMITS.signInAccount.limit; i++) {
      expect((await callAction(login.action, { path: "/login", form: { email, password: TEST_PASSWORD }, ip: `203.0.113.${i + 1}` })).status).toBe(302);
    }
    const limited = await callAction(login.action, { path: "/login", form: { email: email.toUpperCase(), password: TEST_PASSWORD }, ip: "203.0.113.200" });
    expect(limited.status).toBe(429);
    expect(limited.data.errors.form).toMatch(/^Too many attempts/);
    // Another account from the same IP is not affected.
    const other = await createStaff(bed.t.db, bed.t.auth);
    expect((await callAction(login.action, { path: "/login", form: { email: other.email, password: TEST_PASSWORD }, ip: "203.0.113.200" })).status).toBe(302);
  });
});
