import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/server/platform/db.server";
import { migrateUpToBefore } from "../helpers/migrations";
import { createTestDatabase } from "../helpers/test-database";

describe("the notes migration on a database with members (decision 098)", () => {
  it("starts each member's mention emails from their email notifications: on is at once, off is never", async () => {
    const db = await createTestDatabase({ migrate: false });
    try {
      await migrateUpToBefore(db, "_notes_and_notifications");

      const [company] = await queryRows<{ id: string }>(db.db, sql`insert into companies (name) values ('A') returning id`);
      await db.db.execute(sql`insert into "user" (id, name, email) values ('on', 'On', 'on@example.test'), ('off', 'Off', 'off@example.test')`);
      await db.db.execute(sql`insert into profiles (id, company_id, email_notifications) values ('on', ${company!.id}, true), ('off', ${company!.id}, false)`);

      await db.migrate();
      expect(await queryRows(db.db, sql`select id, email_notifications, mention_emails from profiles order by id`)).toEqual([
        { id: "off", email_notifications: false, mention_emails: "never" },
        { id: "on", email_notifications: true, mention_emails: "immediate" },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
