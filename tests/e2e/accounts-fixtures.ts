import { rmSync } from "node:fs";
import { test as base } from "@playwright/test";
import { freePort, startServer } from "../helpers/server-process";
import { type Mailbox, startMailbox } from "./accounts-mailbox";

/** The domain of the reply addresses the per-worker servers give out (decision 097). */
export const INBOUND_EMAIL_DOMAIN = "replies.e2e.test";

/**
 * Account tests need to read the emails the app sends, so each worker runs its own production
 * server (the same build) with SMTP_URL pointing at a loopback SMTP server it controls. The server
 * also takes candidates' replies on an SMTP port of its own (`inboundSmtpPort`, a free one).
 */
export const test = base.extend<object, { mailbox: Mailbox; appUrl: string; inboundSmtpPort: number }>({
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
  // eslint-disable-next-line no-empty-pattern
  inboundSmtpPort: [async ({}, provide) => provide(await freePort()), { scope: "worker" }],
  appUrl: [
    async ({ mailbox, inboundSmtpPort }, provide, workerInfo) => {
      const dataDir = `build/e2e-accounts-data-${workerInfo.workerIndex}`;
      rmSync(dataDir, { recursive: true, force: true });
      const server = await startServer({
        PGLITE_DIR: dataDir,
        SMTP_URL: mailbox.url,
        INBOUND_EMAIL_DOMAIN,
        INBOUND_SMTP_PORT: String(inboundSmtpPort),
        RATE_LIMIT_MULTIPLIER: process.env.RATE_LIMIT_MULTIPLIER ?? "1",
      });
      try {
        await server.healthy();
        await provide(server.url);
      } finally {
        await server.stop();
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
