import net from "node:net";
import { sql } from "drizzle-orm";
import {
  classifyLatency,
  PROBE_TIMEOUT_MS,
  SERVICES,
  type ServiceCheck,
  type ServiceKey,
  type ServiceStatus,
  statusHeadline,
  worstStatus,
} from "~/content/services";
import { appAuth } from "../auth.server";
import type { Database } from "../db.server";

/**
 * One measurement. A probe resolves with a latency it measured (or null when there is nothing
 * to time) and an optional note, or throws when the service does not work.
 */
export type Probe = () => Promise<{ latencyMs: number | null; note?: string }>;

export interface SystemStatus {
  status: ServiceStatus;
  headline: string;
  checkedAt: string;
  services: ServiceCheck[];
}

interface Incident {
  reason: string;
  at: Date;
}

/** The last incident seen per service by this server process. */
const lastIncidents = new Map<ServiceKey, Incident>();

export function resetIncidents() {
  lastIncidents.clear();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms}ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 10) / 10;
}

function describeIncident(incident: Incident | undefined, now: Date): string {
  if (!incident) return "No incidents";
  const minutes = Math.round((now.getTime() - incident.at.getTime()) / 60_000);
  const when = minutes < 1 ? "just now" : minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
  return `${incident.reason} (${when})`;
}

/** Runs every probe at once, classifies the results and records incidents. */
export async function runStatusChecks(
  probes: Record<ServiceKey, Probe>,
  { now = () => new Date(), timeoutMs = PROBE_TIMEOUT_MS }: { now?: () => Date; timeoutMs?: number } = {},
): Promise<SystemStatus> {
  const keys = Object.keys(SERVICES) as ServiceKey[];
  // The API's event-loop probe runs alone first: PGlite works on the same thread, so measuring it
  // while the database probes run would count their work as the API's delay.
  const settle = (key: ServiceKey) =>
    withTimeout(probes[key](), timeoutMs).then(
      (value): PromiseSettledResult<Awaited<ReturnType<Probe>>> => ({ status: "fulfilled", value }),
      (reason: unknown): PromiseSettledResult<Awaited<ReturnType<Probe>>> => ({ status: "rejected", reason }),
    );
  const apiResult = await settle("api");
  const rest = await Promise.all(keys.filter((key) => key !== "api").map(settle));
  const results = keys.map((key) => (key === "api" ? apiResult : rest.shift()!));
  const checkedAt = now();
  const services = keys.map((key, index): ServiceCheck => {
    const definition = SERVICES[key];
    const result = results[index]!;
    let status: ServiceStatus;
    let latencyMs: number | null = null;
    let note: string | undefined;
    if (result.status === "rejected") {
      status = "outage";
      console.error(`Status check: ${definition.name} failed:`, result.reason);
      lastIncidents.set(key, { reason: "Service unavailable", at: checkedAt });
    } else {
      latencyMs = result.value.latencyMs;
      note = result.value.note;
      status = latencyMs === null ? "operational" : classifyLatency(latencyMs, definition);
      if (status === "degraded") lastIncidents.set(key, { reason: "Performance degradation", at: checkedAt });
    }
    return {
      key,
      name: definition.name,
      status,
      latencyMs,
      lastIncident: describeIncident(lastIncidents.get(key), checkedAt),
      ...(note ? { note } : {}),
    };
  });
  const status = worstStatus(services.map((service) => service.status));
  return { status, headline: statusHeadline(status), checkedAt: checkedAt.toISOString(), services };
}

/** How long the event loop takes to come back to us: the API's own responsiveness. */
function eventLoopDelay(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => setImmediate(() => resolve(Math.round((performance.now() - started) * 10) / 10)));
}

function connectTcp(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.end();
      resolve();
    });
    socket.once("error", reject);
  });
}

function isAuthReady(): boolean {
  try {
    appAuth();
    return true;
  } catch {
    return false;
  }
}

/** The probes of the running system. */
export function liveProbes(
  db: Database,
  { smtpUrl = process.env.SMTP_URL, authReady = isAuthReady }: { smtpUrl?: string; authReady?: () => boolean } = {},
): Record<ServiceKey, Probe> {
  return {
    api: async () => ({ latencyMs: await eventLoopDelay() }),
    database: async () => ({ latencyMs: await timed(() => db.execute(sql`select 1`)) }),
    auth: async () => {
      if (!authReady()) throw new Error("Authentication is not set up");
      return { latencyMs: await timed(() => db.execute(sql`select count(*) from "session" where expires_at > now()`)) };
    },
    search: async () => ({
      latencyMs: await timed(() =>
        db.execute(sql`
          select id from jobs
          where status = 'published'
            and (title ilike ${"%engineer%"} or description ilike ${"%engineer%"} or location ilike ${"%engineer%"})
          order by published_at desc nulls last
          limit 20`),
      ),
    }),
    email: async () => {
      if (!smtpUrl) return { latencyMs: null, note: "Log transport: messages are written to the server log" };
      const url = new URL(smtpUrl);
      const port = Number(url.port || (url.protocol === "smtps:" ? 465 : 587));
      return { latencyMs: await timed(() => connectTcp(url.hostname, port)) };
    },
  };
}

export function checkSystemStatus(db: Database): Promise<SystemStatus> {
  return runStatusChecks(liveProbes(db));
}
