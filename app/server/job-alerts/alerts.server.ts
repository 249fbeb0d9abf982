import { and, eq, isNull, sql } from "drizzle-orm";
import { jobAlerts } from "../../../db/schema";
import { describeJobAlert, type JobAlertSearch } from "~/lib/job-alert-search";
import type { JobAlertFrequency, JobAlertInput } from "~/schemas/job-alerts";
import { getCareersCompany } from "../job-board/queries.server";
import type { Mailer } from "../mail/mailer.server";
import { type Database, type Queryable, queryRows } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { verifyLinkToken } from "../platform/link-signing.server";
import { consumeRateLimit, RATE_LIMITS } from "../platform/rate-limit.server";
import { hashSecretToken, isSecretToken, newSecretToken } from "../platform/secret-token.server";
import { type AlertForEmail, alreadySubscribedEmail, confirmationEmail, UNSUBSCRIBE_PURPOSE } from "./emails.server";

/*
 * Job alerts (decision 111): a visitor's address and a search of the board or of a careers page.
 * Double opt-in: the alert exists unconfirmed until its emailed link is opened; only confirmed alerts
 * get digests (digest.server.ts), and unconfirmed ones are deleted after JOB_ALERT_CONFIRM_DAYS.
 * Alerts belong to no company's staff: a visitor's address and the link's token are all that name one.
 */

/** An unconfirmed alert's link works, and the alert is kept, this many days. */
export const JOB_ALERT_CONFIRM_DAYS = 3;

/** The time between two digests of an alert, as SQL on `job_alerts`. */
export const DIGEST_INTERVAL = sql`case when ${jobAlerts.frequency} = 'daily' then interval '1 day' else interval '7 days' end`;

export type AlertRow = typeof jobAlerts.$inferSelect;

/** An alert's search in the shape its description and links read. */
export function alertSearch(row: Pick<AlertRow, "q" | "type" | "remoteType" | "location" | "department">, companyName: string | null): JobAlertSearch {
  return { q: row.q, type: row.type, remote: row.remoteType, location: row.location, department: row.department, companyName };
}

export function forEmail(row: AlertRow, company: { name: string; slug: string | null } | null): AlertForEmail {
  const search = alertSearch(row, company?.name ?? null);
  return { id: row.id, email: row.email, frequency: row.frequency, search, description: describeJobAlert(search), companySlug: company?.slug ?? null };
}

/**
 * Asks for a job alert: stores it unconfirmed (or, asked again before confirming, renews its link and
 * frequency) and emails the confirmation link, in one transaction. An address that already has the
 * alert confirmed gets an email saying so and nothing changes, so the form's answer never tells
 * anyone which addresses have alerts. Rate limited per client and per address.
 * `companySlug` is the careers page's company; on the board it is the form's company filter.
 */
export async function subscribeToJobAlert(
  db: Database,
  mailer: Mailer,
  input: JobAlertInput,
  options: { clientIp: string; companySlug?: string },
): Promise<void> {
  await consumeRateLimit(db, RATE_LIMITS.jobAlert, options.clientIp);
  await consumeRateLimit(db, RATE_LIMITS.jobAlertEmail, input.email);
  const slug = options.companySlug ?? input.company;
  const company = slug ? await getCareersCompany(db, slug) : null;
  if (slug && !company) throw new DomainError("INVALID", "This company's careers page has moved. Open it again to ask for its job alerts.", { field: "email" });

  const token = newSecretToken();
  const ids = await db.transaction(async (tx) => {
    const [renewed] = await queryRows<{ id: string }>(
      tx,
      sql`insert into job_alerts (email, company_id, q, type, remote_type, location, department, frequency, confirm_token_hash)
          values (${input.email}, ${company?.id ?? null}, ${input.q}, ${input.type ?? null}, ${input.remote ?? null}, ${input.location},
            ${input.department}, ${input.frequency}, ${hashSecretToken(token)})
          on conflict on constraint job_alerts_search_key do update
            set frequency = excluded.frequency, confirm_token_hash = excluded.confirm_token_hash, created_at = now()
            where job_alerts.confirmed_at is null
          returning id`,
    );
    const [row] = await tx
      .select()
      .from(jobAlerts)
      .where(
        renewed
          ? eq(jobAlerts.id, renewed.id)
          : and(
              eq(jobAlerts.email, input.email),
              company ? eq(jobAlerts.companyId, company.id) : isNull(jobAlerts.companyId),
              eq(jobAlerts.q, input.q),
              input.type ? eq(jobAlerts.type, input.type) : isNull(jobAlerts.type),
              input.remote ? eq(jobAlerts.remoteType, input.remote) : isNull(jobAlerts.remoteType),
              eq(jobAlerts.location, input.location),
              eq(jobAlerts.department, input.department),
            ),
      );
    if (!row) throw new Error("A job alert was neither stored nor found");
    const alert = forEmail(row, company);
    return mailer.record([renewed ? confirmationEmail(alert, token) : alreadySubscribedEmail(alert)], tx);
  });
  mailer.deliver(ids);
}

/** What the confirmation and unsubscribe pages say about an alert. */
export interface AlertSummary {
  description: string;
  frequency: JobAlertFrequency;
}

async function summaryOf(db: Queryable, row: AlertRow): Promise<AlertSummary> {
  const [company] = row.companyId ? await queryRows<{ name: string }>(db, sql`select name from companies where id = ${row.companyId}`) : [];
  return { description: describeJobAlert(alertSearch(row, company?.name ?? null)), frequency: row.frequency };
}

/**
 * Confirms the alert whose link brought `token`: its digests start, with the jobs published from now
 * on. Opening the link again changes nothing. Null for an unknown or expired link.
 */
export async function confirmJobAlert(db: Database, token: string | null): Promise<AlertSummary | null> {
  if (!isSecretToken(token)) return null;
  const [row] = await db
    .update(jobAlerts)
    .set({
      confirmedAt: sql`coalesce(${jobAlerts.confirmedAt}, now())`,
      since: sql`case when ${jobAlerts.confirmedAt} is null then now() else ${jobAlerts.since} end`,
      nextDigestAt: sql`case when ${jobAlerts.confirmedAt} is null then now() + ${DIGEST_INTERVAL} else ${jobAlerts.nextDigestAt} end`,
    })
    .where(
      and(
        eq(jobAlerts.confirmTokenHash, hashSecretToken(token)),
        sql`(${jobAlerts.confirmedAt} is not null or ${jobAlerts.createdAt} > now() - make_interval(days => ${JOB_ALERT_CONFIRM_DAYS}))`,
      ),
    )
    .returning();
  return row ? summaryOf(db, row) : null;
}

/** The alert an unsubscribe link names, for the page that asks to confirm; null when it is gone or the link is not ours. */
export async function findAlertToUnsubscribe(db: Database, token: string | null): Promise<AlertSummary | null> {
  const id = verifyLinkToken(UNSUBSCRIBE_PURPOSE, token);
  if (!id) return null;
  const [row] = await db.select().from(jobAlerts).where(eq(jobAlerts.id, id));
  return row ? summaryOf(db, row) : null;
}

/**
 * Deletes the alert an unsubscribe link names (the page's button, or a mail provider's one-click
 * POST). Answers whether it still existed; unsubscribing twice is not an error. Null: not our link.
 */
export async function unsubscribeJobAlert(db: Database, token: string | null): Promise<{ removed: boolean } | null> {
  const id = verifyLinkToken(UNSUBSCRIBE_PURPOSE, token);
  if (!id) return null;
  const removed = await db.delete(jobAlerts).where(eq(jobAlerts.id, id)).returning({ id: jobAlerts.id });
  return { removed: removed.length > 0 };
}

/** Deletes the alerts nobody confirmed within JOB_ALERT_CONFIRM_DAYS; answers how many. */
export async function forgetUnconfirmedAlerts(db: Queryable): Promise<number> {
  const rows = await db
    .delete(jobAlerts)
    .where(and(isNull(jobAlerts.confirmedAt), sql`${jobAlerts.createdAt} <= now() - make_interval(days => ${JOB_ALERT_CONFIRM_DAYS})`))
    .returning({ id: jobAlerts.id });
  return rows.length;
}
