import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createAuth, setAppAuth } from "./auth.server";
import { config } from "./config.server";
import { appDatabaseHandle, openDatabase, setAppDatabase } from "./db.server";
import { appMailer } from "./email.server";
import { applicationEmailWorker } from "./services/candidate-emails.server";
import { isEmptyDatabase, seedDemo } from "./services/demo-seed.server";

const QUEUE_SWEEP_MS = 60_000;
let queueSweep: NodeJS.Timeout | undefined;

/** The session-signing secret: configured, or kept beside the embedded database. */
function resolveSecret(): string {
  if (config.authSecret) return config.authSecret;
  if (config.databaseUrl) {
    if (config.production) throw new Error("Set BETTER_AUTH_SECRET when running on PostgreSQL in production.");
    console.warn("BETTER_AUTH_SECRET is not set: using a random secret, so sessions end when the server restarts.");
    return randomBytes(32).toString("hex");
  }
  const file = path.join(config.dataDir, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Opens and migrates the database, sets up authentication, and seeds a new embedded database. */
export async function startApp(): Promise<void> {
  if (appDatabaseHandle()) return;
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, max: config.databasePoolSize });
  await handle.migrate();
  setAppDatabase(handle);
  const auth = createAuth(handle.db, resolveSecret());
  setAppAuth(auth);

  const seed = config.seedDemo ?? handle.kind === "pglite";
  if (seed && (await isEmptyDatabase(handle.db))) {
    const login = await seedDemo(handle.db, auth);
    const note = `Demo staff login: ${login.email} / ${login.password}`;
    console.log(`\n  Seeded a demo company with published jobs.\n  ${note}\n`);
    if (handle.kind === "pglite") writeFileSync(path.join(config.dataDir, "demo-login.txt"), `${note}\n`);
  }
  // Starts the delivery retries, sending what a previous run left pending, and writes the emails
  // of applications that a previous run stored but did not get to (then sweeps every minute, in
  // case a pass failed).
  const worker = applicationEmailWorker(handle.db, appMailer());
  worker.kick();
  queueSweep = setInterval(() => worker.kick(), QUEUE_SWEEP_MS);
  queueSweep.unref();
  console.log(
    handle.kind === "pglite" ? `Database: embedded PGlite in ${config.dataDir}` : "Database: PostgreSQL (DATABASE_URL)",
  );
}

export async function stopApp(): Promise<void> {
  const handle = appDatabaseHandle();
  clearInterval(queueSweep);
  if (handle) await applicationEmailWorker(handle.db).idle();
  setAppDatabase(undefined);
  setAppAuth(undefined);
  await handle?.close();
}
