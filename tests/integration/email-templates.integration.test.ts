import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTemplates } from "../../db/schema";
import {
  createDefaultEmailTemplates,
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailTemplate,
  listEmailTemplates,
  updateEmailTemplate,
} from "~/server/mail/email-templates.server";
import { createStaff } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const input = { name: "Offer", subject: "Your offer for {{job_title}}", body: "Hi {{candidate_name}}" };

describe("email templates", () => {
  it("gives a new company the starter templates at sign-up, newest first, inside the caller's transaction", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const list = await listEmailTemplates(t.db, staff);
    expect(list.map((x) => x.name)).toEqual(["Application received", "Interview invitation", "Rejection"]);

    const { staff: other } = await createStaff(t.db, t.auth);
    await t.db.delete(emailTemplates).where(eq(emailTemplates.companyId, other.companyId));
    await expect(
      t.db.transaction(async (tx) => {
        await createDefaultEmailTemplates(tx, other);
        throw new Error("sign-up failed later");
      }),
    ).rejects.toThrow("sign-up failed later");
    expect(await listEmailTemplates(t.db, other)).toEqual([]);
  });

  it("creates, edits and deletes a template of the company", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { id } = await createEmailTemplate(t.db, staff, input);
    expect(await getEmailTemplate(t.db, staff, id)).toMatchObject(input);
    await updateEmailTemplate(t.db, staff, id, { ...input, name: "Offer letter" });
    expect((await getEmailTemplate(t.db, staff, id))!.name).toBe("Offer letter");
    await deleteEmailTemplate(t.db, staff, id);
    expect(await getEmailTemplate(t.db, staff, id)).toBeNull();
  });

  it("refuses another company's template everywhere", async () => {
    const { staff: owner } = await createStaff(t.db, t.auth);
    const { staff: intruder } = await createStaff(t.db, t.auth);
    const { id } = await createEmailTemplate(t.db, owner, input);
    expect(await getEmailTemplate(t.db, intruder, id)).toBeNull();
    expect((await listEmailTemplates(t.db, intruder)).map((x) => x.id)).not.toContain(id);
    await expect(updateEmailTemplate(t.db, intruder, id, { ...input, name: "Hacked" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteEmailTemplate(t.db, intruder, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteEmailTemplate(t.db, intruder, "nope")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [row] = await t.db.select({ name: emailTemplates.name }).from(emailTemplates).where(eq(emailTemplates.id, id));
    expect(row).toEqual({ name: "Offer" });
  });
});
