import { and, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { emailMessages } from "../../../db/schema";
import { escapeForLog } from "~/schemas/text";
import { config } from "../platform/config.server";
import { appDatabase, type Database, type Queryable } from "../platform/db.server";
import { threadReplyAddresses } from "./reply-address.server";

/** One message to send. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Plain text; links are written out in full so every mail client shows them. */
  body: string;
  /** What the message is for: "password-reset", "application-received", … */
  kind: string;
  companyId?: string | null;
  applicationId?: string | null;
  /** To a candidate: the member who wrote or sent it (the reports' team activity, decision 105); left out for the app's own. */
  sentBy?: string | null;
  /** Carries a sign-in link or code: the stored body is blanked once delivered. */
  sensitive?: boolean;
  /**
   * Where replies go. Left out, a message to an application's candidate gets the thread's reply
   * address when inbound mail is configured (decision 097); stored with the message, so retries keep it.
   */
  replyTo?: string | null;
  /**
   * Leaves no sooner than this many seconds from now (a rejection email sent later, decision 090):
   * the minutely retry pass sends it once due, and until then it can be cancelled.
   */
  sendAfterSeconds?: number;
  /**
   * An iCalendar invitation sent with the message (decision 102): a `text/calendar; method=…`
   * alternative and an `invite.ics` attachment, as Gmail writes them, which Google Calendar, Outlook
   * and Apple Calendar read.
   */
  calendar?: CalendarInvitation;
  /**
   * Headers of its own, e.g. a job alert's `List-Unsubscribe` and `List-Unsubscribe-Post` (decision
   * 111); stored with the message, so retries send them too.
   */
  headers?: Record<string, string>;
}

/** An invitation's METHOD and the iCalendar text that carries it. */
export interface CalendarInvitation {
  method: "REQUEST" | "CANCEL";
  content: string;
}

/** How a message leaves the building: SMTP, or the server log when no SMTP server is configured. */
export interface MailTransport {
  kind: "smtp" | "log";
  deliver(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    replyTo?: string;
    icalEvent?: { method: string; filename: string; content: string };
    headers?: Record<string, string>;
  }): Promise<void>;
}

export interface Mailer {
  readonly transport: MailTransport;
  /**
   * Records the message and starts delivering it in the background. Never throws and never
   * waits for the mail server: a failure is recorded on the message and retried later.
   * Answers the stored message's id (null only when even recording it failed).
   */
  send(message: OutgoingEmail): Promise<string | null>;
  /**
   * Records messages in one statement on `db` (an open transaction, so they commit with the work
   * that caused them) and answers their ids. Call `deliver(ids)` once that has committed.
   */
  record(messages: readonly OutgoingEmail[], db: Queryable): Promise<string[]>;
  /** Starts delivering recorded messages in the background (claimed and marked in batches). */
  deliver(ids: readonly string[]): void;
  /** Delivers every message whose (re)try is due; the recurring task `email-retry-pass` calls this. */
  deliverDue(): Promise<number>;
  /** Resolves when the deliveries started so far have finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** Backoff between delivery attempts; after the last one a message is marked failed. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
const REDACTED = "[sent: the body held a sign-in link or code and is not kept]";
/** Messages of one batch handed to the transport at once. */
const DELIVERY_CONCURRENCY = 8;

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async deliver(message) {
      await transporter.sendMail(message);
    },
  };
}

export function logTransport(log: (line: string) => void = console.log): MailTransport {
  return {
    kind: "log",
    async deliver(message) {
      // Candidates write parts of these messages. The header lines are escaped and every body line
      // is printed behind a bar, so nothing a candidate types can pass for a line of the log or for
      // another email.
      log(
        [
          "",
          "──── Email (no SMTP_URL set: printed instead of sent) ────",
          `To: ${escapeForLog(message.to)}`,
          `Subject: ${escapeForLog(message.subject)}`,
          ...(message.replyTo ? [`Reply-To: ${escapeForLog(message.replyTo)}`] : []),
          ...(message.icalEvent ? [`Attached: ${message.icalEvent.filename} (METHOD:${message.icalEvent.method})`] : []),
          ...Object.entries(message.headers ?? {}).map(([name, value]) => `${escapeForLog(name)}: ${escapeForLog(value)}`),
          "│",
          ...message.text.split(/\r\n|\r|\n/).map((line) => `│ ${escapeForLog(line)}`),
          "──────────────────────────────────────────────────────────",
          "",
        ].join("\n"),
      );
    },
  };
}

export function configuredTransport(): MailTransport {
  const url = process.env.SMTP_URL;
  if (url) return smtpTransport(url);
  // Under the test runner the log stays readable: messages are recorded, not printed.
  return process.env.VITEST ? logTransport(() => {}) : logTransport();
}

export function createMailer(db: Database, transport: MailTransport = configuredTransport(), from = mailFrom()): Mailer {
  const inFlight = new Set<Promise<unknown>>();

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  }

  /**
   * One attempt at each of some messages: claims the ones still due (so two nodes or passes never
   * send one twice), delivers them a few at a time, and records the outcomes, the successes in one
   * statement. Answers how many were delivered. Never throws.
   */
  async function attempt(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    try {
      const claimed = await db
        .update(emailMessages)
        .set({ attempts: sql`${emailMessages.attempts} + 1`, nextAttemptAt: sql`now() + interval '10 minutes'` })
        .where(
          and(
            inArray(emailMessages.id, [...ids]),
            eq(emailMessages.direction, "outbound"),
            eq(emailMessages.status, "pending"),
            lte(emailMessages.nextAttemptAt, sql`now()`),
          ),
        )
        .returning();
      const delivered: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < claimed.length) {
          const row = claimed[next++]!;
          try {
            await transport.deliver({
              from,
              to: row.to,
              subject: row.subject,
              text: row.body,
              replyTo: row.replyTo ?? undefined,
              ...(row.calendarMethod && row.calendar ? { icalEvent: { method: row.calendarMethod, filename: "invite.ics", content: row.calendar } } : {}),
              ...(row.headers ? { headers: row.headers } : {}),
            });
            delivered.push(row.id);
          } catch (error) {
            await recordFailure(row, error);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, claimed.length) }, worker));
      if (delivered.length > 0) {
        await db
          .update(emailMessages)
          .set({
            status: transport.kind === "log" ? "logged" : "sent",
            sentAt: new Date(),
            error: null,
            body: sql`case when ${emailMessages.sensitive} then ${REDACTED} else ${emailMessages.body} end`,
          })
          .where(inArray(emailMessages.id, delivered));
      }
      return delivered.length;
    } catch (error) {
      console.error("Email delivery bookkeeping failed:", error);
      return 0;
    }
  }

  async function recordFailure(row: typeof emailMessages.$inferSelect, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const last = row.attempts >= MAX_ATTEMPTS;
    const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts - 1, RETRY_DELAYS_SECONDS.length - 1)]!;
    console.error(`Email to ${escapeForLog(row.to)} (${row.kind}) failed, attempt ${row.attempts}${last ? ", giving up" : ""}:`, message);
    await db
      .update(emailMessages)
      .set({
        status: last ? "failed" : "pending",
        error: message.slice(0, 1000),
        nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
      })
      .where(eq(emailMessages.id, row.id));
  }

  async function record(messages: readonly OutgoingEmail[], on: Queryable): Promise<string[]> {
    if (messages.length === 0) return [];
    const replyAddresses = await threadReplyAddresses(on, messages);
    const rows = await on
      .insert(emailMessages)
      .values(
        messages.map((message) => ({
          to: message.to,
          subject: message.subject,
          body: message.body,
          kind: message.kind,
          companyId: message.companyId ?? null,
          applicationId: message.applicationId ?? null,
          sentBy: message.sentBy ?? null,
          sensitive: message.sensitive ?? false,
          calendarMethod: message.calendar?.method ?? null,
          calendar: message.calendar?.content ?? null,
          headers: message.headers ?? null,
          replyTo: message.replyTo !== undefined ? message.replyTo : message.applicationId ? (replyAddresses.get(message.applicationId) ?? null) : null,
          ...(message.sendAfterSeconds ? { nextAttemptAt: sql`now() + make_interval(secs => ${message.sendAfterSeconds})` } : {}),
        })),
      )
      .returning({ id: emailMessages.id });
    return rows.map((row) => row.id);
  }

  return {
    transport,
    async send(message) {
      try {
        const [id] = await record([message], db);
        if (!id) return null;
        void track(attempt([id]));
        return id;
      } catch (error) {
        console.error(`Could not record an email to ${escapeForLog(message.to)} (${message.kind}):`, error);
        return null;
      }
    },
    record,
    deliver(ids) {
      void track(attempt(ids));
    },
    async deliverDue() {
      const due = await db
        .select({ id: emailMessages.id })
        .from(emailMessages)
        .where(and(eq(emailMessages.direction, "outbound"), eq(emailMessages.status, "pending"), lte(emailMessages.nextAttemptAt, sql`now()`)))
        .orderBy(emailMessages.nextAttemptAt)
        .limit(50);
      return track(attempt(due.map((row) => row.id)));
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export function mailFrom(): string {
  if (process.env.MAIL_FROM) return process.env.MAIL_FROM;
  let host = "localhost";
  try {
    host = new URL(config.baseUrl).hostname || host;
  } catch {
    // BASE_URL is not an absolute address (as under a test runner): keep localhost.
  }
  return `OpenHire <no-reply@${host}>`;
}

// ---------------------------------------------------------------------------
// The running app's mailer (its retries are a recurring task, app/server/mail/mail-tasks.server.ts)
// ---------------------------------------------------------------------------

const holder = globalThis as typeof globalThis & { __openhireMailers?: WeakMap<Database, Mailer> };

/** The mailer for a database: one per database, so every feature shares its outbox. */
export function mailerFor(db: Database): Mailer {
  holder.__openhireMailers ??= new WeakMap();
  let mailer = holder.__openhireMailers.get(db);
  if (!mailer) {
    mailer = createMailer(db);
    holder.__openhireMailers.set(db, mailer);
  }
  return mailer;
}

/** The app's mailer: the one of the app's database. */
export function appMailer(): Mailer {
  return mailerFor(appDatabase());
}

/** How every email the product itself sends ends. */
export const EMAIL_SIGNATURE = "\n\n— OpenHire";
