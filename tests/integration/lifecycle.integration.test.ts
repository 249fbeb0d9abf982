import { afterEach, describe, expect, it } from "vitest";
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
    expect(runningBackgroundTasks().sort()).toEqual(["application-email-sweep", "cv-extract-text", "email-retry-pass"]);

    await stopApp();
    expect(appDatabaseHandle()).toBeUndefined();
    expect(runningBackgroundTasks()).toEqual([]);
  });
});
