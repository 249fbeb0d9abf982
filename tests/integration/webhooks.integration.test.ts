import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emailMessages, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { moveApplication, hireApplication } from "~/server/applications/pipeline.server";
import { config } from "~/server/platform/config.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import type { TaskContext } from "~/server/queue/tasks.server";
import { retentionTask } from "~/server/privacy/retention.server";
import { isPrivateAddress } from "~/server/webhooks/addresses.server";
import { deliverWebhookTask, postWebhook, WEBHOOK_FAILURES_BEFORE_DISABLE, WEBHOOK_RETRIES } from "~/server/webhooks/delivery.server";
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  resendWebhookDelivery,
  DELIVERIES_PAGE_SIZE,
  setWebhookEndpointEnabled,
  webhookDeliveriesPageQuery,
} from "~/server/webhooks/endpoints.server";
import { queryRows } from "~/server/platform/db.server";
import type { WebhookEvent } from "~/schemas/webhooks";
import * as webhooksRoute from "~/routes/staff/settings-webhooks";
import * as webhookRoute from "~/routes/staff/settings-webhook";
import { applyTo, createMember, createStaff, createTestJob, SAMPLE_FORM_SCHEMA, stagesOf } from "../factories";
import { planNodes } from "../helpers/query-plan";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";
import { seedInBulk } from "../helpers/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const app = setUpAppTestDatabase();
let queue: Queue;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // The receiver is on this machine: allowed here, as WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1 allows it.
  config.webhooksAllowPrivateNetworks = true;
  // Deliveries run only when a test asks (runDueTasks).
  queue = await startQueue(app.t, [deliverWebhookTask], { pollingIntervalSeconds: 3600 });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  config.webhooksAllowPrivateNetworks = false;
  await queue.stop();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

async function companyWithEndpoint(events: WebhookEvent[], url = receiver.url) {
  const owner = await createStaff(app.t.db, app.t.auth);
  const job = await createTestJob(app.t.db, owner.staff, { title: "Platform Engineer" });
  const endpointId = await createWebhookEndpoint(app.t.db, owner.staff, { url, description: "", events });
  const endpoint = await getWebhookEndpoint(app.t.db, owner.staff, endpointId);
  receiver.setSecret(endpoint.secret);
  return { owner, job, endpoint };
}

const deliveriesOf = (endpointId: string) => app.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe("webhook deliveries", () => {
  it("deliver a signed event once to each endpoint that subscribes to it, and to no other", async () => {
    const { owner, job, endpoint } = await companyWithEndpoint(["application.created", "application.stage_changed"]);
    const hiresOnly = await createWebhookEndpoint(app.t.db, owner.staff, { url: `${receiver.url}?hires`, description: "", events: ["candidate.hired"] });
    // Another company with an endpoint for the same event hears nothing of this one's.
    await companyWithEndpoint(["application.created"], `${receiver.url}?other`);
    receiver.setSecret(endpoint.secret);

    const application = await applyTo(app.t.db, job.id, SAMPLE_FORM_SCHEMA, { candidate_name: "Ada Lovelace" });
    await queue.runDueTasks();
    await queue.runDueTasks();

    expect(receiver.received).toHaveLength(1);
    const [message] = receiver.received;
    expect(message!.verified).toBe(true);
    expect(message!.headers["user-agent"]).toMatch(/^OpenHire-Webhooks/);
    expect(message!.payload).toMatchObject({
      type: "application.created",
      data: { application_id: application.id, job_id: job.id, job_title: "Platform Engineer", candidate_name: "Ada Lovelace", source: "applied" },
    });
    expect(message!.payload.data.candidate_id).toEqual(expect.any(String));
    expect(new Date(message!.payload.timestamp).toString()).not.toBe("Invalid Date");

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ id: message!.id, status: "delivered", attempts: 1, responseStatus: 200, responseBody: "ok" });
    expect(await deliveriesOf(hiresOnly)).toEqual([]);

    // A move: the stages before and after.
    const stages = await stagesOf(app.t.db, job.id);
    await moveApplication(app.t.db, owner.staff, application.id, stages[1]!.id);
    await queue.runDueTasks();
    expect(receiver.received.map((m) => m.payload.type)).toEqual(["application.created", "application.stage_changed"]);
    expect(receiver.received[1]!.payload.data).toMatchObject({
      application_id: application.id,
      from_stage: { id: stages[0]!.id, name: stages[0]!.name },
      to_stage: { id: stages[1]!.id, name: stages[1]!.name },
      actor_id: owner.staff.userId,
    });
    expect(receiver.received.every((m) => m.verified)).toBe(true);
  });

  it("retries a delivery the receiver answered with a 500, with the same id, until it is taken", async () => {
    const { owner, job, endpoint } = await companyWithEndpoint(["candidate.hired"]);
    const application = await applyTo(app.t.db, job.id, SAMPLE_FORM_SCHEMA);
    receiver.answerNext(500);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await hireApplication(app.t.db, owner.staff, application.id, "2026-11-27");
    await queue.runDueTasks();
    errors.mockRestore();

    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500, responseBody: "receiver says no" });
    const [task] = await app.t.db.execute<{ id: string; state: string }>(
      sql`select id, state from pgboss.job where name = ${deliverWebhookTask.name} and data->>'deliveryId' = ${failed!.id}`,
    ).then((result) => (result as unknown as { rows: { id: string; state: string }[] }).rows);
    expect(task!.state).toBe("retry");

    // The retry's time comes (moved forward rather than waited for).
    await app.t.db.execute(sql`update pgboss.job set start_after = now() where id = ${task!.id}`);
    await expect
      .poll(async () => {
        await queue.runDueTasks();
        return (await deliveriesOf(endpoint.id))[0]!.status;
      })
      .toBe("delivered");
    expect(receiver.received.map((m) => [m.id, m.payload.type, m.verified])).toEqual([
      [failed!.id, "candidate.hired", true],
      [failed!.id, "candidate.hired", true],
    ]);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ attempts: 2, responseStatus: 200 });
  });

  it("disables an endpoint whose deliveries keep failing for good, and emails the company's admins", async () => {
    const { owner, job, endpoint } = await companyWithEndpoint(["application.created"]);
    await app.t.db.update(webhookEndpoints).set({ consecutiveFailures: WEBHOOK_FAILURES_BEFORE_DISABLE - 1 }).where(eq(webhookEndpoints.id, endpoint.id));
    receiver.answerNext(503, 503);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await applyTo(app.t.db, job.id, SAMPLE_FORM_SCHEMA);
    await queue.runDueTasks();
    // Its last retry comes: the run has been retried as often as the task allows, and its time is now.
    await app.t.db.execute(
      sql`update pgboss.job set retry_count = ${WEBHOOK_RETRIES - 1}, start_after = now() where name = ${deliverWebhookTask.name} and state = 'retry'`,
    );
    await expect
      .poll(async () => {
        await queue.runDueTasks();
        return (await deliveriesOf(endpoint.id))[0]!.status;
      })
      .toBe("failed");
    errors.mockRestore();

    const [after] = await app.t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ enabled: false, consecutiveFailures: WEBHOOK_FAILURES_BEFORE_DISABLE });
    expect(after!.disabledReason).toContain("failed after every retry");
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: "failed", responseStatus: 503 });
    const emails = await app.t.db.select().from(emailMessages).where(and(eq(emailMessages.kind, "webhook-disabled"), eq(emailMessages.to, owner.email)));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.body).toContain(`/settings/webhooks/${endpoint.id}`);

    // Disabled: a new event makes no delivery for it. Enabled again: the next one goes, the count starts over.
    await applyTo(app.t.db, job.id, SAMPLE_FORM_SCHEMA);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    await setWebhookEndpointEnabled(app.t.db, owner.staff, endpoint.id, true);
    await applyTo(app.t.db, job.id, SAMPLE_FORM_SCHEMA);
    await queue.runDueTasks();
    expect(receiver.received.at(-1)!.payload.type).toBe("application.created");
    const [again] = await app.t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(again).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
  });

  it("resends a delivery with the same id, and only for the company that owns it", async () => {
    const { owner, job, endpoint } = await companyWithEndpoint(["application.created"]);
    await applyTo(app.t.db, job.id, SAMPLE_FORM_SCHEMA);
    await queue.runDueTasks();
    const [delivery] = await deliveriesOf(endpoint.id);

    const stranger = await createStaff(app.t.db, app.t.auth);
    await expect(resendWebhookDelivery(app.t.db, stranger.staff, endpoint.id, delivery!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getWebhookEndpoint(app.t.db, stranger.staff, endpoint.id)).rejects.toMatchObject({ code: "NOT_FOUND" });

    await resendWebhookDelivery(app.t.db, owner.staff, endpoint.id, delivery!.id);
    await queue.runDueTasks();
    expect(receiver.received.map((m) => m.id)).toEqual([delivery!.id, delivery!.id]);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });
});

describe("server-side request forgery", () => {
  beforeAll(() => {
    config.webhooksAllowPrivateNetworks = false;
  });
  afterAll(() => {
    config.webhooksAllowPrivateNetworks = true;
  });

  it("refuses loopback, private and link-local addresses when an endpoint is saved", async () => {
    const owner = await createStaff(app.t.db, app.t.auth);
    for (const url of [receiver.url, "http://localhost:8080/", "http://[::1]/hook", "http://169.254.169.254/latest/meta-data", "http://10.1.2.3/", "http://192.168.0.10/", "http://[::ffff:127.0.0.1]/"]) {
      await expect(createWebhookEndpoint(app.t.db, owner.staff, { url, description: "", events: ["application.created"] }), url).rejects.toMatchObject({
        code: "INVALID",
        details: { field: "url" },
      });
    }
    expect(await app.t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.createdBy, owner.staff.userId))).toEqual([]);
  });

  it("refuses to connect to a private address at delivery, also through a host name", async () => {
    for (const url of [receiver.url, receiver.url.replace("127.0.0.1", "localhost")]) {
      const attempt = await postWebhook(url, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_1", "{}");
      expect(attempt, url).toMatchObject({ ok: false, status: null });
      expect(attempt.body).toContain("private network");
    }
    expect(receiver.received).toEqual([]);
  });

  it("knows which addresses are not on the public internet", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:10.0.0.1", "not an ip"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "172.32.0.1"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe("Settings › Webhooks", () => {
  const form = (values: Record<string, string>, events: string[]) => {
    const body = new URLSearchParams(values);
    for (const event of events) body.append("events", event);
    return body;
  };

  it("adds an endpoint, shows its secret and log, sends a test event, resends it and deletes the endpoint: admins only", async () => {
    const { staff, cookie } = await createStaff(app.t.db, app.t.auth);
    const add = (values: Record<string, string>, events: string[]) =>
      callAction(webhooksRoute.action, { path: "/settings/webhooks", cookie, form: form({ intent: "add", ...values }, events) });

    const invalid = await add({ url: "ftp://example.test/hooks" }, []);
    expect(invalid).toMatchObject({
      status: 400,
      data: { form: "webhook", errors: { url: "Enter a full http:// or https:// address, without a user name or password.", events: "Choose at least one event." } },
    });
    expect((await add({ url: receiver.url }, ["nonsense.event"])).data).toMatchObject({ errors: { events: expect.any(String) } });

    const added = await add({ url: receiver.url, description: "HRIS sync" }, ["candidate.hired", "application.created"]);
    expect(added.status).toBe(302);
    const page = added.response!.headers.get("location")!;
    const endpointId = page.split("/").at(-1)!;
    expect(page).toBe(`/settings/webhooks/${endpointId}`);

    const list = await callLoader(webhooksRoute.loader, { path: "/settings/webhooks", cookie });
    expect(list.data.endpoints).toEqual([
      expect.objectContaining({ id: endpointId, url: receiver.url, description: "HRIS sync", events: ["application.created", "candidate.hired"], enabled: true, lastDelivery: null }),
    ]);
    const shown = await callLoader(webhookRoute.loader, { path: page, cookie, params: { endpointId } });
    expect(shown.data.endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(shown.data.deliveries).toEqual([]);
    receiver.setSecret(shown.data.endpoint.secret);

    const post = (values: Record<string, string>) => callAction(webhookRoute.action, { path: page, cookie, params: { endpointId }, form: values });
    expect((await post({ intent: "test" })).status).toBe(302);
    await queue.runDueTasks();
    expect(receiver.received.map((m) => [m.payload.type, m.verified])).toEqual([["webhook.test", true]]);
    const log = (await callLoader(webhookRoute.loader, { path: page, cookie, params: { endpointId } })).data.deliveries;
    expect(log).toEqual([expect.objectContaining({ eventType: "webhook.test", status: "delivered", responseStatus: 200, attempts: 1 })]);
    expect(JSON.parse(log[0]!.payload)).toMatchObject({ type: "webhook.test", data: { endpoint_id: endpointId } });
    // The list shows each endpoint's last delivery.
    expect((await callLoader(webhooksRoute.loader, { path: "/settings/webhooks", cookie })).data.endpoints[0]!.lastDelivery).toMatchObject({
      status: "delivered",
      responseStatus: 200,
    });

    expect((await post({ intent: "resend", deliveryId: log[0]!.id })).status).toBe(302);
    await queue.runDueTasks();
    expect(receiver.received.map((m) => m.id)).toEqual([log[0]!.id, log[0]!.id]);
    expect((await post({ intent: "resend", deliveryId: "nope" })).status).toBe(404);

    // A new secret: the receiver holding the old one refuses what is signed with the new.
    expect((await post({ intent: "roll-secret" })).status).toBe(302);
    expect((await getWebhookEndpoint(app.t.db, staff, endpointId)).secret).not.toBe(shown.data.endpoint.secret);
    await post({ intent: "test" });
    await queue.runDueTasks();
    expect(receiver.received.at(-1)!.verified).toBe(false);

    const recruiter = await createMember(app.t.db, app.t.auth, staff, "recruiter");
    expect((await callLoader(webhooksRoute.loader, { path: "/settings/webhooks", cookie: recruiter.cookie })).status).toBe(403);
    expect((await callAction(webhookRoute.action, { path: page, cookie: recruiter.cookie, params: { endpointId }, form: { intent: "delete" } })).status).toBe(403);

    const deleted = await post({ intent: "delete" });
    expect(deleted.response!.headers.get("location")).toBe("/settings/webhooks");
    expect(await app.t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId))).toEqual([]);
    expect(await deliveriesOf(endpointId)).toEqual([]);
  });

  it("says on the address field that a private address is refused", async () => {
    config.webhooksAllowPrivateNetworks = false;
    try {
      const { cookie } = await createStaff(app.t.db, app.t.auth);
      const answer = await callAction(webhooksRoute.action, { path: "/settings/webhooks", cookie, form: form({ intent: "add", url: "http://127.0.0.1:5432/" }, ["application.created"]) });
      expect(answer).toMatchObject({
        status: 400,
        data: { errors: { url: "This address is on a private network or this server itself; webhooks go only to public internet addresses." }, values: { url: "http://127.0.0.1:5432/" } },
      });
    } finally {
      config.webhooksAllowPrivateNetworks = true;
    }
  });
});

describe("the delivery log", () => {
  it("is kept for 30 days: the daily retention pass deletes older finished deliveries, every company's, in batches, and keeps one still being retried", async () => {
    const { endpoint, owner } = await companyWithEndpoint(["application.created"]);
    const other = await companyWithEndpoint(["application.created"], `${receiver.url}?other`);
    const otherCompany = other.owner.staff.companyId;
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000);
    const delivery = (endpointId: string, companyId: string, status: "pending" | "delivered" | "failed", createdAt: Date) => ({
      endpointId,
      companyId,
      eventType: "application.created",
      payload: {},
      status,
      createdAt,
    });
    const company = owner.staff.companyId;
    await app.t.db.insert(webhookDeliveries).values([
      delivery(endpoint.id, company, "delivered", daysAgo(31)),
      delivery(endpoint.id, company, "failed", daysAgo(31)),
      delivery(endpoint.id, company, "pending", daysAgo(31)),
      delivery(endpoint.id, company, "delivered", daysAgo(29)),
      delivery(other.endpoint.id, otherCompany, "delivered", daysAgo(40)),
    ]);
    // More than one batch of old ones.
    await app.t.db.execute(sql`insert into webhook_deliveries (endpoint_id, company_id, event_type, payload, status, created_at)
      select ${other.endpoint.id}, ${otherCompany}, 'application.created', '{}'::jsonb, 'delivered', now() - interval '35 days' from generate_series(1, 5001)`);

    const outcome = await retentionTask.definition.handler({}, { db: app.t.db } as TaskContext);
    expect(outcome).toMatchObject({ deliveriesForgotten: 5004 });
    const left = await deliveriesOf(endpoint.id);
    expect(left.map((row) => row.status).sort()).toEqual(["delivered", "pending"]);
    expect(await deliveriesOf(other.endpoint.id)).toEqual([]);
  });

  it("reads a page from the endpoint's index in the page's order, never sorting the whole log (decision 146)", async () => {
    const { endpoint, owner } = await companyWithEndpoint(["application.created"]);
    await seedInBulk(
      app.t.db,
      sql`insert into webhook_deliveries (endpoint_id, company_id, event_type, payload, status, created_at)
          select ${endpoint.id}, ${owner.staff.companyId}, 'application.created', '{}'::jsonb, 'delivered', now() - g * interval '1 minute'
          from generate_series(1, 3000) g`,
    );
    await app.t.db.execute(sql`analyze webhook_deliveries`);
    const [middle] = await queryRows<{ at: string; id: string }>(
      app.t.db,
      sql`select (extract(epoch from created_at) * 1000000)::bigint::text as at, id from webhook_deliveries where endpoint_id = ${endpoint.id} order by created_at desc, id desc offset 1500 limit 1`,
    );
    for (const position of [{}, { after: middle! }, { before: middle! }]) {
      const nodes = await planNodes(app.t.db, webhookDeliveriesPageQuery(app.t.db, owner.staff, endpoint.id, position));
      // With the index in `desc nulls last`, each page sorted all 3,000.
      expect(nodes.some((node) => node.type.includes("Sort")), JSON.stringify(position)).toBe(false);
      const scans = nodes.filter((node) => node.relation === "webhook_deliveries");
      expect(scans.map((scan) => scan.index)).toEqual(["webhook_deliveries_endpoint_created_idx"]);
      expect(scans[0]!.rows).toBeLessThanOrEqual(DELIVERIES_PAGE_SIZE + 1);
    }
  });
});

