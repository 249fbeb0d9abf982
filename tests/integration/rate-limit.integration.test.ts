import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeRateLimit } from "~/server/platform/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const rule = { name: "test", limit: 3, windowSeconds: 60 };

describe("consumeRateLimit", () => {
  it("allows the limit, refuses the next with a retry time, and counts each client apart", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit(t.db, rule, "10.0.0.1");
    const refused = consumeRateLimit(t.db, rule, "10.0.0.1");
    await expect(refused).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await refused.catch((error) => {
      expect(error.details.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    });
    await expect(consumeRateLimit(t.db, rule, "10.0.0.2")).resolves.toBeUndefined();
  });

  it("starts a new window once the old one has passed", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit(t.db, rule, "10.0.0.3");
    await expect(consumeRateLimit(t.db, rule, "10.0.0.3")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await t.db.execute(sql`update rate_limits set window_start = now() - interval '61 seconds' where key = 'test:10.0.0.3'`);
    await expect(consumeRateLimit(t.db, rule, "10.0.0.3")).resolves.toBeUndefined();
  });
});
