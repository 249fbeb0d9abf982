import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childrenOf, type ServerProcess, startServer } from "../helpers/server-process";

// Issue 11: one Node process renders on one core. On PostgreSQL, WEB_CONCURRENCY=N runs N servers
// as processes sharing the port (decision 075); the primary starts them, replaces one that dies and
// stops them all on SIGTERM. PostgreSQL only: the embedded database serves one process (the
// processes project checks that WEB_CONCURRENCY is ignored there).

const serverUrl = process.env.TEST_DATABASE_URL;
const databaseName = `openhire_web_concurrency_${randomBytes(6).toString("hex")}`;
let databaseUrl: string;
let server: ServerProcess | undefined;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Polls `check` until it is true; fails after a deadline, saying what it waited for. */
async function eventually(what: string, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}:\n${server?.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  if (!serverUrl) throw new Error("This test needs TEST_DATABASE_URL (a PostgreSQL server); npm run test:processes only runs it when it is set.");
  await admin(`create database ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  if (serverUrl) await admin(`drop database if exists ${databaseName} with (force)`);
});

describe("WEB_CONCURRENCY on PostgreSQL", () => {
  it("runs that many server processes on one port, replaces one that dies, and stops them all on SIGTERM", async () => {
    server = await startServer({ DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString("hex"), DATABASE_POOL_SIZE: "2", WEB_CONCURRENCY: "2" });
    await server.healthy();
    await eventually("two server processes listen", () => (server!.output().match(/OpenHire is listening on/g) ?? []).length === 2);
    const first = childrenOf(server.pid);
    expect(first).toHaveLength(2);
    expect(server.output()).toContain("Starting 2 server processes on one PostgreSQL database (WEB_CONCURRENCY).");
    // Both answer: requests on fresh connections are spread over the processes, and all succeed.
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server!.url}/api/health`, { headers: { connection: "close" } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));

    // One dies: the primary says so and starts another; the site keeps answering.
    process.kill(first[0]!, "SIGKILL");
    await eventually("a new process replaces the one that died", () => {
      const now = childrenOf(server!.pid);
      return now.length === 2 && !now.includes(first[0]!);
    });
    expect(server.output()).toContain(`Server process ${first[0]} exited (SIGKILL); starting another.`);
    await eventually("three processes have listened in all", () => (server!.output().match(/OpenHire is listening on/g) ?? []).length === 3);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // SIGTERM: every process finishes and closes its database, then the primary exits 0.
    const last = childrenOf(server.pid);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(last.filter(alive)).toEqual([]);
    expect(server.output().match(/finishing open requests, then closing the database/g)).toHaveLength(2);
  });

  it("refuses a WEB_CONCURRENCY that is not a number of processes, saying what it must be", async () => {
    const refused = await startServer({ DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString("hex"), WEB_CONCURRENCY: "many" });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('WEB_CONCURRENCY must be a whole number of processes (1 or more) or "auto"; it is "many".');
  });
});
