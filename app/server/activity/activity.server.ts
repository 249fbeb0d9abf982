import { sql } from "drizzle-orm";
import type { ActivityEventInput } from "./activity-types";
import { activityEvents } from "../../../db/schema";
import { type Queryable, queryRows } from "../platform/db.server";
import { webhookEventOf } from "../webhooks/events.server";
import { enqueueWebhookDeliveries, queueWebhookDeliveriesSql } from "../webhooks/delivery.server";

// The events' types live apart, so the webhooks' map of them (webhooks/events.server.ts) needs nothing of this module.
export type { ActivityData, ActivityEventInput, ActivityType } from "./activity-types";

/**
 * Records one company event. Call it with the transaction that makes the change it
 * describes, so the event exists exactly when the change does (and so do its webhook deliveries).
 */
export async function recordActivity(tx: Queryable, event: ActivityEventInput): Promise<void> {
  await recordActivities(tx, [event]);
}

/**
 * recordActivity for many events at once (an import's applications): one statement, the events
 * passed as one jsonb parameter whatever their number. The same statement queues each event for the
 * company's enabled webhook endpoints that subscribe to it (decision 113), so a company without
 * endpoints pays nothing more than the insert; the deliveries' tasks commit with the change.
 */
export async function recordActivities(tx: Queryable, events: readonly ActivityEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => {
    const hook = webhookEventOf(event);
    return {
      company_id: event.companyId,
      actor_id: event.actorId,
      type: event.type,
      subject_type: event.subjectType,
      subject_id: event.subjectId,
      data: event.data,
      hook_type: hook?.type ?? null,
      hook_data: hook?.data ?? null,
    };
  });
  const deliveries = await queryRows<{ id: string }>(
    tx,
    sql`
      with r as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(company_id uuid, actor_id text, type text, subject_type text, subject_id uuid, data jsonb, hook_type text, hook_data jsonb)
      ),
      events as (
        insert into ${activityEvents} (company_id, actor_id, type, subject_type, subject_id, data)
        select r.company_id, r.actor_id, r.type, r.subject_type, r.subject_id, r.data from r
      )
      ${queueWebhookDeliveriesSql(sql`r`)}`,
  );
  await enqueueWebhookDeliveries(
    tx,
    deliveries.map((delivery) => delivery.id),
  );
}
