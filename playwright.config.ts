import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Every simulated user of the browser tests comes from 127.0.0.1, so per-IP limits are raised for the
// servers the tests start (this one and the per-worker ones of the accounts tests, which inherit it).
// The limits themselves are tested at their real values in the integration tests.
process.env.RATE_LIMIT_MULTIPLIER ??= "50";
const baseURL = `http://localhost:${PORT}`;

/** Debian's Chromium: test tools cannot download browsers on our machines. */
const executablePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // The journeys register, post, apply and email through a real server; on CI's two busy cores the
  // longest took 31 s against the old 30 s limit, so the limit leaves room for a slow machine. Stop
  // 44's machine ran the suite at a third of stop 42's speed, and the longest journey (two members
  // of one company, an invitation, feedback both ways) went past 90 s while still progressing.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath, args: chromiumArgs } } },
  ],
  webServer: {
    // The production build on a fresh embedded database, without demo data: each test makes its own.
    command: `rm -rf build/e2e-data && node server.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      PGLITE_DIR: "build/e2e-data",
      SEED_DEMO: "0",
      RATE_LIMIT_MULTIPLIER: process.env.RATE_LIMIT_MULTIPLIER,
      BASE_URL: baseURL,
      // The webhook receiver of the browser tests listens on this machine (decision 113).
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "1",
    },
  },
});
