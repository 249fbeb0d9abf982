import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStatusMonitor, type Probe, resetIncidents, runStatusChecks, smtpProbe } from "./system-status.server";

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

/** A TCP server that accepts connections and never says or closes anything, like a stuck mail host. */
async function silentServer() {
  const accepted = new Set<net.Socket>();
  const server = net.createServer({ allowHalfOpen: true }, (socket) => accepted.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => {
      for (const socket of accepted) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Records every socket the code under test opens; `blackHole` makes connects that never complete. */
function watchSockets({ blackHole = false } = {}) {
  const sockets: net.Socket[] = [];
  let mostOpenAtOnce = 0;
  const connect = net.connect;
  vi.spyOn(net, "connect").mockImplementation(((options: net.NetConnectOpts) => {
    // A socket that is never connected: its SYN went nowhere.
    const socket = blackHole ? new net.Socket() : connect(options);
    sockets.push(socket);
    mostOpenAtOnce = Math.max(mostOpenAtOnce, sockets.filter((each) => !each.destroyed).length);
    return socket;
  }) as typeof net.connect);
  return { sockets, mostOpenAtOnce: () => mostOpenAtOnce };
}

describe("the email probe", () => {
  it("destroys its socket once connected, even when the server never answers or closes", async () => {
    const server = await silentServer();
    const watch = watchSockets();
    try {
      const result = await smtpProbe(server.url)(new AbortController().signal);
      expect(result.latencyMs).toEqual(expect.any(Number));
      expect(watch.sockets).toHaveLength(1);
      expect(watch.sockets[0]!.destroyed).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("an unanswered connect is an outage after the time-out, and its socket is destroyed then", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const watch = watchSockets({ blackHole: true });
    const result = await runStatusChecks({ ...healthy(), email: smtpProbe("smtp://192.0.2.1:25") }, { timeoutMs: 50 });
    expect(result.services.find((service) => service.key === "email")?.status).toBe("outage");
    expect(watch.sockets).toHaveLength(1);
    expect(watch.sockets[0]!.destroyed).toBe(true);
  });

  it("without SMTP_URL there is nothing to connect to", async () => {
    const watch = watchSockets();
    expect(await smtpProbe(undefined)(new AbortController().signal)).toMatchObject({ latencyMs: null });
    expect(watch.sockets).toHaveLength(0);
  });
});

describe("createStatusMonitor", () => {
  it("many visits to an unresponsive mail host open one socket at a time, at most once per refresh interval, and get the cached result", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const watch = watchSockets({ blackHole: true });
    let clock = 0;
    const measure = vi.fn(() => runStatusChecks({ ...healthy(), email: smtpProbe("smtp://192.0.2.1:25") }, { timeoutMs: 50 }));
    const monitor = createStatusMonitor(measure, { refreshAfterMs: 30_000, now: () => clock });

    // 200 visitors at once: one measurement, which they all wait for the first time.
    const first = await Promise.all(Array.from({ length: 200 }, () => monitor.current()));
    expect(measure).toHaveBeenCalledTimes(1);
    expect(watch.sockets).toHaveLength(1);
    expect(watch.sockets[0]!.destroyed).toBe(true);
    expect(new Set(first)).toEqual(new Set([first[0]]));
    expect(first[0]!.services.find((service) => service.key === "email")?.status).toBe("outage");

    // Within the interval: the cached result, no new connection.
    clock = 29_999;
    expect(await monitor.current()).toBe(first[0]);
    expect(watch.sockets).toHaveLength(1);

    // Past it: visitors get the old result at once while one measurement runs in the background.
    clock = 30_000;
    const during = await Promise.all(Array.from({ length: 200 }, () => monitor.current()));
    expect(during.every((status) => status === first[0])).toBe(true);
    expect(measure).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(watch.sockets).toHaveLength(2));
    await vi.waitFor(() => expect(watch.sockets[1]!.destroyed).toBe(true));
    await vi.waitFor(async () => expect(await monitor.current()).not.toBe(first[0]));
    expect(measure).toHaveBeenCalledTimes(2);
    expect(watch.mostOpenAtOnce()).toBe(1);
  });

  it("never shows a reading older than one and a half intervals: after a quiet spell the visitor waits for a new one", async () => {
    let clock = 0;
    let run = 0;
    const measure = vi.fn(async () => ({ ...(await runStatusChecks(healthy())), checkedAt: `run ${++run}` }));
    const monitor = createStatusMonitor(measure, { refreshAfterMs: 30_000, now: () => clock });
    expect((await monitor.current()).checkedAt).toBe("run 1");
    // Between one and one and a half intervals: the old reading at once, a new one in the background.
    clock = 44_999;
    expect((await monitor.current()).checkedAt).toBe("run 1");
    await vi.waitFor(async () => expect((await monitor.current()).checkedAt).toBe("run 2"));
    // One and a half intervals or more after the last reading: this visit waits for a new one.
    clock = 44_999 + 45_000;
    expect((await monitor.current()).checkedAt).toBe("run 3");
    expect(measure).toHaveBeenCalledTimes(3);
  });

  it("a failed measurement is not cached: the next visit measures again", async () => {
    const measure = vi
      .fn<() => ReturnType<typeof runStatusChecks>>()
      .mockRejectedValueOnce(new Error("boom"))
      .mockImplementation(() => runStatusChecks(healthy()));
    const monitor = createStatusMonitor(measure);
    await expect(monitor.current()).rejects.toThrow("boom");
    expect((await monitor.current()).status).toBe("operational");
    expect(measure).toHaveBeenCalledTimes(2);
  });
});
