/**
 * Webhook deliveries (issue 16, decision 113): at least 200 deliveries a second to a local receiver,
 * each event delivered once per endpoint across a server restart.
 *
 *   npm run build && npx tsx bench/webhooks.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_EVENTS=5000 npx tsx bench/webhooks.ts
 *
 * A fresh PostgreSQL database (`openhire_bench_webhooks`) with one company and two endpoints on a
 * local receiver that verifies every message's signature with the `standardwebhooks` library, as a
 * receiver should. The production server (`node server.js`, the build) runs the queue that delivers.
 *
 * 1. Throughput: BENCH_EVENTS company events (jobs closing, as the closing-date task records them)
 *    are recorded through recordActivities, in batches of 500 per transaction, while the server runs;
 *    the figure is deliveries taken by the receiver a second, from the first event's commit to the
 *    last delivery's arrival.
 * 2. Restart: as many events again; once a third of their deliveries have arrived the server gets
 *    SIGTERM (it finishes the deliveries in flight, then stops), and a new server takes over.
 *
 * Each phase checks every delivery arrived exactly once (by `webhook-id`), verified, and is marked
 * delivered in the database.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { recordActivities } from "~/server/activity/activity.server";
import { config } from "~/server/platform/config.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import { createWebhookEndpoint, getWebhookEndpoint } from "~/server/webhooks/endpoints.server";
import { createStaff, createTestJob } from "../tests/factories";
import { startServer, type ServerProcess } from "../tests/helpers/server-process";
import { startWebhookReceiver } from "../tests/helpers/webhook-receiver";
import { createAuth } from "~/server/accounts/auth.server";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const BATCH = 500;
const BUDGET_PER_SECOND = 200;
const NAME = "openhire_bench_webhooks";

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.query(`create database ${NAME}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${NAME}`;
const databaseUrl = url.toString();

const handle = await openDatabase({ url: databaseUrl, max: 4 });
await handle.migrate();
const { db } = handle;
const auth = createAuth(db, "bench-secret-bench-secret-bench-secret");
const { staff } = await createStaff(db, auth, { companyName: "Webhook Bench Inc" });
const job = await createTestJob(db, staff, { title: "Bench Engineer" });

// The receiver is on this machine: the bench allows private addresses, as its server does.
config.webhooksAllowPrivateNetworks = true;
const receiver = await startWebhookReceiver();
const endpoints: string[] = [];
for (const path of ["a", "b"]) {
  endpoints.push(await createWebhookEndpoint(db, staff, { url: `${receiver.url}/${path}`, description: `bench ${path}`, events: ["job.status_changed"] }));
}
// Both endpoints sign with their own secret; the receiver checks with the one of the path it was sent to.
const secrets = await Promise.all(endpoints.map(async (id) => (await getWebhookEndpoint(db, staff, id)).secret));
const secretByPath = new Map([
  ["/hooks/a", secrets[0]!],
  ["/hooks/b", secrets[1]!],
]);
receiver.setSecret((request) => secretByPath.get(request) ?? "");

const serverEnv = {
  DATABASE_URL: databaseUrl,
  BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "1",
};

/** Records `count` job events in transactions of BATCH, as the closing task does; answers when they have committed. */
async function recordEvents(count: number, label: string) {
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    await db.transaction((tx) =>
      recordActivities(
        tx,
        Array.from({ length: size }, (_, i) => ({
          companyId: staff.companyId,
          actorId: null,
          type: "job_status_changed" as const,
          subjectType: "job" as const,
          subjectId: job.id,
          data: { jobTitle: `${label} ${done + i}`, from: "published", to: "closed", reason: "closing date passed" },
        })),
      ),
    );
  }
}

async function untilReceived(count: number, server: () => ServerProcess) {
  const deadline = Date.now() + 10 * 60_000;
  while (receiver.received.length < count) {
    if (Date.now() > deadline) throw new Error(`Only ${receiver.received.length} of ${count} deliveries arrived in 10 minutes:\n${server().output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every delivery of the database arrived once, verified, and is marked delivered. */
async function check(label: string, expected: number) {
  // A repeat would come from a run not yet completed: wait until the queue holds none.
  while ((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where name = 'webhook-deliver' and state < 'completed'`))[0]!.n > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ids = receiver.received.map((message) => message.id);
  const unique = new Set(ids);
  const unverified = receiver.received.filter((message) => !message.verified).length;
  const [row] = await queryRows<{ total: number; delivered: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where status = 'delivered')::int as delivered from webhook_deliveries`,
  );
  const ok = ids.length === expected && unique.size === expected && unverified === 0 && row!.total === expected && row!.delivered === expected;
  console.log(
    `${label}: ${ids.length} received, ${unique.size} distinct, ${ids.length - unique.size} repeated, ${unverified} unverified; ` +
      `database: ${row!.delivered} of ${row!.total} delivered. ${ok ? "Each once." : "NOT EACH ONCE."}`,
  );
  return ok;
}

let server = await startServer(serverEnv);
await server.healthy();
console.log(`Server up (PostgreSQL ${NAME}); ${EVENTS} events to ${endpoints.length} endpoints = ${EVENTS * endpoints.length} deliveries a phase.`);

// 1. Throughput.
const started = performance.now();
await recordEvents(EVENTS, "throughput");
const recorded = performance.now();
await untilReceived(EVENTS * endpoints.length, () => server);
const seconds = (performance.now() - started) / 1000;
const perSecond = Math.round((EVENTS * endpoints.length) / seconds);
console.log(
  `Throughput: ${EVENTS * endpoints.length} deliveries in ${seconds.toFixed(1)} s = ${perSecond} a second ` +
    `(events recorded in ${((recorded - started) / 1000).toFixed(1)} s).`,
);
const firstOk = await check("Throughput", EVENTS * endpoints.length);

// 2. Restart in the middle of delivering.
receiver.received.length = 0;
await db.execute(sql`delete from webhook_deliveries`);
await recordEvents(EVENTS, "restart");
await untilReceived(Math.round((EVENTS * endpoints.length) / 3), () => server);
const stopping = performance.now();
const code = await server.stop("SIGTERM");
const atStop = receiver.received.length;
console.log(`SIGTERM after ${atStop} deliveries: the server finished what it had in flight and exited ${code} in ${Math.round(performance.now() - stopping)} ms.`);
server = await startServer(serverEnv);
await server.healthy();
await untilReceived(EVENTS * endpoints.length, () => server);
const secondOk = await check("Across the restart", EVENTS * endpoints.length);

await server.stop();
await receiver.close();
await handle.close();
const ok = perSecond >= BUDGET_PER_SECOND && firstOk && secondOk;
console.log(ok ? `Within budget (≥ ${BUDGET_PER_SECOND} a second, each once).` : "OVER BUDGET.");
process.exit(ok ? 0 : 1);
