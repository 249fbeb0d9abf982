import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "./db.server";
import { DomainError } from "./errors.server";

export interface RateLimitRule {
  /** What is limited, e.g. "sign-in". */
  name: string;
  limit: number;
  windowSeconds: number;
  /** Raised by RATE_LIMIT_MULTIPLIER: per-IP sign-in and sign-up, which browser tests do in nearly every test. */
  scalesInTests?: boolean;
}

export const RATE_LIMITS = {
  signIn: { name: "sign-in", limit: 20, windowSeconds: 15 * 60, scalesInTests: true },
  signUp: { name: "sign-up", limit: 10, windowSeconds: 60 * 60, scalesInTests: true },
  // Per account (keyed by email or user id) as well as per client IP.
  signInAccount: { name: "sign-in-account", limit: 30, windowSeconds: 15 * 60 },
  signUpAccount: { name: "sign-up-account", limit: 5, windowSeconds: 60 * 60 },
  passwordReset: { name: "password-reset", limit: 10, windowSeconds: 60 * 60 },
  passwordResetAccount: { name: "password-reset-account", limit: 3, windowSeconds: 15 * 60 },
  signInCode: { name: "sign-in-code", limit: 10, windowSeconds: 15 * 60, scalesInTests: true },
  signInCodeAccount: { name: "sign-in-code-account", limit: 5, windowSeconds: 15 * 60 },
  twoFactor: { name: "two-factor", limit: 20, windowSeconds: 15 * 60 },
  /** Settings actions that ask for the password again (change it, turn two-factor on or off), per account. */
  passwordConfirmAccount: { name: "password-confirm-account", limit: 10, windowSeconds: 15 * 60 },
  verificationEmailAccount: { name: "verification-email-account", limit: 5, windowSeconds: 60 * 60 },
  invitation: { name: "invitation", limit: 30, windowSeconds: 60 * 60 },
  invitationAccount: { name: "invitation-account", limit: 20, windowSeconds: 60 * 60 },
  invitationAccept: { name: "invitation-accept", limit: 20, windowSeconds: 15 * 60 },
  /** Public applications per client: plenty for a person, too few for a flood. */
  apply: { name: "apply", limit: 20, windowSeconds: 60 * 60 },
  /**
   * "Get job alerts" (decision 111): per client IP, and per address, so that nobody can use the form to
   * flood someone's inbox with confirmation emails.
   */
  jobAlert: { name: "job-alert", limit: 10, windowSeconds: 60 * 60 },
  jobAlertEmail: { name: "job-alert-email", limit: 5, windowSeconds: 60 * 60 },
  /** "Email me my links" to a candidate's own pages (decision 119): per client IP, and per address. */
  applicationLinks: { name: "application-links", limit: 10, windowSeconds: 60 * 60 },
  applicationLinksEmail: { name: "application-links-email", limit: 3, windowSeconds: 60 * 60 },
  /** New CVs from a candidate's own page, per application: a few corrections, not a file store. */
  candidateCvUpload: { name: "candidate-cv-upload", limit: 10, windowSeconds: 60 * 60 },
  /**
   * Candidates' replies per sending address (decision 097): an SMTP connection to the listener, or a
   * webhook post. A provider or mail server told to wait retries later, so a burst of replies (the
   * out-of-office answers to a bulk rejection) is delayed, not lost.
   */
  inboundEmail: { name: "inbound-email", limit: 600, windowSeconds: 15 * 60 },
  /** Staff API requests per key (decision 112): ten a second on average, in one-minute windows. */
  staffApi: { name: "staff-api", limit: 600, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Test environments where every simulated user shares one address (the browser tests all come from
 * 127.0.0.1 and each registers and signs in) may raise the sign-in and sign-up limits by this factor.
 * The other limits keep their values: the tests that hit them use an address of their own.
 * Never set it in production.
 */
const LIMIT_MULTIPLIER = Math.max(1, Number(process.env.RATE_LIMIT_MULTIPLIER) || 1);

/**
 * The statement that counts one request of `subject` against `rule` in a fixed window, answering
 * `count` (in this window, this request included) and `retry_after` (seconds until it ends). Other
 * statements embed it as a CTE to count a request in the same round trip as their own work.
 */
export function rateLimitUpsert(rule: RateLimitRule, subject: string): SQL {
  const key = `${rule.name}:${subject}`;
  return sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   then now() else rate_limits.window_start end
    returning count,
      ceil(extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int as retry_after`;
}

/** The rule's limit, raised in test environments for the rules that scale. */
export function effectiveLimit(rule: RateLimitRule): number {
  return rule.scalesInTests ? rule.limit * LIMIT_MULTIPLIER : rule.limit;
}

/** Throws RATE_LIMITED when `count` (from rateLimitUpsert) is past the rule's limit. */
export function assertWithinLimit(rule: RateLimitRule, row: { count: number | string; retry_after: number | string } | undefined): void {
  if (!row || Number(row.count) <= effectiveLimit(rule)) return;
  const retryAfterSeconds = Math.max(1, Number(row.retry_after));
  throw new DomainError(
    "RATE_LIMITED",
    `Too many attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds > 60 ? "s" : ""}.`,
    { retryAfterSeconds },
  );
}

/** Now and then, forget windows that ended long ago (in the background: nobody waits for it). */
export function sweepRateLimitsSometimes(db: Database): void {
  if (Math.random() >= 0.01) return;
  void Promise.resolve(db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`)).catch((error) =>
    console.error("Rate-limit sweep failed:", error),
  );
}

/**
 * Counts one request of `subject` (a client IP) against `rule` in a fixed window kept in the
 * database, so every app node shares the count. Throws RATE_LIMITED past the limit.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(db, rateLimitUpsert(rule, subject));
  sweepRateLimitsSometimes(db);
  assertWithinLimit(rule, row);
}
