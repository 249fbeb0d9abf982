import { describe, expect, it } from "vitest";
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

  it("answers 400 with the schema's messages, and 409 for an email that has an account", async () => {
    const invalid = await register.action(args("/register", { email: "x", password: "short", confirmPassword: "nope" }));
    expect(statusOf(invalid)).toBe(400);
    expect((invalid as { data: { errors: object } }).data.errors).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords do not match",
    });
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    const taken = await register.action(args("/register", { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }));
    expect(statusOf(taken)).toBe(409);
    expect((taken as { data: { errors: object } }).data.errors).toEqual({ email: "User already exists. Use another email." });
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
