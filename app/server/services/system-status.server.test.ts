import { afterEach, describe, expect, it, vi } from "vitest";
import { type Probe, resetIncidents, runStatusChecks } from "./system-status.server";

const ok = (latencyMs: number | null): Probe => async () => ({ latencyMs });
const healthy = () => ({ api: ok(1), database: ok(2), auth: ok(3), search: ok(4), email: ok(null) });

afterEach(() => {
  resetIncidents();
  vi.restoreAllMocks();
});

describe("runStatusChecks", () => {
  it("reports every service of the status table, all operational when every probe is quick", async () => {
    const result = await runStatusChecks(healthy());
    expect(result.services.map((service) => service.name)).toEqual(["API", "Database", "Authentication", "Search Service", "Email Delivery"]);
    expect(result.status).toBe("operational");
    expect(result.headline).toBe("All Systems Operational");
    expect(result.services.every((service) => service.lastIncident === "No incidents")).toBe(true);
    expect(result.services.find((service) => service.key === "email")?.latencyMs).toBeNull();
  });

  it("a slow service is degraded with a performance incident, and the header says so", async () => {
    const result = await runStatusChecks({ ...healthy(), search: ok(350) }, { now: () => new Date("2025-03-20T12:00:00Z") });
    const search = result.services.find((service) => service.key === "search")!;
    expect(search).toMatchObject({ status: "degraded", latencyMs: 350, lastIncident: "Performance degradation (just now)" });
    expect(result.status).toBe("degraded");
    expect(result.headline).toBe("Some Systems Degraded");
    expect(result.checkedAt).toBe("2025-03-20T12:00:00.000Z");
  });

  it("a failing or hanging probe is an outage, and the incident is remembered after recovery", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failing: Probe = async () => {
      throw new Error("connection refused");
    };
    const hanging: Probe = () => new Promise(() => {});
    const first = await runStatusChecks({ ...healthy(), database: failing, auth: hanging }, { timeoutMs: 50, now: () => new Date("2025-03-20T12:00:00Z") });
    expect(first.status).toBe("outage");
    expect(first.headline).toBe("Partial System Outage");
    expect(first.services.find((service) => service.key === "database")).toMatchObject({ status: "outage", latencyMs: null });
    expect(first.services.find((service) => service.key === "auth")?.status).toBe("outage");

    const later = await runStatusChecks(healthy(), { now: () => new Date("2025-03-20T12:05:00Z") });
    expect(later.status).toBe("operational");
    expect(later.services.find((service) => service.key === "database")?.lastIncident).toBe("Service unavailable (5 min ago)");
  });
});
