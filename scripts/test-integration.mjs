// Runs the integration tests on a fresh in-memory PGlite per file, then, when
// TEST_DATABASE_URL names a PostgreSQL server, the same tests again against it.
import { spawnSync } from "node:child_process";

const extra = process.argv.slice(2);
const vitest = ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", ...extra];
const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

function run(label, env) {
  console.log(`\n=== Integration tests on ${label} ===\n`);
  const result = spawnSync(process.execPath, vitest, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("PGlite (embedded)", withoutPostgres);
if (TEST_DATABASE_URL) run(`PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, { ...withoutPostgres, TEST_DATABASE_URL });
else console.log("\nTEST_DATABASE_URL is not set: the PostgreSQL pass is skipped.");
