import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { applications, companies, emailTemplates, jobs, pipelineStages, profiles } from "../db/schema";
import { type Auth, createAuth } from "~/server/auth.server";
import type { Database } from "~/server/db.server";
import { createMailer, type Mailer, smtpTransport } from "~/server/email.server";
import { type Mailbox, startMailbox } from "./e2e/accounts-mailbox";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

export const LINK_BASE = "http://openhire.test";

export interface AccountsTestbed {
  t: TestDatabase;
  mailbox: Mailbox;
  mailer: Mailer;
  /** better-auth on the test database, mailing through the loopback SMTP server. */
  auth: Auth;
  destroy(): Promise<void>;
}

/** A fresh database, a loopback SMTP server, and an auth instance that mails to it. */
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

/** The Cookie header for a list of Set-Cookie headers. */
export const cookieFrom = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

/** A published job with an Applied stage and one application, inserted directly. */
export async function createApplicationRow(
  db: Database,
  companyId: string,
  overrides: { candidateName?: string; candidateEmail?: string; jobTitle?: string } = {},
) {
  const [job] = await db
    .insert(jobs)
    .values({ companyId, title: overrides.jobTitle ?? "Product Designer", description: "Design things.", status: "published", publishedAt: new Date() })
    .returning({ id: jobs.id });
  const [stage] = await db
    .insert(pipelineStages)
    .values({ companyId, jobId: job!.id, name: "Applied", order: 1 })
    .returning({ id: pipelineStages.id });
  const [application] = await db
    .insert(applications)
    .values({
      companyId,
      jobId: job!.id,
      candidateName: overrides.candidateName ?? "Ada Lovelace",
      candidateEmail: overrides.candidateEmail ?? `ada-${randomUUID().slice(0, 8)}@example.test`,
      currentPipelineStageId: stage!.id,
    })
    .returning();
  return { jobId: job!.id, stageId: stage!.id, application: application! };
}

export async function createTemplateRow(db: Database, companyId: string, values: { name: string; subject: string; body: string }) {
  const [template] = await db.insert(emailTemplates).values({ companyId, ...values }).returning({ id: emailTemplates.id });
  return template!;
}

export async function setCompanyName(db: Database, companyId: string, name: string) {
  await db.update(companies).set({ name }).where(eq(companies.id, companyId));
}

export async function setProfile(db: Database, userId: string, values: { fullName?: string | null; emailNotifications?: boolean }) {
  await db.update(profiles).set(values).where(eq(profiles.id, userId));
}
