import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createAuth, setAppAuth } from "../accounts/auth.server";
import { config } from "../platform/config.server";
import { appDatabaseHandle, openDatabase, setAppDatabase } from "../platform/db.server";
import { applicationEmailWorker } from "../mail/candidate-emails.server";
import { extractCvTask } from "../cvs/extract-cv.server";
import { stopTextExtraction } from "../cvs/extract-text.server";
import { sweepUploadTemp } from "../storage/upload.server";
import { applicationEmailSweep, emailRetryPass } from "../mail/mail-tasks.server";
import { interviewReminderPass } from "../interviews/reminders.server";
import { mentionDigestTask } from "../notifications/digest.server";
import { closeExpiredJobsTask } from "../jobs/closing.server";
import { deliverWebhookTask } from "../webhooks/delivery.server";
import { retentionTask } from "../privacy/retention.server";
import { jobAlertDigestTask } from "../job-alerts/digest.server";
import { setLinkSigningSecret } from "../platform/link-signing.server";
import { type Queue, startQueue } from "../queue/queue.server";
import { type InboundSmtp, parseInboundSmtpPort, startInboundSmtp } from "../mail/inbound-smtp.server";
import { isEmptyDatabase, seedDemo } from "./demo-seed.server";

/**
 * Every task of the app. startApp starts the one queue that runs them (decision 080), which
 * schedules the recurring ones, and stopApp stops it; nothing else in app/server runs on a timer
 * but the CV extraction's memory watchdog, which samples only while a file is read and which
 * stopApp stops with the extraction worker.
 */
const APP_TASKS = [
  emailRetryPass,
  applicationEmailSweep,
  extractCvTask,
  mentionDigestTask,
  interviewReminderPass,
  closeExpiredJobsTask,
  jobAlertDigestTask,
  deliverWebhookTask,
  retentionTask,
];

let appQueue: Queue | undefined;
let inboundSmtp: InboundSmtp | undefined;

/** The names of the tasks the app's queue works now (tests: none after stopApp). */
export function runningBackgroundTasks(): string[] {
  return appQueue?.working() ?? [];
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
  // Candidates' replies by SMTP (decision 097): checked before anything starts.
  const smtpPort = config.inboundSmtpPort === undefined ? undefined : parseInboundSmtpPort(config.inboundSmtpPort);
  if (smtpPort !== undefined && !config.inboundEmailDomain) {
    throw new Error("INBOUND_SMTP_PORT is set without INBOUND_EMAIL_DOMAIN: set the domain of the reply addresses too.");
  }
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, max: config.databasePoolSize });
  await handle.migrate();
  setAppDatabase(handle);
  const secret = resolveSecret();
  const auth = createAuth(handle.db, secret);
  // Job alerts' unsubscribe links are signed with it (decision 111).
  setLinkSigningSecret(secret);
  setAppAuth(auth);

  const seed = config.seedDemo ?? handle.kind === "pglite";
  if (seed && (await isEmptyDatabase(handle.db))) {
    const login = await seedDemo(handle.db, auth);
    const note = `Demo staff login: ${login.email} / ${login.password}`;
    console.log(`\n  Seeded a demo company with published jobs.\n  ${note}\n`);
    if (handle.kind === "pglite") writeFileSync(path.join(config.dataDir, "demo-login.txt"), `${note}\n`);
  }
  // The outbox's passes (what a previous run left pending, retries that are due) run as recurring
  // tasks: the first within a minute of start, then each minute, once across all app nodes.
  // CVs' text is read by a task too (decision 083).
  appQueue = await startQueue(handle, APP_TASKS);
  if (smtpPort !== undefined) {
    inboundSmtp = await startInboundSmtp(handle.db, { port: smtpPort, host: config.inboundSmtpHost, domain: config.inboundEmailDomain! });
    console.log(`Replies: SMTP on port ${inboundSmtp.port} for reply+…@${config.inboundEmailDomain}`);
  }
  // Uploads a killed process left half-checked in the temporary folder.
  void sweepUploadTemp().catch((error) => console.error("Could not sweep the upload folder:", error));
  console.log(
    handle.kind === "pglite" ? `Database: embedded PGlite in ${config.dataDir}` : "Database: PostgreSQL (DATABASE_URL)",
  );
}

export async function stopApp(): Promise<void> {
  const handle = appDatabaseHandle();
  await inboundSmtp?.close();
  inboundSmtp = undefined;
  await appQueue?.stop();
  appQueue = undefined;
  await stopTextExtraction();
  if (handle) await applicationEmailWorker(handle.db).idle();
  setAppDatabase(undefined);
  setAppAuth(undefined);
  await handle?.close();
}
