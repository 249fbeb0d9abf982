import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { companies, jobAlerts } from "../../../db/schema";
import { z } from "~/schemas/zod";
import { listNewAlertJobs } from "../job-board/queries.server";
import { type Mailer, mailerFor, type OutgoingEmail } from "../mail/mailer.server";
import { type Database, queryRows } from "../platform/db.server";
import { defineTask } from "../queue/tasks.server";
import { DIGEST_INTERVAL, forEmail, forgetUnconfirmedAlerts } from "./alerts.server";
import { digestEmail } from "./emails.server";

/** Alerts one transaction handles: locked, their jobs read, their digests recorded and their marks moved together. */
export const DIGEST_BATCH = 100;

/**
 * A digest covers jobs published up to this long before its run: a job published in the last
 * moments may still be committing (its publication time is set before its transaction ends), so
 * it waits for the next digest rather than being missed by both.
 */
export const DIGEST_SETTLE_SECONDS = 60;

/**
 * Sends every due digest (decision 111), a batch of alerts at a time. For each confirmed alert whose
 * `next_digest_at` has passed: the jobs matching its search published since its mark, in one email
 * (nothing when there are none); then the mark moves to the end of what was read and the next digest
 * is a day or a week on. The email is recorded in the transaction that moves the mark, and alerts are
 * locked (`skip locked`) while they are read, so a digest is written once per period whatever runs
 * at the same time or again. Answers how many alerts were due and how many emails were recorded.
 */
export async function sendDueDigests(db: Database, mailer: Mailer, batch = DIGEST_BATCH): Promise<{ alerts: number; emails: number }> {
  let alerts = 0;
  let emails = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({ alert: jobAlerts, companyName: companies.name, companySlug: companies.slug })
        .from(jobAlerts)
        .leftJoin(companies, eq(companies.id, jobAlerts.companyId))
        .where(and(isNotNull(jobAlerts.confirmedAt), lte(jobAlerts.nextDigestAt, sql`now()`)))
        .orderBy(asc(jobAlerts.nextDigestAt))
        .limit(batch)
        .for("update", { of: jobAlerts, skipLocked: true });
      if (due.length === 0) return { due: 0, ids: [] as string[] };
      const [{ until } = { until: new Date() }] = await queryRows<{ until: Date | string }>(
        tx,
        sql`select now() - make_interval(secs => ${DIGEST_SETTLE_SECONDS}) as until`,
      );
      const untilDate = new Date(until);
      const messages: OutgoingEmail[] = [];
      const sent: string[] = [];
      for (const { alert, companyName, companySlug } of due) {
        const since = alert.since ?? alert.confirmedAt!;
        if (since >= untilDate) continue;
        const found = await listNewAlertJobs(tx, alert, since, untilDate);
        if (found.total === 0) continue;
        messages.push(digestEmail(forEmail(alert, alert.companyId ? { name: companyName ?? "", slug: companySlug } : null), found.jobs, found.total));
        sent.push(alert.id);
      }
      const ids = await mailer.record(messages, tx);
      await tx
        .update(jobAlerts)
        .set({
          since: sql`greatest(${jobAlerts.since}, ${untilDate.toISOString()}::timestamptz)`,
          // A day or a week after it was due, or from now when the app was down for longer.
          nextDigestAt: sql`case when ${jobAlerts.nextDigestAt} + ${DIGEST_INTERVAL} > now() then ${jobAlerts.nextDigestAt} + ${DIGEST_INTERVAL}
            else now() + ${DIGEST_INTERVAL} end`,
          lastSentAt: sent.length ? sql`case when ${inArray(jobAlerts.id, sent)} then now() else ${jobAlerts.lastSentAt} end` : undefined,
        })
        .where(inArray(jobAlerts.id, due.map((row) => row.alert.id)));
      return { due: due.length, ids };
    });
    mailer.deliver(done.ids);
    alerts += done.due;
    emails += done.ids.length;
    if (done.due < batch) return { alerts, emails };
  }
}

/** Each hour: forgets unconfirmed alerts past their link's life, then sends the digests that are due. */
export const jobAlertDigestTask = defineTask({
  name: "job-alert-digests",
  schema: z.object({}),
  cron: "0 * * * *",
  retryLimit: 0,
  expireInSeconds: 30 * 60,
  handler: async (_data, ctx) => {
    const forgotten = await forgetUnconfirmedAlerts(ctx.db);
    const sent = await sendDueDigests(ctx.db, mailerFor(ctx.db));
    return { forgotten, ...sent };
  },
});
