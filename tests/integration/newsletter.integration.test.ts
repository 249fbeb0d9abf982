import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "../../db/schema";
import * as blog from "~/routes/marketing/blog";
import * as resources from "~/routes/marketing/resources";
import { setAppDatabase } from "~/server/platform/db.server";
import { NEWSLETTER_RATE_LIMIT, subscribeToNewsletter } from "~/server/site/newsletter.server";
import { callAction } from "../helpers/route-test";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  setAppDatabase(t);
});
afterAll(async () => {
  setAppDatabase(undefined);
  await t.destroy();
});

/** Each subscription comes from an address of its own unless a test says otherwise. */
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

async function rowsFor(email: string) {
  return t.db
    .select({ email: newsletterSubscriptions.email, source: newsletterSubscriptions.source, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase()));
}

describe("subscribeToNewsletter", () => {
  it("stores the email, the source page and the time", async () => {
    const before = Date.now();
    const result = await subscribeToNewsletter(t.db, { email: "reader-one@example.test", source: "/blog" });
    expect(result).toEqual({ status: "subscribed" });
    const [row] = await rowsFor("reader-one@example.test");
    expect(row).toMatchObject({ email: "reader-one@example.test", source: "/blog" });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it("answers already-subscribed for the same email in another case, and keeps one row", async () => {
    await subscribeToNewsletter(t.db, { email: "Reader-Two@Example.test", source: "/resources" });
    const again = await subscribeToNewsletter(t.db, { email: "reader-two@example.TEST", source: "/blog" });
    expect(again).toEqual({ status: "already-subscribed" });
    const rows = await rowsFor("reader-two@example.test");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe("/resources");
  });
});

describe("the newsletter forms' actions", () => {
  it("the blog form stores the subscription with source /blog and confirms it", async () => {
    const answer = await callAction(blog.action, { path: "/blog", form: { intent: "newsletter", email: "  blog-reader@example.test " }, ip: nextIp() });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, status: "subscribed", email: "blog-reader@example.test" });
    expect(await rowsFor("blog-reader@example.test")).toMatchObject([{ source: "/blog" }]);
  });

  it("the resources form says so politely for a repeat", async () => {
    await callAction(resources.action, { path: "/resources", form: { intent: "newsletter", email: "repeat@example.test" }, ip: nextIp() });
    const answer = await callAction(resources.action, { path: "/resources", form: { intent: "newsletter", email: "REPEAT@example.test" }, ip: nextIp() });
    expect(answer.data).toMatchObject({ ok: true, status: "already-subscribed" });
    expect(await rowsFor("repeat@example.test")).toMatchObject([{ source: "/resources" }]);
  });

  it("rejects a missing or invalid email with status 400 and a clear message, storing nothing", async () => {
    const missing = await callAction(blog.action, { path: "/blog", form: { intent: "newsletter", email: "" }, ip: nextIp() });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ ok: false, errors: { email: "Email is required" } });
    const invalid = await callAction(blog.action, { path: "/blog", form: { intent: "newsletter", email: "not-an-email" }, ip: nextIp() });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      ok: false,
      errors: { email: "Please enter a valid email address, like name@company.com" },
      email: "not-an-email",
    });
    expect(await rowsFor("not-an-email")).toHaveLength(0);
  });

  it("limits how often one client can subscribe", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.limit; i++) {
      await callAction(blog.action, { path: "/blog", form: { intent: "newsletter", email: `burst-${i}@example.test` }, ip });
    }
    const refused = await callAction(blog.action, { path: "/blog", form: { intent: "newsletter", email: "one-too-many@example.test" }, ip });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, errors: { form: expect.stringMatching(/Too many attempts/) } });
    expect(await rowsFor("one-too-many@example.test")).toHaveLength(0);
  });
});
