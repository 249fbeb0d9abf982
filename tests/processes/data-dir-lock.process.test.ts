import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../helpers/server-process";

// Issue 9: a second server on the same PGLITE_DIR used to start and both wrote the directory, losing
// acknowledged applications. The production server must refuse, name the holder and exit non-zero.
let dataDir: string;
const started: ServerProcess[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "openhire-lock-server-"));
});

afterEach(async () => {
  for (const server of started.splice(0)) await server.stop("SIGKILL");
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = await startServer({ PGLITE_DIR: dataDir });
  started.push(server);
  return server;
}

const lockFile = () => path.join(dataDir, "openhire.lock");

describe("two production servers on one embedded database directory", () => {
  it("the second refuses to start, names the first one's PID and the directory, and exits non-zero", async () => {
    const first = await start();
    await first.healthy();
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(first.pid));

    const second = await start();
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`Cannot start: The database directory ${dataDir} is in use by another OpenHire process (PID ${first.pid})`);
    expect(second.output()).not.toContain("listening");

    // The first one keeps serving and keeps its lock.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(first.pid));

    // Its graceful shutdown releases the lock, and the next server starts on the same directory.
    expect(await first.stop("SIGTERM")).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
    const next = await start();
    await next.healthy();
  });

  it("a lock left by a killed server is taken over at the next start", async () => {
    const killed = await start();
    await killed.healthy();
    await killed.stop("SIGKILL");
    // kill -9 runs no exit handler: the lock names a dead process.
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(killed.pid));

    const next = await start();
    await next.healthy();
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(next.pid));
    expect(next.output()).toContain(`Taking over the lock of ${dataDir} from PID ${killed.pid}`);
  });
});
