import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "bench/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          environment: "node",
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["app/**/*.integration.test.ts", "tests/integration/**/*.integration.test.ts"],
          environment: "node",
          // Each file gets its own freshly migrated database (tests/helpers/test-database.ts).
          pool: "forks",
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Production servers started as processes (`node server.js` on the build): run by
          // scripts/test-processes.mjs after `npm run build`. The PostgreSQL ones are a project of
          // their own, run only when TEST_DATABASE_URL names a server.
          name: "processes",
          include: ["tests/processes/**/*.process.test.ts"],
          environment: "node",
          pool: "forks",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "processes-postgres",
          include: ["tests/processes/**/*.postgres.test.ts"],
          environment: "node",
          pool: "forks",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
