import { describe, expect, it } from "vitest";
import {
  classifyLatency,
  formatLatency,
  normaliseStatus,
  SERVICES,
  statusHeadline,
  statusLabel,
  statusTone,
  updatedAgo,
  worstStatus,
} from "./services";

describe("status aggregation", () => {
  it("the worst status wins: outage over degraded over operational", () => {
    expect(worstStatus([])).toBe("operational");
    expect(worstStatus(["operational", "operational"])).toBe("operational");
    expect(worstStatus(["operational", "degraded", "operational"])).toBe("degraded");
    expect(worstStatus(["degraded", "outage", "operational"])).toBe("outage");
  });

  it("heads the page with the worst status", () => {
    expect(statusHeadline("operational")).toBe("All Systems Operational");
    expect(statusHeadline("degraded")).toBe("Some Systems Degraded");
    expect(statusHeadline("outage")).toBe("Partial System Outage");
  });

  it("spec: operational green, degraded yellow, anything else an outage in red, capitalised", () => {
    expect(statusTone("operational")).toBe("green");
    expect(statusTone("degraded")).toBe("yellow");
    expect(statusTone("maintenance")).toBe("red");
    expect(normaliseStatus("down")).toBe("outage");
    expect(statusLabel("degraded")).toBe("Degraded");
  });

  it("a latency above the service's threshold is degraded", () => {
    expect(classifyLatency(350, SERVICES.search)).toBe("degraded");
    expect(classifyLatency(SERVICES.search.degradedAboveMs, SERVICES.search)).toBe("operational");
    expect(classifyLatency(3, SERVICES.database)).toBe("operational");
  });

  it("formats latency and the age of a check", () => {
    expect(formatLatency(null)).toBe("—");
    expect(formatLatency(2.345)).toBe("2.3ms");
    expect(formatLatency(350.4)).toBe("350ms");
    const checked = new Date("2025-03-20T12:00:00Z");
    expect(updatedAgo(checked, new Date("2025-03-20T12:00:20Z"))).toBe("Updated just now");
    expect(updatedAgo(checked, new Date("2025-03-20T12:02:00Z"))).toBe("Updated 2 minutes ago");
    expect(updatedAgo(checked, new Date("2025-03-20T12:01:00Z"))).toBe("Updated 1 minute ago");
    expect(updatedAgo(checked, new Date("2025-03-20T15:00:00Z"))).toBe("Updated 3 hours ago");
  });
});
