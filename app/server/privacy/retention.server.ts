import { type SQL, sql } from "drizzle-orm";
import { companies } from "../../../db/schema";
import type { RetentionSettingsInput } from "~/schemas/retention";
import { z } from "~/schemas/zod";
import { recordAudit, recordAudits } from "../audit/audit.server";
import { type Database, type Queryable, queryRows } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, ownCompany, ownedSql } from "../platform/tenancy.server";
import { forgetExpiredApplicationLinks } from "./candidate-page.server";
import { forgetOldWebhookDeliveries } from "../webhooks/delivery.server";
import { defineTask } from "../queue/tasks.server";
import { requireCompanyAdmin } from "../team/team.server";
import { anonymiseCandidates, removeFiles } from "./anonymise.server";

/**
 * Retention (issue 17, decision 117). A company keeps a candidate for its retention period after
 * their last application closed (rejected, withdrawn or hired), or after they were added when they
 * have no application; a candidate who asked to stay in the talent pool, for the talent pool's
 * period. A candidate with an application still open is kept. Once the time has passed, the daily
 * run anonymises them for real (anonymiseCandidates, as an erasure does), so the reports still count
 * their applications. Companies that set no period keep candidates until they are erased by hand.
 */

/** The daily run's time (UTC), which the settings' preview names as the day candidates go. */
export const RETENTION_RUN_HOUR = 2;
/** Candidates anonymised in one transaction. */
const BATCH = 200;

/**
 * The company's candidates whose time has passed at `at`, and when each went or goes: the SQL of a
 * select of `id` and `expires_at`, scoped by `scope` (the company's `ownedSql` condition on `c`).
 */
function expirySql(scope: SQL, at: Date | null, limit?: number): SQL {
  return sql`
    select c.id, x.expires_at from candidates c
    join companies co on co.id = c.company_id and co.retention_months is not null
    cross join lateral (
      select bool_or(a.status = 'active' and a.hired_on is null) as open,
             max(coalesce(a.rejected_at, a.hired_on::timestamptz, case when a.status = 'withdrawn' then a.updated_at end)) as closed_at,
             coalesce(bool_or(a.talent_pool_consent), false) as pool
      from applications a where a.candidate_id = c.id
    ) s
    cross join lateral (
      select coalesce(s.closed_at, c.created_at)
        + make_interval(months => case when s.pool then coalesce(co.talent_pool_retention_months, co.retention_months) else co.retention_months end)
        as expires_at
    ) x
    where ${scope} and not coalesce(s.open, false) and c.email not like '%@erased.invalid'
      ${at ? sql`and x.expires_at <= ${at.toISOString()}::timestamptz` : sql``}
    ${limit ? sql`limit ${limit}` : sql``}`;
}

/** The next daily run after `now`: the day Settings › Privacy says the next candidates go. */
export function nextRetentionRun(now = new Date()): Date {
  const run = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RETENTION_RUN_HOUR));
  if (run <= now) run.setUTCDate(run.getUTCDate() + 1);
  return run;
}

/** What Settings › Privacy shows of retention: the periods, and how many candidates the next run anonymises. */
export async function getRetentionSettings(db: Queryable, actor: Actor, now = new Date()) {
  const [company] = await db
    .select({ retentionMonths: companies.retentionMonths, talentPoolMonths: companies.talentPoolRetentionMonths })
    .from(companies)
    .where(ownCompany(actor));
  if (!company) throw new DomainError("NOT_FOUND", "Company not found");
  const nextRun = nextRetentionRun(now);
  let due = 0;
  if (company.retentionMonths !== null) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${expirySql(ownedSql("c", actor), nextRun)}) due`);
    due = row!.n;
  }
  return { ...company, nextRun: nextRun.toISOString(), due };
}

/** Saves the periods (admins only), with an audit entry when they change. */
export async function updateRetentionSettings(db: Database, actor: Actor, input: RetentionSettingsInput): Promise<void> {
  await requireCompanyAdmin(db, actor, "Only an admin of the company can change how long candidates are kept.");
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ retentionMonths: companies.retentionMonths, talentPoolMonths: companies.talentPoolRetentionMonths })
      .from(companies)
      .where(ownCompany(actor))
      .for("update");
    if (!before) throw new DomainError("NOT_FOUND", "Company not found");
    if (before.retentionMonths === input.retentionMonths && before.talentPoolMonths === input.talentPoolMonths) return;
    await tx
      .update(companies)
      .set({ retentionMonths: input.retentionMonths, talentPoolRetentionMonths: input.talentPoolMonths })
      .where(ownCompany(actor));
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "retention.changed",
      subjectType: "company",
      subjectId: actor.companyId,
      data: { before, after: { retentionMonths: input.retentionMonths, talentPoolMonths: input.talentPoolMonths } },
    });
  });
}

/**
 * Anonymises every candidate whose time has passed at `at`, company by company, `BATCH` a
 * transaction, each with its audit entry (no member: `via: "retention"`), then removes their files.
 * Reads across companies: the clock, not a session, acts. Answers how many it anonymised.
 */
export async function runRetention(db: Database, at = new Date()): Promise<number> {
  const companiesWithRetention = await db.select({ id: companies.id }).from(companies).where(sql`${companies.retentionMonths} is not null`);
  let total = 0;
  for (const company of companiesWithRetention) {
    const owner: Actor = { userId: "", companyId: company.id };
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const due = await queryRows<{ id: string }>(tx, expirySql(ownedSql("c", owner), at, BATCH));
        if (due.length === 0) return null;
        const result = await anonymiseCandidates(
          tx,
          owner,
          due.map((row) => row.id),
        );
        await recordAudits(
          tx,
          due.map((row) => ({
            companyId: company.id,
            actorId: null,
            action: "candidate.anonymised" as const,
            subjectType: "candidate" as const,
            subjectId: row.id,
            via: "retention" as const,
          })),
        );
        return { count: due.length, keys: result.storageKeys };
      });
      if (!done) break;
      await removeFiles(done.keys);
      total += done.count;
      if (done.count < BATCH) break;
    }
  }
  return total;
}

/** Each day at 02:00 UTC, across all app nodes once. */
export const retentionTask = defineTask({
  name: "retention-run",
  schema: z.object({}),
  cron: `0 ${RETENTION_RUN_HOUR} * * *`,
  retryLimit: 0,
  expireInSeconds: 60 * 60,
  // The same daily pass forgets the candidates' page links past their day (decision 119) and the
  // webhook deliveries past the delivery log's days (decision 124).
  handler: async (_data, { db }) => ({
    anonymised: await runRetention(db),
    linksForgotten: await forgetExpiredApplicationLinks(db),
    deliveriesForgotten: await forgetOldWebhookDeliveries(db),
  }),
});
