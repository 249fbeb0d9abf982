import net from "node:net";
import { sql } from "drizzle-orm";
import {
  classifyLatency,
  PROBE_TIMEOUT_MS,
  SERVICES,
  STATUS_REFRESH_SECONDS,
  type ServiceCheck,
  type ServiceKey,
  type ServiceStatus,
  statusHeadline,
  worstStatus,
} from "~/content/services";
import { appAuth } from "../accounts/auth.server";
import type { Database } from "../platform/db.server";

/**
 * One measurement. A probe resolves with a latency it measured (or null when there is nothing
 * to time) and an optional note, or throws when the service does not work. When `signal` aborts
 * (the probe's time is up) it must let go of what it opened.
 */
export type Probe = (signal: AbortSignal) => Promise<{ latencyMs: number | null; note?: string }>;

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

/** Runs a probe for at most `ms`; then its signal aborts (so it closes what it opened) and it fails. */
function runWithin(probe: Probe, ms: number): ReturnType<Probe> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new Error(`No answer within ${ms}ms`);
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  return Promise.race([probe(controller.signal), timeout]).finally(() => clearTimeout(timer));
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
    runWithin(probes[key], timeoutMs).then(
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

/**
 * A TCP connect, nothing more: the socket is destroyed as soon as it connects, fails, or the
 * signal aborts (an unresponsive host must not keep half-open sockets around; `end()` would wait
 * for the other side to close, which a silent server never does).
 */
function connectTcp(host: string, port: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const socket = net.connect({ host, port });
    const onAbort = () => {
      socket.destroy();
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    socket.once("connect", () => {
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      resolve();
    });
    socket.once("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      reject(error);
    });
  });
}

/** Email delivery: a TCP connect to the SMTP server of `smtpUrl`, or the log transport without one. */
export function smtpProbe(smtpUrl: string | undefined): Probe {
  return async (signal) => {
    if (!smtpUrl) return { latencyMs: null, note: "Log transport: messages are written to the server log" };
    const url = new URL(smtpUrl);
    const port = Number(url.port || (url.protocol === "smtps:" ? 465 : 587));
    return { latencyMs: await timed(() => connectTcp(url.hostname, port, signal)) };
  };
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
    email: smtpProbe(smtpUrl),
  };
}

export interface StatusMonitor {
  /** The last measurement; the first call waits for one. Starts a new one in the background when it is old. */
  current(): Promise<SystemStatus>;
}

/**
 * Serves the last status and measures again at most once every `refreshAfterMs`, with one
 * measurement in flight at a time (stale while it refreshes, up to `staleForAtMostMs` old): however
 * many people visit the status page, the server probes its services, and opens a connection to the
 * mail server, at most that often.
 */
export function createStatusMonitor(
  measure: () => Promise<SystemStatus>,
  {
    refreshAfterMs = STATUS_REFRESH_SECONDS * 1000,
    // A reading older than this is not shown while a new one runs: the visitor waits for the new one.
    // (A page nobody opened for an hour would otherwise show an hour-old "live" status once.)
    staleForAtMostMs = 1.5 * refreshAfterMs,
    now = Date.now,
  }: { refreshAfterMs?: number; staleForAtMostMs?: number; now?: () => number } = {},
): StatusMonitor {
  let last: { status: SystemStatus; at: number } | undefined;
  let inFlight: Promise<SystemStatus> | undefined;
  function refresh(): Promise<SystemStatus> {
    inFlight ??= measure()
      .then((status) => {
        last = { status, at: now() };
        return status;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }
  return {
    async current() {
      if (!last || now() - last.at >= staleForAtMostMs) return refresh();
      if (now() - last.at >= refreshAfterMs) refresh().catch((error) => console.error("Status check failed:", error));
      return last.status;
    },
  };
}

const monitors = new WeakMap<Database, StatusMonitor>();

/** The status page's answer for the app's database: cached, refreshed in the background. */
export function currentSystemStatus(db: Database): Promise<SystemStatus> {
  let monitor = monitors.get(db);
  if (!monitor) {
    monitor = createStatusMonitor(() => runStatusChecks(liveProbes(db)));
    monitors.set(db, monitor);
  }
  return monitor.current();
}
