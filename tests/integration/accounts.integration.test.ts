import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, companies, emailTemplates, profiles, session, user } from "../../db/schema";
import { DomainError } from "~/server/platform/errors.server";
import { ACCOUNT_EXISTS_MESSAGE, registerAccount, signUp } from "~/server/accounts/sign-up.server";
import { signIn, signOut } from "~/server/accounts/sign-in.server";
import { createStaff, TEST_PASSWORD, uniqueEmail } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const register = (email: string, password = TEST_PASSWORD) =>
  registerAccount(t.auth, { email, password, fullName: "Ada Lovelace", companyName: "Analytical Engines" }, new Headers());

async function rowsFor(email: string) {
  const [u] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!u) return { user: 0, accounts: 0, companies: 0, profiles: 0, sessions: 0 };
  const [[a], [c], [p], [s]] = await Promise.all([
    t.db.select({ n: count() }).from(account).where(eq(account.userId, u.id)),
    t.db.select({ n: count() }).from(companies).where(eq(companies.createdBy, u.id)),
    t.db.select({ n: count() }).from(profiles).where(eq(profiles.id, u.id)),
    t.db.select({ n: count() }).from(session).where(eq(session.userId, u.id)),
  ]);
  return { user: 1, accounts: a!.n, companies: c!.n, profiles: p!.n, sessions: s!.n };
}

describe("registerAccount", () => {
  it("creates the user, password, company (with its name), admin profile (with the full name: its owner) and a session together", async () => {
    const email = uniqueEmail();
    const result = await register(email);
    expect(result.cookies.join(";")).toContain("better-auth.session_token=");
    expect(await rowsFor(email)).toEqual({ user: 1, accounts: 1, companies: 1, profiles: 1, sessions: 1 });
    const [profile] = await t.db
      .select({ role: profiles.role, fullName: profiles.fullName, companyName: companies.name })
      .from(profiles)
      .innerJoin(companies, eq(companies.id, profiles.companyId))
      .where(eq(profiles.id, result.userId));
    expect(profile).toEqual({ role: "admin", fullName: "Ada Lovelace", companyName: "Analytical Engines" });
    const templates = await t.db
      .select({ name: emailTemplates.name })
      .from(emailTemplates)
      .innerJoin(profiles, eq(profiles.companyId, emailTemplates.companyId))
      .where(eq(profiles.id, result.userId));
    expect(templates.map((row) => row.name).sort()).toEqual(["Application received", "Interview invitation", "Rejection"]);
  });

  it("refuses a multi-line or over-long name or company name, and stores nothing", async () => {
    const email = uniqueEmail();
    const attempt = (names: { fullName: string; companyName?: string }) =>
      registerAccount(t.auth, { email, password: TEST_PASSWORD, ...names }, new Headers());
    await expect(attempt({ fullName: "Ada\nLovelace", companyName: "Acme" })).rejects.toMatchObject({ details: { field: "fullName" } });
    await expect(attempt({ fullName: "Ada", companyName: "x".repeat(101) })).rejects.toMatchObject({
      message: "Company name must be at most 100 characters",
      details: { field: "companyName" },
    });
    expect(await rowsFor(email)).toEqual({ user: 0, accounts: 0, companies: 0, profiles: 0, sessions: 0 });
  });

  it("signs up without the names, as the spec's form does: no full name and a company called My Company", async () => {
    const email = uniqueEmail();
    const { userId } = await registerAccount(t.auth, { email, password: TEST_PASSWORD, fullName: " ", companyName: "" }, new Headers());
    const [row] = await t.db
      .select({ fullName: profiles.fullName, companyName: companies.name })
      .from(profiles)
      .innerJoin(companies, eq(companies.id, profiles.companyId))
      .where(eq(profiles.id, userId));
    expect(row).toEqual({ fullName: null, companyName: "My Company" });
  });

  it("stores the names trimmed", async () => {
    const email = uniqueEmail();
    const { userId } = await registerAccount(t.auth, { email, password: TEST_PASSWORD, fullName: "  Grace Hopper ", companyName: " Navy  " }, new Headers());
    const [row] = await t.db
      .select({ fullName: profiles.fullName, companyName: companies.name })
      .from(profiles)
      .innerJoin(companies, eq(companies.id, profiles.companyId))
      .where(eq(profiles.id, userId));
    expect(row).toEqual({ fullName: "Grace Hopper", companyName: "Navy" });
  });

  it("stores the email in lower case and refuses a second account for it", async () => {
    const email = uniqueEmail("Mixed");
    await register(email);
    const again = register(email.toUpperCase());
    await expect(again).rejects.toBeInstanceOf(DomainError);
    await expect(again).rejects.toMatchObject({ code: "CONFLICT", message: ACCOUNT_EXISTS_MESSAGE, details: { field: "email" } });
    const [{ n }] = (await t.db.select({ n: count() }).from(user).where(eq(user.email, email.toLowerCase()))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("signUp: a new address gets its session; a registered one 'check your email', with nothing created", async () => {
    const email = uniqueEmail();
    const input = { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, fullName: "Ada Lovelace", companyName: "Analytical Engines" };
    const created = await signUp(t.auth, input, new Headers());
    expect(created).toMatchObject({ status: "created", userId: expect.any(String) });
    const again = await signUp(t.auth, { ...input, email: email.toUpperCase() }, new Headers());
    expect(again).toEqual({ status: "check-email" });
    expect(await rowsFor(email)).toMatchObject({ user: 1, companies: 1, sessions: 1 });
  });

  it("refuses a common password and stores nothing", async () => {
    const email = uniqueEmail();
    await expect(register(email, "Password123")).rejects.toMatchObject({ code: "INVALID", details: { field: "password" } });
    expect((await rowsFor(email)).user).toBe(0);
  });

  it("leaves no user, account, company or session behind when the profile cannot be written", async () => {
    await t.db.execute(sql`
      create or replace function refuse_profile() returns trigger language plpgsql as $$
      begin
        if new.id in (select id from "user" where email like 'doomed-%') then
          raise exception 'profile write refused for the test';
        end if;
        return new;
      end $$`);
    await t.db.execute(sql`create trigger refuse_profile before insert on profiles for each row execute function refuse_profile()`);
    try {
      const email = uniqueEmail("doomed");
      const companiesBefore = await t.db.select({ n: count() }).from(companies);
      await expect(register(email)).rejects.toThrow();
      expect(await rowsFor(email)).toEqual({ user: 0, accounts: 0, companies: 0, profiles: 0, sessions: 0 });
      expect(await t.db.select({ n: count() }).from(companies)).toEqual(companiesBefore);
    } finally {
      await t.db.execute(sql`drop trigger refuse_profile on profiles`);
    }
  });
});

describe("signIn and signOut", () => {
  it("signs in with the right password and refuses a wrong one with the service's message", async () => {
    const { email } = await createStaff(t.db, t.auth);
    const ok = await signIn(t.auth, { email, password: TEST_PASSWORD }, new Headers());
    expect(ok.cookies.join(";")).toContain("better-auth.session_token=");
    await expect(signIn(t.auth, { email, password: "not the password" }, new Headers())).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Invalid email or password",
    });
    await expect(signIn(t.auth, { email: uniqueEmail(), password: TEST_PASSWORD }, new Headers())).rejects.toMatchObject({
      message: "Invalid email or password",
    });
  });

  it("ends the session on sign-out so its cookie no longer works", async () => {
    const { cookie } = await createStaff(t.db, t.auth);
    const headers = new Headers({ cookie });
    expect(await t.auth.api.getSession({ headers })).not.toBeNull();
    const cleared = await signOut(t.auth, headers);
    expect(cleared.join(";")).toContain("better-auth.session_token=;");
    expect(await t.auth.api.getSession({ headers })).toBeNull();
  });
});
