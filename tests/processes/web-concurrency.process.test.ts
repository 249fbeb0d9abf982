import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { childrenOf, type ServerProcess, startServer } from "../helpers/server-process";

// Decision 075: WEB_CONCURRENCY runs several server processes on PostgreSQL only. On the embedded
// database (one process may open its directory) it is ignored with a warning, not a refusal: hosts
// such as Heroku set WEB_CONCURRENCY on their own.
let dataDir: string | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("WEB_CONCURRENCY on the embedded database", () => {
  it("is ignored with a warning: one process serves", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "openhire-web-concurrency-"));
    server = await startServer({ PGLITE_DIR: dataDir, WEB_CONCURRENCY: "2" });
    await server.healthy();
    expect(server.output()).toContain("WEB_CONCURRENCY=2 is ignored: the embedded database serves one process. Set DATABASE_URL (PostgreSQL) to run several.");
    expect(childrenOf(server.pid)).toEqual([]);
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});
