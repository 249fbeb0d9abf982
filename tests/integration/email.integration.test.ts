import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../../db/schema";
import { createMailer, logTransport, MAX_ATTEMPTS, smtpTransport } from "~/server/mail/mailer.server";
import { type Mailbox, startMailbox } from "../e2e/accounts-mailbox";
import { uniqueEmail } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
let mailbox: Mailbox;
beforeAll(async () => {
  [t, mailbox] = await Promise.all([createTestDatabase(), startMailbox()]);
});
afterAll(async () => {
  await Promise.all([t.destroy(), mailbox.close()]);
});

async function row(id: string | null) {
  const [found] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, id!));
  return found!;
}

/** Makes a pending message due now, as if its backoff had passed. */
const makeDue = (id: string) =>
  t.db.update(emailMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(emailMessages.id, id));

describe("the mail service over SMTP", () => {
  it("delivers a message to the SMTP server and records it as sent", async () => {
    const mailer = createMailer(t.db, smtpTransport(mailbox.url), "OpenHire <no-reply@openhire.test>");
    const to = uniqueEmail("candidate");
    const id = await mailer.send({ to, subject: "Wir haben Ihre Bewerbung erhalten ✓", body: "Hallo Jürgen,\nhttps://example.test/a?b=c&d=e", kind: "test" });
    await mailer.idle();
    const received = await mailbox.waitFor(to);
    expect(received.subject).toBe("Wir haben Ihre Bewerbung erhalten ✓");
    expect(received.text).toContain("Hallo Jürgen,\nhttps://example.test/a?b=c&d=e");
    expect(received.from).toContain("no-reply@openhire.test");
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, error: null, to });
  });

  it("never throws when delivery fails: it records the error and a later pass delivers it", async () => {
    const mailer = createMailer(t.db, smtpTransport(mailbox.url));
    const to = uniqueEmail("retry");
    mailbox.refuseNext(1);
    const id = await mailer.send({ to, subject: "Try again", body: "Second time lucky", kind: "test" });
    await mailer.idle();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.error).toContain("Mailbox busy");
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Not due yet: a retry pass leaves it alone.
    expect(await mailer.deliverDue()).toBe(0);
    await makeDue(id!);
    expect(await mailer.deliverDue()).toBe(1);
    expect((await mailbox.waitFor(to)).text).toContain("Second time lucky");
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, error: null });
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    // Nothing listens on this port: every attempt fails.
    const mailer = createMailer(t.db, smtpTransport("smtp://127.0.0.1:9"));
    const id = await mailer.send({ to: uniqueEmail(), subject: "Lost", body: "…", kind: "test" });
    await mailer.idle();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(id!);
      await mailer.deliverDue();
    }
    const final = await row(id);
    expect(final).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(final.error).toBeTruthy();
    await makeDue(id!);
    expect(await mailer.deliverDue()).toBe(0);
  });

  it("sends a message's own headers, kept with it so a retry sends them too (decision 111)", async () => {
    const mailer = createMailer(t.db, smtpTransport(mailbox.url));
    const to = uniqueEmail("headers");
    const headers = { "List-Unsubscribe": "<https://example.test/job-alerts/unsubscribe?token=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    mailbox.refuseNext(1);
    const id = await mailer.send({ to, subject: "New jobs", body: "…", kind: "test", headers });
    await mailer.idle();
    expect(await row(id)).toMatchObject({ status: "pending", headers });
    await makeDue(id!);
    expect(await mailer.deliverDue()).toBe(1);
    const { raw } = await mailbox.waitFor(to);
    expect(raw).toContain("List-Unsubscribe: <https://example.test/job-alerts/unsubscribe?token=abc>");
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("blanks the stored body of a message with a sign-in link once it is delivered", async () => {
    const mailer = createMailer(t.db, smtpTransport(mailbox.url));
    const to = uniqueEmail();
    const id = await mailer.send({ to, subject: "Reset", body: "https://example.test/reset-password?token=secret", kind: "password-reset", sensitive: true });
    await mailer.idle();
    expect((await mailbox.waitFor(to)).text).toContain("token=secret");
    expect((await row(id)).body).not.toContain("secret");
  });
});

describe("the mail service without SMTP", () => {
  it("prints the message with its links to the log and records it as logged", async () => {
    const lines: string[] = [];
    const mailer = createMailer(t.db, logTransport((line) => lines.push(line)));
    const to = uniqueEmail();
    const id = await mailer.send({ to, subject: "Reset your password", body: "Open http://localhost:3000/reset-password?token=abc", kind: "test" });
    await mailer.idle();
    expect(lines.join("\n")).toContain(`To: ${to}`);
    expect(lines.join("\n")).toContain("http://localhost:3000/reset-password?token=abc");
    expect(await row(id)).toMatchObject({ status: "logged", attempts: 1 });
  });

  it("prints a message's own headers among its header lines", async () => {
    const lines: string[] = [];
    const mailer = createMailer(t.db, logTransport((line) => lines.push(line)));
    await mailer.send({ to: uniqueEmail(), subject: "New jobs", body: "…", kind: "test", headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });
    await mailer.idle();
    const printed = lines.join("\n").split("\n");
    const at = printed.indexOf("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(printed.indexOf("│"));
  });

  it("prints what a candidate typed so that it cannot pass for another email in the log", async () => {
    const lines: string[] = [];
    const mailer = createMailer(t.db, logTransport((line) => lines.push(line)));
    const forged = "\n──── Email (no SMTP_URL set: printed instead of sent) ────\nTo: boss@example.test\nSubject: Urgent\n\nWire the money";
    await mailer.send({ to: uniqueEmail(), subject: `New application\r\nTo: boss@example.test`, body: `Candidate: Jane${forged}`, kind: "test" });
    await mailer.idle();
    const printed = lines.join("\n").split("\n");
    expect(printed.filter((line) => line.startsWith("──── Email"))).toHaveLength(1);
    expect(printed.filter((line) => line.startsWith("To: "))).toHaveLength(1);
    expect(printed.filter((line) => line.startsWith("Subject: "))).toEqual(["Subject: New application\\u000d\\u000aTo: boss@example.test"]);
    expect(printed).toContain("│ To: boss@example.test");
  });

  it("answers null instead of throwing when the message cannot even be recorded", async () => {
    const mailer = createMailer(t.db, logTransport(() => {}));
    // A recipient longer than any mail system accepts still records; a NUL byte cannot be stored.
    await expect(mailer.send({ to: "a\u0000b@example.test", subject: "x", body: "x", kind: "test" })).resolves.toBeNull();
  });
});
