import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, applications, companies, emailMessages, jobs, user } from "../../db/schema";
import { signIn } from "~/server/accounts/sign-in.server";
import { DEMO_EMAIL, isEmptyDatabase, seedDemo } from "~/server/boot/demo-seed.server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

describe("seedDemo", () => {
  it("gives a new database a living demo company and a working login", async () => {
    expect(await isEmptyDatabase(t.db)).toBe(true);
    const login = await seedDemo(t.db, t.auth);
    expect(await isEmptyDatabase(t.db)).toBe(false);

    const [company] = await t.db.select({ id: companies.id, name: companies.name }).from(companies);
    expect(company!.name).toBe("Acme Robotics");
    const [published] = await t.db.select({ n: count() }).from(jobs).where(eq(jobs.status, "published"));
    expect(published!.n).toBeGreaterThanOrEqual(3);
    const [received] = await t.db.select({ n: count() }).from(applications).where(eq(applications.companyId, company!.id));
    expect(received!.n).toBeGreaterThan(0);
    const [demo] = await t.db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, DEMO_EMAIL));
    expect(demo!.verified).toBe(true);
    const [credential] = await t.db
      .select({ hash: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, DEMO_EMAIL));
    expect(credential!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Nothing to confirm, so no confirmation email for the demo address.
    expect(await t.db.select({ id: emailMessages.id }).from(emailMessages).where(eq(emailMessages.to, DEMO_EMAIL))).toEqual([]);

    await expect(signIn(t.auth, { email: login.email, password: login.password }, new Headers())).resolves.toMatchObject({
      userId: expect.any(String),
    });
  });
});
