import { randomBytes } from "node:crypto";
import pg from "pg";
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { createAuth, type Auth } from "~/server/accounts/auth.server";
import { type DatabaseHandle, openDatabase } from "~/server/platform/db.server";
import { createMailer, type Mailer, smtpTransport } from "~/server/mail/mailer.server";
import { type Mailbox, startMailbox } from "../e2e/accounts-mailbox";

export interface TestDatabase extends DatabaseHandle {
  auth: Auth;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/**
 * A freshly migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL. `{ migrate: false }` leaves it empty (migration tests).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: "memory://" });
    if (migrate) await handle.migrate();
    return { ...handle, auth: createAuth(handle.db, "test-secret-test-secret-test-secret"), destroy: handle.close };
  }
  const name = `openhire_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), max: 4 });
  if (migrate) await handle.migrate();
  return {
    ...handle,
    auth: createAuth(handle.db, "test-secret-test-secret-test-secret"),
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The address links in the test bed's emails start with. */
/**
 * Runs a test's bulk seed (thousands of rows, each firing the tables' triggers) without the app's
 * statement timeout: on PostgreSQL beside other test files on two cores it can take longer than the
 * 5 s a page's statement may (`STATEMENT_TIMEOUT_MS`). What the test then times is the app's own reads.
 */
export async function seedInBulk(db: DatabaseHandle["db"], statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(statement);
  });
}

export const LINK_BASE = "http://openhire.test";

export interface AccountsTestbed {
  t: TestDatabase;
  mailbox: Mailbox;
  mailer: Mailer;
  /** better-auth on the test database, mailing through the loopback SMTP server. */
  auth: Auth;
  destroy(): Promise<void>;
}

/** A fresh test database (as above), a loopback SMTP server, and an auth instance that mails to it. */
export async function createAccountsTestbed(): Promise<AccountsTestbed> {
  const [t, mailbox] = await Promise.all([createTestDatabase(), startMailbox()]);
  const mailer = createMailer(t.db, smtpTransport(mailbox.url), "OpenHire <no-reply@openhire.test>");
  const auth = createAuth(t.db, "test-secret-test-secret-test-secret", { mailer, linkBaseUrl: LINK_BASE });
  return {
    t,
    mailbox,
    mailer,
    auth,
    async destroy() {
      await mailer.idle();
      await Promise.all([t.destroy(), mailbox.close()]);
    },
  };
}
