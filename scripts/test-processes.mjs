// Starts the production server as real processes (tests/processes): two servers on one embedded
// database directory, and, when TEST_DATABASE_URL names a PostgreSQL server, two servers sharing
// one PostgreSQL database. Needs the build: `npm run test:e2e` runs this right after `npm run build`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js")) {
  console.error("The process tests start the production server: run `npm run build` first.");
  process.exit(1);
}

function run(label, project) {
  console.log(`\n=== Process tests: ${label} ===\n`);
  const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--project", project, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("embedded database", "processes");
if (process.env.TEST_DATABASE_URL) run(`PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`, "processes-postgres");
else console.log("\nTEST_DATABASE_URL is not set: the PostgreSQL-only tests (two servers on one database, the statement timeout) are not run.");
