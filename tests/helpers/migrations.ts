import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "~/server/platform/db.server";
import type { TestDatabase } from "./test-database";

/**
 * Migrates a database made with `{ migrate: false }` up to, not including, the migration whose tag
 * ends with `tagEnd`: a database as a deployment had it before that migration, to fill with the rows
 * the migration must carry over (then `db.migrate()` applies the rest).
 */
export async function migrateUpToBefore(db: TestDatabase, tagEnd: string): Promise<void> {
  const before = mkdtempSync(path.join(tmpdir(), "openhire-migrations-"));
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
    const target = journal.entries.find((entry) => entry.tag.endsWith(tagEnd));
    if (!target) throw new Error(`migrateUpToBefore: no migration ending with ${tagEnd}`);
    journal.entries = journal.entries.filter((entry) => entry.idx < target.idx);
    mkdirSync(path.join(before, "meta"));
    writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
    for (const entry of journal.entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    if (db.kind === "pglite") await migratePglite(db.db as never, { migrationsFolder: before });
    else await migrateNodePg(db.db as never, { migrationsFolder: before });
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
