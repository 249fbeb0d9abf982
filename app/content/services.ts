/**
 * The status page's services (spec: service, status, latency, last incident) and the pure rules
 * that turn measurements into statuses. The measuring itself is in app/server/site/system-status.server.ts.
 */

/** Spec section 4: operational (green), degraded (yellow), anything else an outage (red). */
export type ServiceStatus = "operational" | "degraded" | "outage";

export interface ServiceDefinition {
  name: string;
  description: string;
  /** A latency above this many milliseconds is degraded. */
  degradedAboveMs: number;
}

export const SERVICES = {
  api: { name: "API", description: "Web application and public endpoints", degradedAboveMs: 100 },
  database: { name: "Database", description: "PostgreSQL round trip", degradedAboveMs: 200 },
  auth: { name: "Authentication", description: "Sign-in, sign-up and sessions", degradedAboveMs: 250 },
  search: { name: "Search Service", description: "Job search over published jobs", degradedAboveMs: 300 },
  email: { name: "Email Delivery", description: "Outgoing notification email", degradedAboveMs: 1000 },
} satisfies Record<string, ServiceDefinition>;

export type ServiceKey = keyof typeof SERVICES;

/** A probe that takes longer than this is an outage. */
export const PROBE_TIMEOUT_MS = 3000;

/**
 * Visitors are answered from the last measurement; one older than this is measured again in the
 * background (issue 9: visits must not make the server open connections).
 */
export const STATUS_REFRESH_SECONDS = 30;

export interface ServiceCheck {
  key: ServiceKey;
  name: string;
  status: ServiceStatus;
  /** Milliseconds, or null when nothing was measured. */
  latencyMs: number | null;
  lastIncident: string;
  note?: string;
}

const SEVERITY: Record<ServiceStatus, number> = { operational: 0, degraded: 1, outage: 2 };

/** Any status value that is not operational or degraded counts as an outage. */
export function normaliseStatus(value: string): ServiceStatus {
  return value === "operational" || value === "degraded" ? value : "outage";
}

export function classifyLatency(latencyMs: number, definition: Pick<ServiceDefinition, "degradedAboveMs">): ServiceStatus {
  return latencyMs > definition.degradedAboveMs ? "degraded" : "operational";
}

export function worstStatus(statuses: readonly ServiceStatus[]): ServiceStatus {
  return statuses.reduce<ServiceStatus>((worst, status) => (SEVERITY[status] > SEVERITY[worst] ? status : worst), "operational");
}

/** The header of the status page for the worst status. */
export function statusHeadline(status: ServiceStatus): string {
  if (status === "operational") return "All Systems Operational";
  if (status === "degraded") return "Some Systems Degraded";
  return "Partial System Outage";
}

/** The text shown for a status: capitalised (spec section 4). */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function statusTone(status: string): "green" | "yellow" | "red" {
  const normal = normaliseStatus(status);
  return normal === "operational" ? "green" : normal === "degraded" ? "yellow" : "red";
}

export function formatLatency(latencyMs: number | null): string {
  if (latencyMs === null) return "—";
  return latencyMs < 10 ? `${latencyMs.toFixed(1)}ms` : `${Math.round(latencyMs)}ms`;
}

/** "Updated just now", "Updated 2 minutes ago": the age of a check. */
export function updatedAgo(checkedAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - checkedAt.getTime()) / 1000));
  if (seconds < 60) return "Updated just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `Updated ${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  return `Updated ${hours} hour${hours === 1 ? "" : "s"} ago`;
}
