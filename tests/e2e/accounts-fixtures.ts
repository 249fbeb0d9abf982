import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { test as base } from "@playwright/test";
import { type Mailbox, startMailbox } from "./accounts-mailbox";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app server did not become healthy:\n${output()}`);
}

/**
 * Account tests need to read the emails the app sends, so each worker runs its own production
 * server (the same build) with SMTP_URL pointing at a loopback SMTP server it controls.
 */
export const test = base.extend<object, { mailbox: Mailbox; appUrl: string }>({
  mailbox: [
    // Playwright reads the fixtures a function needs from this (empty) pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const mailbox = await startMailbox();
      await provide(mailbox);
      await mailbox.close();
    },
    { scope: "worker" },
  ],
  appUrl: [
    async ({ mailbox }, provide, workerInfo) => {
      const port = await freePort();
      const url = `http://localhost:${port}`;
      const dataDir = `build/e2e-accounts-data-${workerInfo.workerIndex}`;
      rmSync(dataDir, { recursive: true, force: true });
      let log = "";
      const child = spawn(process.execPath, ["server.js"], {
        env: { ...process.env, NODE_ENV: "production", PORT: String(port), PGLITE_DIR: dataDir, SEED_DEMO: "0", BASE_URL: url, SMTP_URL: mailbox.url },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
      try {
        await waitForHealth(url, child, () => log);
        await provide(url);
      } finally {
        child.kill("SIGTERM");
        await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ appUrl }, provide) => {
    await provide(appUrl);
  },
});

export { expect } from "@playwright/test";
