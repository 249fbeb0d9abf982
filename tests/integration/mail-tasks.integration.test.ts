import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationEmailQueue, emailMessages } from "../../db/schema";
import { applicationEmailSweep, emailRetryPass } from "~/server/mail/mail-tasks.server";
import { mailerFor } from "~/server/mail/mailer.server";
import { queryRows } from "~/server/platform/db.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import { applyTo, createStaff, createTestJob } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
let queue: Queue;

beforeAll(async () => {
  t = await createTestDatabase();
  queue = await startQueue(t, [emailRetryPass, applicationEmailSweep], { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await queue.stop();
  await mailerFor(t.db).idle();
  await t.destroy();
});

describe("the outbox's recurring tasks", () => {
  it("are scheduled every minute", async () => {
    const schedules = await queryRows<{ name: string; cron: string }>(t.db, sql`select name, cron from pgboss.schedule order by name`);
    expect(schedules).toEqual([
      { name: "application-email-sweep", cron: "* * * * *" },
      { name: "email-retry-pass", cron: "* * * * *" },
    ]);
  });

  it("the retry pass delivers a message whose delivery is due", async () => {
    // Recorded but never handed to the transport, as when a node stops between the two.
    const [id] = await mailerFor(t.db).record([{ to: "due@example.test", subject: "Due", body: "Due now", kind: "test" }], t.db);

    await emailRetryPass.enqueue(t.db, {});
    await queue.runDueTasks();

    const [message] = await t.db.select({ status: emailMessages.status }).from(emailMessages).where(eq(emailMessages.id, id!));
    // No SMTP server under the test runner: the log transport "delivers".
    expect(message).toEqual({ status: "logged" });
  });

  it("the sweep writes the emails of an application left in the application email queue", async () => {
    const owner = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, owner.staff, { title: "Sweep Engineer" });
    // Stored with its place in the queue; nothing kicked the in-process worker.
    const { id } = await applyTo(t.db, job.id, [], { candidate_email: "swept@example.test" });
    expect(await t.db.select().from(applicationEmailQueue).where(eq(applicationEmailQueue.applicationId, id))).toHaveLength(1);

    await applicationEmailSweep.enqueue(t.db, {});
    await queue.runDueTasks();

    expect(await t.db.select().from(applicationEmailQueue).where(eq(applicationEmailQueue.applicationId, id))).toEqual([]);
    const written = await t.db.select({ to: emailMessages.to }).from(emailMessages).where(eq(emailMessages.applicationId, id));
    expect(written).toEqual([{ to: "swept@example.test" }]);
  });
});
