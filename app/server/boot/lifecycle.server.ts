import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createAuth, setAppAuth } from "../accounts/auth.server";
import { config } from "../platform/config.server";
import { appDatabaseHandle, openDatabase, setAppDatabase } from "../platform/db.server";
import { mailerFor } from "../mail/mailer.server";
import { applicationEmailWorker } from "../mail/candidate-emails.server";
import { stopTextExtraction } from "../cvs/extract-text.server";
import { isEmptyDatabase, seedDemo } from "./demo-seed.server";

const EMAIL_RETRY_MS = 60_000;
const QUEUE_SWEEP_MS = 60_000;

/**
 * Every background timer of the app, by name. Only startApp starts them and stopApp stops them
 * all, so a stopped app leaves no timer behind; nothing else in app/server runs on a timer but the
 * CV extraction's memory watchdog, which runs only while a file is read and which stopApp stops
 * with the extraction worker.
 */
const backgroundTasks = new Map<string, NodeJS.Timeout>();

/** Runs `task` now and then every `everyMs`, logging (never throwing) what fails. */
function startBackgroundTask(name: string, everyMs: number, task: () => unknown) {
  const run = () => {
    try {
      void Promise.resolve(task()).catch((error) => console.error(`${name} failed:`, error));
    } catch (error) {
      console.error(`${name} failed:`, error);
    }
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  backgroundTasks.set(name, timer);
}

function stopBackgroundTasks() {
  for (const timer of backgroundTasks.values()) clearInterval(timer);
  backgroundTasks.clear();
}

/** The names of the background tasks running now (tests: none after stopApp). */
export function runningBackgroundTasks(): string[] {
  return [...backgroundTasks.keys()];
}

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
  // Sends what a previous run left pending, then retries failed deliveries every minute; writes the
  // emails of applications that a previous run stored but did not get to (then sweeps every minute,
  // in case a pass failed).
  const mailer = mailerFor(handle.db);
  startBackgroundTask("Email retry pass", EMAIL_RETRY_MS, () => mailer.deliverDue());
  const worker = applicationEmailWorker(handle.db, mailer);
  startBackgroundTask("Application email sweep", QUEUE_SWEEP_MS, () => worker.kick());
  console.log(
    handle.kind === "pglite" ? `Database: embedded PGlite in ${config.dataDir}` : "Database: PostgreSQL (DATABASE_URL)",
  );
}

export async function stopApp(): Promise<void> {
  const handle = appDatabaseHandle();
  stopBackgroundTasks();
  await stopTextExtraction();
  if (handle) await applicationEmailWorker(handle.db).idle();
  setAppDatabase(undefined);
  setAppAuth(undefined);
  await handle?.close();
}
