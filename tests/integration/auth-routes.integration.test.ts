import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMessages } from "../../db/schema";
import * as login from "~/routes/auth/login";
import * as register from "~/routes/auth/register";
import { RATE_LIMITS } from "~/server/services/rate-limit.server";
import { createStaff, TEST_PASSWORD, uniqueEmail } from "../factories";
import { routeContext, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

function args(path: string, form: Record<string, string>, ip = "192.0.2.1") {
  const context = routeContext(ip);
  const request = new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(form) });
  return { request, context, params: {} } as never;
}

/** Actions answer either a Response (redirect) or `data()` (a DataWithResponseInit). */
function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } }).init?.status ?? 200;
}

describe("POST /register", () => {
  it("creates the account and lands on /dashboard with a session cookie", async () => {
    const email = uniqueEmail();
    const result = (await register.action(
      args("/register", { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
    )) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard");
    expect(result.headers.get("Set-Cookie")).toMatch(/better-auth\.session_token=.+HttpOnly.*SameSite=Lax/i);
  });

  it("answers 400 with the schema's messages", async () => {
    const invalid = await register.action(args("/register", { email: "x", password: "short", confirmPassword: "nope" }));
    expect(statusOf(invalid)).toBe(400);
    expect((invalid as { data: { errors: object } }).data.errors).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords do not match",
    });
  });

  it("does not confirm an address that has an account: 'check your email', no session, and the owner gets an email", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const form = { email: email.toUpperCase(), password: "another long passphrase", confirmPassword: "another long passphrase" };
    const taken = await register.action(args("/register", form, "192.0.2.50"));
    expect(statusOf(taken)).toBe(200);
    expect((taken as { data: object }).data).toEqual({ errors: undefined, email: email.toUpperCase(), sentTo: email.toUpperCase() });
    const sent = await bed.t.db
      .select({ subject: emailMessages.subject, body: emailMessages.body })
      .from(emailMessages)
      .where(and(eq(emailMessages.to, email), eq(emailMessages.kind, "sign-up-existing-account")));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("Someone tried to create an OpenHire account with this address");
    expect(sent[0]!.body).toMatch(/\/login\n[\s\S]*\/forgot-password\n/);
    // A weak password gets the same answer whether or not the address has an account.
    const weak = { password: "qwertzuiop", confirmPassword: "qwertzuiop" };
    const errorsOf = (result: unknown) => (result as { data: { errors: object } }).data.errors;
    expect(errorsOf(await register.action(args("/register", { email, ...weak }, "192.0.2.51")))).toEqual(
      errorsOf(await register.action(args("/register", { email: uniqueEmail(), ...weak }, "192.0.2.51"))),
    );
  });

  it("keeps the per-account sign-up limit for an address that has an account", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const form = { email, password: "another long passphrase", confirmPassword: "another long passphrase" };
    for (let i = 0; i < RATE_LIMITS.signUpAccount.limit; i++) {
      expect(statusOf(await register.action(args("/register", form, `192.0.2.${100 + i}`)))).toBe(200);
    }
    const limited = (await register.action(args("/register", form, "192.0.2.120"))) as { init: ResponseInit };
    expect(statusOf(limited)).toBe(429);
    expect(new Headers(limited.init.headers).get("Retry-After")).toMatch(/^\d+$/);
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
