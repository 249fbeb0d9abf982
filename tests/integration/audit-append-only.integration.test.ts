import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, companies } from "../../db/schema";
import { recordAudit } from "~/server/audit/audit.server";
import { createStaff } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

describe("the audit trail (decision 115)", () => {
  it("takes entries and refuses to change or delete them, but goes with its company", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    await recordAudit(t.db, { companyId: staff.companyId, actorId: staff.userId, action: "api_key.created", subjectType: "api_key", subjectId: "k1", data: { scope: "read" } });
    const [entry] = await t.db.select().from(auditEvents).where(eq(auditEvents.companyId, staff.companyId));
    expect(entry).toMatchObject({ actorId: staff.userId, action: "api_key.created", subjectId: "k1", data: { scope: "read" } });

    await expect(t.db.update(auditEvents).set({ action: "api_key.revoked" }).where(eq(auditEvents.id, entry!.id))).rejects.toThrow();
    await expect(t.db.delete(auditEvents).where(eq(auditEvents.id, entry!.id))).rejects.toThrow();
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.id, entry!.id))).toHaveLength(1);

    await t.db.delete(companies).where(eq(companies.id, staff.companyId));
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.companyId, staff.companyId))).toEqual([]);
  });
});
