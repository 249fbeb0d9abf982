import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../helpers/server-process";
import { config } from "~/server/platform/config.server";
import { appDatabaseHandle } from "~/server/platform/db.server";
import { runningBackgroundTasks, startApp, stopApp } from "~/server/boot/lifecycle.server";

describe("startApp and stopApp", () => {
  afterEach(async () => {
    await stopApp();
  });

  it("start the task queue and leave nothing running", async () => {
    // An in-memory embedded database, no demo, a given secret: nothing is written to disk.
    Object.assign(config, { databaseUrl: undefined, dataDir: "memory://", seedDemo: false, authSecret: "test-secret-test-secret-test-secret" });
    expect(runningBackgroundTasks()).toEqual([]);

    await startApp();
    expect(appDatabaseHandle()).toBeDefined();
    expect(runningBackgroundTasks().sort()).toEqual([
      "application-email-sweep",
      "close-expired-jobs",
      "cv-extract-text",
      "email-retry-pass",
      "interview-reminders",
      "job-alert-digests",
      "mention-digest",
      "retention-run",
      "webhook-deliver",
    ]);

    await stopApp();
    expect(appDatabaseHandle()).toBeUndefined();
    expect(runningBackgroundTasks()).toEqual([]);
  });

  it("start the inbound SMTP listener when INBOUND_SMTP_PORT is set, and stop it (decision 097)", async () => {
    const port = await freePort();
    const greeting = () =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1");
        socket.once("data", (chunk) => {
          socket.destroy();
          resolve(chunk.toString());
        });
        socket.once("error", reject);
      });
    Object.assign(config, { databaseUrl: undefined, dataDir: "memory://", seedDemo: false, authSecret: "test-secret-test-secret-test-secret" });
    const saved = { inboundSmtpPort: config.inboundSmtpPort, inboundEmailDomain: config.inboundEmailDomain, inboundSmtpHost: config.inboundSmtpHost };
    try {
      Object.assign(config, { inboundSmtpPort: String(port), inboundEmailDomain: undefined, inboundSmtpHost: "127.0.0.1" });
      await expect(startApp()).rejects.toThrow("INBOUND_SMTP_PORT is set without INBOUND_EMAIL_DOMAIN");
      Object.assign(config, { inboundSmtpPort: "twenty-five", inboundEmailDomain: "replies.test" });
      await expect(startApp()).rejects.toThrow('INBOUND_SMTP_PORT must be a port number (0 to 65535), not "twenty-five".');

      Object.assign(config, { inboundSmtpPort: String(port) });
      await startApp();
      expect(await greeting()).toMatch(/^220 replies\.test .*OpenHire replies/);
      await stopApp();
      await expect(greeting()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    } finally {
      Object.assign(config, saved);
    }
  });
});
