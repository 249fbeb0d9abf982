import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { WEBHOOK_LOG_DAYS } from "~/schemas/webhooks";
import { z } from "~/schemas/zod";
import { profiles, user, webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import { config } from "../platform/config.server";
import { type Database, type Queryable, queryRows } from "../platform/db.server";
import { acrossCompanies } from "../platform/tenancy.server";
import { defineTask } from "../queue/tasks.server";
import { EMAIL_SIGNATURE, mailerFor } from "../mail/mailer.server";
import { assertPublicHost, guardedLookup, WebhookAddressError } from "./addresses.server";
import { absoluteUrl } from "~/lib/absolute-url";

/*
 * Webhook deliveries (decision 113). An event's deliveries are rows written in the transaction of
 * the change (recordActivities), each with a run of the `webhook-deliver` task; the task POSTs the
 * signed payload and records the answer. A delivery that fails is retried by the queue with
 * exponential backoff; after the last retry it has failed for good, and an endpoint whose last
 * WEBHOOK_FAILURES_BEFORE_DISABLE deliveries all failed for good is disabled and its company's
 * admins are emailed. A delivery that succeeded is marked delivered as soon as the answer comes, and
 * a run that finds it delivered stops: each event reaches each endpoint once, across a restart (a
 * process killed between the receiver's answer and that mark sends it again, with the same
 * `webhook-id`, which receivers use to drop a repeat, as the specification says).
 */

/** Attempts after the first that fails: with 30 s doubling, the last is about one to two hours after the event. */
export const WEBHOOK_RETRIES = 8;
export const WEBHOOK_FAILURES_BEFORE_DISABLE = 10;
/** An endpoint has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer's body the delivery log keeps. */
const KEPT_BODY = 1024;
/** Deliveries deleted per statement, so that no one statement runs long on a large log. */
const FORGET_BATCH = 5_000;

/** A new signing secret, as the Standard Webhooks specification writes them: `whsec_` and base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

/**
 * The three headers of a signed message (Standard Webhooks): the signature is HMAC-SHA256, keyed by
 * the secret's bytes, of `id.timestamp.body`.
 */
export function webhookHeaders(secret: string, id: string, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": `v1,${signature}` };
}

/**
 * The end of the statement that records a company event (recordActivities): one delivery for each
 * enabled endpoint of the event's company that subscribes to its webhook event, answering their ids.
 * `source` is the events' rows (company_id, subject_type, subject_id, hook_type, hook_data).
 */
export function queueWebhookDeliveriesSql(source: SQL): SQL {
  return sql`
    insert into ${webhookDeliveries} (company_id, endpoint_id, event_type, payload)
    select e.company_id, e.id, r.hook_type,
      jsonb_build_object(
        'type', r.hook_type,
        'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        -- An application's candidate, unless the event knows it (one inserted by the same statement is not visible here).
        'data', r.hook_data || case when r.subject_type = 'application' and not r.hook_data ? 'candidate_id'
          then jsonb_build_object('candidate_id', (select a.candidate_id from applications a where a.id = r.subject_id))
          else '{}'::jsonb end
      )
    from ${source} r
    join ${webhookEndpoints} e on e.company_id = r.company_id and e.enabled and r.hook_type = any(e.events)
    where r.hook_type is not null
    returning id`;
}

/** Queues the runs of deliveries just recorded (on the transaction that recorded them, where there is one). */
export async function enqueueWebhookDeliveries(db: Queryable, deliveryIds: readonly string[]): Promise<void> {
  await deliverWebhookTask.enqueueMany(
    db,
    deliveryIds.map((deliveryId) => ({ deliveryId })),
  );
}

export interface WebhookAttempt {
  ok: boolean;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** The start of the answer's body, or what went wrong. */
  body: string;
  durationMs: number;
}

const agentOptions = { keepAlive: true, maxSockets: 64, lookup: guardedLookup };
const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

/** POSTs one signed message and answers what came back; never throws. Redirects are not followed. */
export function postWebhook(target: string, secret: string, id: string, body: string): Promise<WebhookAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (attempt: Omit<WebhookAttempt, "durationMs">) => {
      if (settled) return;
      settled = true;
      resolve({ ...attempt, durationMs: elapsed() });
    };
    let url: URL;
    try {
      url = new URL(target);
      assertPublicHost(url);
    } catch (error) {
      return finish({ ok: false, status: null, body: error instanceof WebhookAddressError ? error.message : "The address is not valid." });
    }
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method: "POST",
      agent: url.protocol === "https:" ? agents.https : agents.http,
      lookup: guardedLookup,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "OpenHire-Webhooks/1.0",
        ...webhookHeaders(secret, id, body),
      },
    });
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`)), WEBHOOK_TIMEOUT_MS);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on("data", (chunk: Buffer) => {
        if (kept < KEPT_BODY) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      response.on("end", () => {
        clearTimeout(timer);
        finish({ ok: status >= 200 && status < 300, status, body: Buffer.concat(chunks).toString("utf8").slice(0, KEPT_BODY) });
      });
      response.on("error", (error) => {
        clearTimeout(timer);
        finish({ ok: false, status, body: error.message });
      });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      finish({ ok: false, status: null, body: error instanceof WebhookAddressError ? error.message : `Could not connect: ${error.message}` });
    });
    request.end(body);
  });
}

const DeliveryData = z.object({ deliveryId: z.uuid() });

/** Delivers one event to one endpoint; the queue retries it while it fails. */
export const deliverWebhookTask = defineTask({
  name: "webhook-deliver",
  schema: DeliveryData,
  retryLimit: WEBHOOK_RETRIES,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 2 * 60,
  // Runs in flight on one node: the deliveries of a batch go out together.
  concurrency: 32,
  handler: async ({ deliveryId }, ctx) => {
    const [row] = await ctx.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    // Deleted with its endpoint, or delivered by an earlier run: nothing to do.
    if (!row || row.delivery.status === "delivered") return;
    const { delivery, endpoint } = row;
    if (!endpoint.enabled) {
      await ctx.transaction((tx) => recordAttempt(tx, deliveryId, { ok: false, status: null, body: "Not sent: the endpoint is disabled.", durationMs: 0 }, "failed"));
      return;
    }
    const attempt = await postWebhook(endpoint.url, endpoint.secret, delivery.id, JSON.stringify(delivery.payload));
    if (attempt.ok) {
      // Marked delivered at once, in one statement (a run that comes again finds it delivered and
      // stops); the queue then completes the batch's runs together. Forgets the endpoint's failures.
      await ctx.db.execute(sql`
        with delivered as (${recordAttemptSql(deliveryId, attempt, "delivered")})
        update ${webhookEndpoints} set consecutive_failures = 0
        where id = ${endpoint.id} and consecutive_failures > 0`);
      return;
    }
    const last = ctx.attempt > WEBHOOK_RETRIES;
    if (!last) {
      await recordAttempt(ctx.db, deliveryId, attempt, "pending");
      throw new Error(`Webhook ${deliveryId} to endpoint ${endpoint.id}: ${attempt.status ?? "no answer"}`);
    }
    const disabled = await ctx.transaction(async (tx) => {
      await recordAttempt(tx, deliveryId, attempt, "failed");
      const [counted] = await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning({ failures: webhookEndpoints.consecutiveFailures, enabled: webhookEndpoints.enabled });
      if (!counted || !counted.enabled || counted.failures < WEBHOOK_FAILURES_BEFORE_DISABLE) return false;
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: `The last ${counted.failures} deliveries failed after every retry.` })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return true;
    });
    if (disabled) await emailAdminsOfDisabled(ctx.db, endpoint.companyId, endpoint.id, endpoint.url);
  },
});

type DeliveryStatus = "pending" | "delivered" | "failed";

/** Records an attempt's outcome on its delivery. */
function recordAttemptSql(deliveryId: string, attempt: WebhookAttempt, status: DeliveryStatus): SQL {
  return sql`
    update ${webhookDeliveries}
    set status = ${status}, attempts = attempts + 1, response_status = ${attempt.status}, response_body = ${attempt.body},
        duration_ms = ${attempt.durationMs}, last_attempt_at = now(),
        delivered_at = case when ${status} = 'delivered' then now() else delivered_at end
    where id = ${deliveryId}`;
}

async function recordAttempt(db: Queryable, deliveryId: string, attempt: WebhookAttempt, status: DeliveryStatus) {
  await db.execute(recordAttemptSql(deliveryId, attempt, status));
}

/** Tells the company's admins that an endpoint was disabled, and where to turn it back on. */
async function emailAdminsOfDisabled(db: Database, companyId: string, endpointId: string, url: string) {
  const admins = await db
    .select({ email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(acrossCompanies(profiles, [companyId]), eq(profiles.role, "admin")));
  const mailer = mailerFor(db);
  await Promise.all(
    admins.map((admin) =>
      mailer.send({
        to: admin.email,
        kind: "webhook-disabled",
        companyId,
        subject: "A webhook endpoint was disabled",
        body:
          `Deliveries to ${url} kept failing, so OpenHire stopped sending events there.\n\n` +
          `See the delivery log, fix the endpoint, then enable it again (and resend what it missed):\n` +
          absoluteUrl(config.baseUrl, `/settings/webhooks/${endpointId}`) +
          EMAIL_SIGNATURE,
      }),
    ),
  );
}

/**
 * Deletes the deliveries made more than WEBHOOK_LOG_DAYS ago that are finished (delivered, or failed
 * for good), every company's, a batch at a time: the daily retention pass runs it (decision 124). A
 * delivery still being retried stays. Answers how many went.
 */
export async function forgetOldWebhookDeliveries(db: Queryable, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const [gone] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from webhook_deliveries where id in (
              select id from webhook_deliveries
              where created_at < ${before}::timestamptz and status <> 'pending' and ${acrossCompanies(webhookDeliveries)}
              limit ${FORGET_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    total += gone!.n;
    if (gone!.n < FORGET_BATCH) return total;
  }
}
