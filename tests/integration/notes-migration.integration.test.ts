import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, queryRows } from "~/server/platform/db.server";
import { createTestDatabase } from "../helpers/test-database";

describe("the notes migration on a database with members (decision 098)", () => {
  it("starts each member's mention emails from their email notifications: on is at once, off is never", async () => {
    const db = await createTestDatabase({ migrate: false });
    const before = mkdtempSync(path.join(tmpdir(), "openhire-migrations-"));
    try {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
      const notes = journal.entries.find((entry) => entry.tag.endsWith("_notes_and_notifications"))!;
      journal.entries = journal.entries.filter((entry) => entry.idx < notes.idx);
      mkdirSync(path.join(before, "meta"));
      writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
      for (const entry of journal.entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
      if (db.kind === "pglite") await migratePglite(db.db as never, { migrationsFolder: before });
      else await migrateNodePg(db.db as never, { migrationsFolder: before });

      const [company] = await queryRows<{ id: string }>(db.db, sql`insert into companies (name) values ('A') returning id`);
      await db.db.execute(sql`insert into "user" (id, name, email) values ('on', 'On', 'on@example.test'), ('off', 'Off', 'off@example.test')`);
      await db.db.execute(sql`insert into profiles (id, company_id, email_notifications) values ('on', ${company!.id}, true), ('off', ${company!.id}, false)`);

      await db.migrate();
      expect(await queryRows(db.db, sql`select id, email_notifications, mention_emails from profiles order by id`)).toEqual([
        { id: "off", email_notifications: false, mention_emails: "never" },
        { id: "on", email_notifications: true, mention_emails: "immediate" },
      ]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await db.destroy();
    }
  });
});
