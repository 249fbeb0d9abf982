import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { emailOTP } from "better-auth/plugins/email-otp";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins/two-factor";
import { and, eq, like } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { account, companies, profiles, session, twoFactor, user, verification } from "../../db/schema";
import { config } from "./config.server";
import { appDatabase, type Database, type Transaction } from "./db.server";
import {
  type Mailer,
  mailerFor,
  passwordResetEmail,
  signInCodeEmail,
  verificationEmail,
} from "./email.server";
import { clientIpContext, responseCookiesContext } from "./request-context.server";
import { hashPassword, verifyPassword } from "./services/password-hash.server";
import type { Actor } from "./tenancy.server";

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
  const linkBase = (options.linkBaseUrl ?? config.baseUrl).replace(/\/$/, "");
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
        await mailer().send(passwordResetEmail(account.email, `${linkBase}/reset-password?token=${encodeURIComponent(token)}`));
      },
    },
    // The account works at once; a banner reminds until the link in this email is opened.
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: VERIFY_LINK_DAYS * 24 * 60 * 60,
      async sendVerificationEmail({ user: account, token }) {
        await mailer().send(verificationEmail(account.email, `${linkBase}/verify-email?token=${encodeURIComponent(token)}`));
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
      database: { generateId: () => randomUUID() },
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

/** The address links in this auth instance's emails start with (no trailing slash). */
export function authLinkBase(auth: Auth): string {
  return authLinkBases.get(auth) ?? config.baseUrl.replace(/\/$/, "");
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

// ---------------------------------------------------------------------------
// Sessions in loaders and actions
// ---------------------------------------------------------------------------

/** The signed-in staff member: the actor of every staff service (tenancy.server.ts), and what the pages show. */
export interface Staff extends Actor {
  sessionId: string;
  email: string;
  /** Whether the email address was confirmed (the layout shows a reminder until it is). */
  emailVerified?: boolean;
  fullName: string | null;
  role: "recruiter";
  /** Whether they signed the company up (`companies.created_by`, decision 032): its owner. */
  isOwner: boolean;
  companyName: string;
}

const staffCache = new WeakMap<Request, Promise<Staff | null>>();

/** The signed-in staff member of this request, or null. One lookup per request. */
export function getStaff(request: Request, context: Readonly<RouterContextProvider>): Promise<Staff | null> {
  let pending = staffCache.get(request);
  if (!pending) {
    pending = loadStaff(request, context);
    staffCache.set(request, pending);
  }
  return pending;
}

async function loadStaff(request: Request, context: Readonly<RouterContextProvider>): Promise<Staff | null> {
  if (!request.headers.get("cookie")) return null;
  const result = await appAuth().api.getSession({
    headers: authHeaders(request, context),
    returnHeaders: true,
  });
  // A refreshed session comes with a new cookie; the root middleware sends it.
  const cookies = result.headers.getSetCookie();
  if (cookies.length > 0) context.get(responseCookiesContext)?.push(...cookies);
  if (!result.response) return null;
  const { session: authSession, user: authUser } = result.response;
  const [row] = await appDatabase()
    .select({
      fullName: profiles.fullName,
      role: profiles.role,
      companyId: profiles.companyId,
      companyName: companies.name,
      ownerId: companies.createdBy,
    })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(and(eq(profiles.id, authUser.id)))
    .limit(1);
  if (!row) return null;
  const { ownerId, ...profile } = row;
  return {
    userId: authUser.id,
    sessionId: authSession.id,
    email: authUser.email,
    emailVerified: authUser.emailVerified,
    isOwner: ownerId === authUser.id,
    ...profile,
  };
}

/**
 * The guard of every staff loader and action: the signed-in staff member, or a redirect
 * to /login that brings them back here afterwards.
 */
export async function requireStaff(request: Request, context: Readonly<RouterContextProvider>): Promise<Staff> {
  const staff = await getStaff(request, context);
  if (staff) return staff;
  const url = new URL(request.url);
  const back = request.method === "GET" ? url.pathname + url.search : url.pathname;
  throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
}

/** Appends Set-Cookie headers to a response's headers. */
export function cookieHeaders(cookies: string[], headers = new Headers()): Headers {
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Only same-site paths are honoured after sign-in: no open redirects. The path is judged after the
 * URL parser has resolved it, because that is what the browser will do with the Location header:
 * `/.//evil.example`, `/..//x` and `/%2e%2e//x` all resolve to a path starting with `//`, which a
 * browser reads as another host.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  try {
    const url = new URL(to, "http://x");
    const path = url.pathname + url.search + url.hash;
    if (url.origin !== "http://x" || !path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
