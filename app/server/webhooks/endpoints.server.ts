import { and, eq, sql } from "drizzle-orm";
import { user, webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus, type WebhookEndpointInput } from "~/schemas/webhooks";
import type { PageCursor } from "~/schemas/query";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { cursorAt, type KeysetPage, keysetPage, keysetQuery } from "../platform/keyset.server";
import type { AuditAction } from "~/schemas/audit";
import { type AuditedActor, type AuditEntry, recordAudit } from "../audit/audit.server";
import { type Actor, owned } from "../platform/tenancy.server";
import { webhookAddressProblem } from "./addresses.server";
import { deliverWebhookTask, newWebhookSecret } from "./delivery.server";

/**
 * A company's webhook endpoints and their delivery log, as Settings › Webhooks shows and changes
 * them (decision 113). Admins only (`company.manage`); every statement is scoped to the actor's company.
 */

export const DELIVERIES_PAGE_SIZE = 25;
/** Endpoints a company may have: enough for every integration, few enough to fan an event out cheaply. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

const notFound = () => new DomainError("NOT_FOUND", "Webhook endpoint not found");

export async function listWebhookEndpoints(db: Queryable, actor: Actor) {
  return db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      enabled: webhookEndpoints.enabled,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
      lastDelivery: sql<{ status: WebhookDeliveryStatus; responseStatus: number | null; at: string } | null>`(
        select jsonb_build_object('status', d.status, 'responseStatus', d.response_status, 'at', d.created_at)
        from ${webhookDeliveries} d where d.endpoint_id = webhook_endpoints.id
        order by d.created_at desc, d.id desc limit 1)`,
    })
    .from(webhookEndpoints)
    .where(owned(webhookEndpoints, actor))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function getWebhookEndpoint(db: Queryable, actor: Actor, id: string) {
  const [endpoint] = await db
    .select({ endpoint: webhookEndpoints, createdByName: user.name })
    .from(webhookEndpoints)
    .leftJoin(user, eq(user.id, webhookEndpoints.createdBy))
    .where(and(eq(webhookEndpoints.id, id), owned(webhookEndpoints, actor)));
  if (!endpoint) throw notFound();
  return { ...endpoint.endpoint, createdByName: endpoint.createdByName };
}

async function checkAddress(url: string) {
  const problem = await webhookAddressProblem(url);
  if (problem) throw new DomainError("INVALID", problem, { field: "url" });
}

/** Registers an endpoint with a new signing secret; answers its id. */
export async function createWebhookEndpoint(db: Database, actor: AuditedActor, input: WebhookEndpointInput): Promise<string> {
  await checkAddress(input.url);
  return db.transaction(async (tx) => {
    // Counted under a lock on the company's endpoints, so two admins adding at once cannot pass the limit together.
    const existing = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(owned(webhookEndpoints, actor)).for("update");
    if (existing.length >= MAX_WEBHOOK_ENDPOINTS) {
      throw new DomainError("CONFLICT", `A company can have ${MAX_WEBHOOK_ENDPOINTS} endpoints. Remove one you no longer use first.`, { field: "url" });
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ companyId: actor.companyId, url: input.url, description: input.description, events: input.events, secret: newWebhookSecret(), createdBy: actor.userId })
      .returning({ id: webhookEndpoints.id });
    await recordAudit(tx, endpointEntry(actor, "webhook.created", created!.id, { url: input.url, events: input.events }));
    return created!.id;
  });
}

export async function updateWebhookEndpoint(db: Database, actor: AuditedActor, id: string, input: WebhookEndpointInput): Promise<void> {
  // Another company's endpoint is not found before its new address is looked up.
  await getWebhookEndpoint(db, actor, id);
  await checkAddress(input.url);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookEndpoints)
      .set({ url: input.url, description: input.description, events: input.events })
      .where(and(eq(webhookEndpoints.id, id), owned(webhookEndpoints, actor)))
      .returning({ id: webhookEndpoints.id });
    if (updated.length === 0) throw notFound();
    await recordAudit(tx, endpointEntry(actor, "webhook.updated", id, { url: input.url, events: input.events }));
  });
}

/** Turns an endpoint off, or back on (which forgets its failures: the next delivery starts a new count). */
export async function setWebhookEndpointEnabled(db: Queryable, actor: Actor, id: string, enabled: boolean): Promise<void> {
  const updated = await db
    .update(webhookEndpoints)
    .set(enabled ? { enabled: true, disabledReason: null, consecutiveFailures: 0 } : { enabled: false, disabledReason: "Disabled by an admin." })
    .where(and(eq(webhookEndpoints.id, id), owned(webhookEndpoints, actor)))
    .returning({ id: webhookEndpoints.id });
  if (updated.length === 0) throw notFound();
}

/** A new signing secret: the old one stops working at once. */
export async function rollWebhookSecret(db: Database, actor: AuditedActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookEndpoints)
      .set({ secret: newWebhookSecret() })
      .where(and(eq(webhookEndpoints.id, id), owned(webhookEndpoints, actor)))
      .returning({ id: webhookEndpoints.id });
    if (updated.length === 0) throw notFound();
    await recordAudit(tx, endpointEntry(actor, "webhook.secret_rolled", id));
  });
}

/** Deletes an endpoint and its delivery log; deliveries still waiting find nothing to send. */
export async function deleteWebhookEndpoint(db: Database, actor: AuditedActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), owned(webhookEndpoints, actor)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (deleted.length === 0) throw notFound();
    // The endpoint is gone: the entry keeps its address, which the trail shows in its place.
    await recordAudit(tx, endpointEntry(actor, "webhook.deleted", id, { url: deleted[0]!.url }));
  });
}

/** An audit entry about one of the company's endpoints (decision 115). */
function endpointEntry(actor: AuditedActor, action: AuditAction, id: string, data?: Record<string, unknown>): AuditEntry {
  return { companyId: actor.companyId, actorId: actor.userId, action, subjectType: "webhook_endpoint", subjectId: id, data, ip: actor.ip };
}

export interface DeliveryRow {
  id: string;
  eventType: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  lastAttemptAt: Date | null;
  cursorAt: string;
}

/** An endpoint's delivery log, newest first, a keyset page at a time. */
export async function listWebhookDeliveries(db: Queryable, actor: Actor, endpointId: string, position: { after?: PageCursor; before?: PageCursor }): Promise<KeysetPage<DeliveryRow>> {
  return keysetPage(await webhookDeliveriesPageQuery(db, actor, endpointId, position), position, DELIVERIES_PAGE_SIZE);
}

/** The statement of one page of the log, read from its index in the page's order (decision 146). */
export function webhookDeliveriesPageQuery(db: Queryable, actor: Actor, endpointId: string, position: { after?: PageCursor; before?: PageCursor }) {
  const { where, orderBy, limit } = keysetQuery(webhookDeliveries.createdAt, webhookDeliveries.id, position, DELIVERIES_PAGE_SIZE);
  return db
    .select({
      id: webhookDeliveries.id,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      responseBody: webhookDeliveries.responseBody,
      durationMs: webhookDeliveries.durationMs,
      payload: webhookDeliveries.payload,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      cursorAt: cursorAt(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), owned(webhookDeliveries, actor), where))
    .orderBy(...orderBy)
    .limit(limit);
}

/**
 * Sends a delivery again, with the same `webhook-id` (the receiver may have dropped it, or wants it
 * again after a fix): it is pending until its new run answers, with the queue's retries.
 */
export async function resendWebhookDelivery(db: Database, actor: Actor, endpointId: string, deliveryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookDeliveries)
      .set({ status: "pending" })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), owned(webhookDeliveries, actor)))
      .returning({ id: webhookDeliveries.id });
    if (updated.length === 0) throw new DomainError("NOT_FOUND", "Delivery not found");
    await deliverWebhookTask.enqueue(tx, { deliveryId });
  });
}

/** Queues a `webhook.test` event for one endpoint, whatever it subscribes to, to try the receiver. */
export async function sendWebhookTest(db: Database, actor: Actor, endpointId: string): Promise<void> {
  const endpoint = await getWebhookEndpoint(db, actor, endpointId);
  await db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        companyId: actor.companyId,
        endpointId: endpoint.id,
        eventType: WEBHOOK_TEST_EVENT,
        payload: {
          type: WEBHOOK_TEST_EVENT,
          timestamp: new Date().toISOString(),
          data: { endpoint_id: endpoint.id, message: "A test event sent from Settings › Webhooks." },
        },
      })
      .returning({ id: webhookDeliveries.id });
    await deliverWebhookTask.enqueue(tx, { deliveryId: delivery!.id });
  });
}
