import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { emailOTP } from "better-auth/plugins/email-otp";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins/two-factor";
import { and, eq, like } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { account, session, twoFactor, user, verification } from "../../../db/schema";
import { type Mailer, mailerFor } from "../mail/mailer.server";
import { config } from "../platform/config.server";
import { type Database, type Transaction } from "../platform/db.server";
import { clientIpContext } from "../platform/request-context.server";
import { passwordResetEmail, signInCodeEmail, verificationEmail } from "./emails.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { absoluteUrl } from "~/lib/absolute-url";

const SESSION_DAYS = 30;
/** The header through which our actions tell better-auth the client's IP (never read from the client). */
const CLIENT_IP_HEADER = "x-openhire-client-ip";

/**
 * The Drizzle transaction that better-auth has open, if any. better-auth runs sign-up in a
 * transaction of its own; our sign-up service adds the company and profile inside it.
 */
const authTransaction = new AsyncLocalStorage<Transaction>();

export function currentAuthTransaction(): Transaction | undefined {
  return authTransaction.getStore();
}

/** The same database, with each transaction it opens made visible through `authTransaction`. */
function exposeTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === "transaction") {
        return (callback: (tx: Transaction) => Promise<unknown>, txConfig?: unknown) =>
          target.transaction((tx) => authTransaction.run(tx, () => callback(tx)), txConfig as never);
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export const RESET_LINK_HOURS = 1;
export const SIGN_IN_CODE_MINUTES = 10;
export const VERIFY_LINK_DAYS = 3;

export interface AuthOptions {
  /** Where account emails go; by default the database's shared mailer (SMTP_URL or the log). */
  mailer?: Mailer;
  /** The address links in emails start with; by default BASE_URL. */
  linkBaseUrl?: string;
}

export function createAuth(db: Database, secret: string, options: AuthOptions = {}) {
  const mailer = () => options.mailer ?? mailerFor(db);
  const linkBase = options.linkBaseUrl ?? config.baseUrl;
  const auth = betterAuth({
    appName: "OpenHire",
    baseURL: config.baseUrl,
    secret,
    database: drizzleAdapter(exposeTransactions(db), {
      provider: "pg",
      schema: { user, session, account, verification, twoFactor },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // argon2id (OWASP parameters); former scrypt hashes still verify and are rehashed at sign-in.
      password: { hash: hashPassword, verify: verifyPassword },
      autoSignIn: true,
      // Password recovery: a single-use link that expires; using it ends every session.
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The link just used is gone; any other link sent before it must stop working too.
      async onPasswordReset({ user: account }) {
        await revokePasswordResetLinks(db, account.id);
      },
      async sendResetPassword({ user: account, token }) {
        await mailer().send(passwordResetEmail(account.email, absoluteUrl(linkBase, `/reset-password?token=${encodeURIComponent(token)}`)));
      },
    },
    // The account works at once; a banner reminds until the link in this email is opened.
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: VERIFY_LINK_DAYS * 24 * 60 * 60,
      async sendVerificationEmail({ user: account, token }) {
        await mailer().send(verificationEmail(account.email, absoluteUrl(linkBase, `/verify-email?token=${encodeURIComponent(token)}`)));
      },
    },
    // Reset links are stored as a hash of their token, like invitations (decision 032).
    verification: {
      storeIdentifier: { default: "plain", overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: hashResetIdentifier } } },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email-otp") return requireSecondFactorAfterCode(ctx);
      }),
    },
    plugins: [
      twoFactorPlugin({ issuer: "OpenHire" }),
      emailOTP({
        // Codes sign existing accounts in; they never create one (sign-up makes the company too).
        disableSignUp: true,
        otpLength: 6,
        expiresIn: SIGN_IN_CODE_MINUTES * 60,
        allowedAttempts: 5,
        storeOTP: "hashed",
        async sendVerificationOTP({ email, otp, type }) {
          if (type !== "sign-in") return;
          await mailer().send(signInCodeEmail(email, otp));
        },
      }),
    ],
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      // Sliding expiry: a session used after a day gets its expiry pushed out again.
      updateAge: 60 * 60 * 24,
    },
    // Our route actions rate-limit by the client IP themselves (rate-limit.server.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    trustedOrigins: [config.baseUrl],
    advanced: {
      useSecureCookies: config.baseUrl.startsWith("https://"),
      // Native joins: a session and its user in one statement (db/schema.ts, sessionRelations).
      database: { generateId: () => randomUUID(), joins: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
  authDatabases.set(auth, db);
  authMailers.set(auth, mailer);
  authLinkBases.set(auth, linkBase);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** better-auth names a reset link's verification row `reset-password:<token>`. */
const RESET_IDENTIFIER_PREFIX = "reset-password:";

/** What the verification table keeps for a reset link: the prefix (to find an account's links) and a SHA-256 of the token. */
export async function hashResetIdentifier(identifier: string): Promise<string> {
  const token = identifier.slice(RESET_IDENTIFIER_PREFIX.length);
  return `${RESET_IDENTIFIER_PREFIX}sha256:${createHash("sha256").update(token).digest("base64url")}`;
}

/** Ends every outstanding password reset link of an account (after any change of its password). */
export async function revokePasswordResetLinks(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(and(eq(verification.value, userId), like(verification.identifier, `${RESET_IDENTIFIER_PREFIX}%`)));
}

const authDatabases = new WeakMap<object, Database>();
const authMailers = new WeakMap<object, () => Mailer>();
const authLinkBases = new WeakMap<object, string>();

/** The address links in this auth instance's emails start with (joined to a path by `absoluteUrl`). */
export function authLinkBase(auth: Auth): string {
  return authLinkBases.get(auth) ?? config.baseUrl;
}

/** The database an auth instance was made with (account services keep their counters there). */
export function authDatabase(auth: Auth): Database {
  const db = authDatabases.get(auth);
  if (!db) throw new Error("Unknown auth instance");
  return db;
}

/** The mailer an auth instance sends its emails with. */
export function authMailer(auth: Auth): Mailer {
  const mailer = authMailers.get(auth);
  if (!mailer) throw new Error("Unknown auth instance");
  return mailer();
}

const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/**
 * The two-factor plugin asks for a second factor after password sign-in only. A one-time code
 * proves the email, not the authenticator, so an account with two-factor authentication on
 * gets the same challenge after a code: the session is withdrawn and the challenge cookie set,
 * exactly as the plugin does after a password.
 */
async function requireSecondFactorAfterCode(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  const data = ctx.context.newSession as { user: { id: string; twoFactorEnabled?: boolean | null }; session: { token: string } } | null;
  if (!data?.user.twoFactorEnabled) return;
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(data.session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: TWO_FACTOR_CHALLENGE_SECONDS });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
  return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
}

// ---------------------------------------------------------------------------
// The running app's auth instance
// ---------------------------------------------------------------------------

const holder = globalThis as typeof globalThis & { __openhireAuth?: Auth };

export function setAppAuth(auth: Auth | undefined) {
  holder.__openhireAuth = auth;
}

export function appAuth(): Auth {
  if (!holder.__openhireAuth) throw new Error("Authentication is not set up yet");
  return holder.__openhireAuth;
}

/** Request headers for a better-auth call, carrying the client IP we resolved ourselves. */
export function authHeaders(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.get(clientIpContext));
  return headers;
}

/** The Cookie header a follow-up better-auth call needs, from the Set-Cookie headers it answered. */
export const cookieHeaderFrom = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

/** better-auth's own message for a refused request, or the caller's fallback. */
export function authMessage(error: unknown, fallback: string): string {
  if (error instanceof APIError && error.body?.message) return error.body.message;
  return fallback;
}
