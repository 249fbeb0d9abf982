import { z } from "~/schemas/zod";
import { defineTask } from "../queue/tasks.server";
import { applicationEmailWorker } from "./candidate-emails.server";
import { mailerFor } from "./mailer.server";

// The outbox's two recurring passes. The fast path stays in process: a message is delivered right
// after the work that recorded it commits, and a new application's emails are written as soon as it
// is stored. These passes pick up what that missed (a failed delivery whose retry is due, what a
// stopped node left), once a minute across all app nodes rather than on every node. Both are
// idempotent: each message and each queued application is claimed before it is handled. A failed
// pass is not retried: the next minute's is its retry.

/** Delivers every message whose (re)try is due. */
export const emailRetryPass = defineTask({
  name: "email-retry-pass",
  schema: z.object({}),
  cron: "* * * * *",
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  handler: async (_data, { db }) => mailerFor(db).deliverDue(),
});

/** Writes the emails of applications stored but not yet written (the worker a new application kicks does this first). */
export const applicationEmailSweep = defineTask({
  name: "application-email-sweep",
  schema: z.object({}),
  cron: "* * * * *",
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  handler: async (_data, { db }) => {
    const worker = applicationEmailWorker(db, mailerFor(db));
    worker.kick();
    await worker.idle();
  },
});
