import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { can, type Permission, type Role } from "~/lib/permissions";
import { companies, profiles, session, user } from "../../../db/schema";
import { appDatabase, type Database } from "../platform/db.server";
import { responseCookiesContext } from "../platform/request-context.server";
import { type Actor, preparedTokenRead } from "../platform/tenancy.server";
import { unreadNotificationsColumn } from "../notifications/notifications.server";
import { appAuth, authHeaders } from "./auth.server";

/*
 * Sessions in loaders and actions: who is signed in, the staff guard, the cookies a route answers
 * with, and where sign-in may send the browser next.
 */

/** The signed-in staff member: the actor of every staff service (tenancy.server.ts), and what the pages show. */
export interface Staff extends Actor {
  sessionId: string;
  email: string;
  /** Whether the email address was confirmed (the layout shows a reminder until it is). */
  emailVerified?: boolean;
  fullName: string | null;
  /** What they may do, and which jobs and applications they see (app/lib/permissions.ts, decision 096). */
  role: Role;
  /** Whether they signed the company up (`companies.created_by`, decision 032): its owner. */
  isOwner: boolean;
  companyName: string;
  /** Their zone from Settings › Profile (decision 103); null until they choose one (then the browser's). */
  timeZone: string | null;
  /** The bell's count (`countUnreadNotifications`), read with the session when the guard read it (decision 134). */
  unreadNotifications?: number;
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

/** What a staff member's profile and company add to their session: both of its reads below take these. */
const MEMBERSHIP = {
  fullName: profiles.fullName,
  role: profiles.role,
  companyId: profiles.companyId,
  companyName: companies.name,
  ownerId: companies.createdBy,
  timeZone: profiles.timeZone,
  // The layout's bell, in the same statement: one statement fewer on every staff page (decision 134).
  unreadNotifications: unreadNotificationsColumn(profiles.companyId, profiles.id),
};

async function loadStaff(request: Request, context: Readonly<RouterContextProvider>): Promise<Staff | null> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader) return null;
  const known = await liveSessionStaff(cookieHeader);
  if (known !== undefined) return known;
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
    .select(MEMBERSHIP)
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
 * The staff member of a live session that needs nothing written, in one statement (decision 088):
 * the cookie's signature checked as better-auth checks it (HMAC-SHA256 of the token with the
 * secret), then the session, its user, their profile and company read together. Anything else
 * (a session that is unknown, expired or due for its sliding renewal, a bad signature, better-auth's
 * other session cookies) is `undefined`: better-auth's own getSession decides, and writes what it
 * writes (a renewed expiry and cookie, a cleared cookie). Every staff request ran two statements
 * and better-auth's request machinery for this before.
 */
async function liveSessionStaff(cookieHeader: string): Promise<Staff | null | undefined> {
  const auth = await appAuth().$context;
  const cookies = auth.authCookies;
  if (cookieValue(cookieHeader, cookies.sessionData.name) !== undefined) return undefined;
  if (cookieValue(cookieHeader, cookies.dontRememberToken.name) !== undefined) return undefined;
  const signed = cookieValue(cookieHeader, cookies.sessionToken.name);
  if (!signed) return undefined;
  const dot = signed.lastIndexOf(".");
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (dot < 1 || signature.length !== 44 || !signature.endsWith("=")) return undefined;
  const expected = createHmac("sha256", auth.secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;

  const [row] = await staffSessionRows(appDatabase(), token);
  if (!row) return undefined;
  const expiresAt = row.expiresAt.getTime();
  const { expiresIn, updateAge } = auth.sessionConfig;
  // Expired, or old enough for better-auth to push its expiry out: its getSession does that.
  if (expiresAt < Date.now() || expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now()) return undefined;
  if (!row.companyId || !row.role) return null;
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    email: row.email,
    emailVerified: row.emailVerified,
    isOwner: row.ownerId === row.userId,
    fullName: row.fullName,
    role: row.role,
    companyId: row.companyId,
    companyName: row.companyName ?? "",
    timeZone: row.timeZone,
    unreadNotifications: row.unreadNotifications,
  };
}

/*
 * The statement of every signed-in request, prepared once per database (and by PostgreSQL once per
 * connection, `preparedTokenRead`): planning its four-table join took PostgreSQL 0.4 to 1.2 ms, ten
 * times running it. A session is no company's row, so no tenancy condition: it says who the company is.
 */
function staffSessionRows(db: Database, token: string) {
  return preparedTokenRead(
    db,
    "staff_session",
    () =>
      db
        .select({
          sessionId: session.id,
          expiresAt: session.expiresAt,
          userId: user.id,
          email: user.email,
          emailVerified: user.emailVerified,
          ...MEMBERSHIP,
        })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .leftJoin(profiles, eq(profiles.id, user.id))
        .leftJoin(companies, eq(companies.id, profiles.companyId))
        .where(eq(session.token, sql.placeholder("token"))),
    { token },
  );
}

/** One cookie's value as better-call reads it (the first of that name, unquoted, URI-decoded), or undefined. */
export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The guard of every staff loader and action: the signed-in staff member whose role has the
 * permission (app/lib/permissions.ts), a 403 for one whose role has not, or a redirect to /login
 * that brings a visitor back here afterwards.
 */
export async function requireStaff(request: Request, context: Readonly<RouterContextProvider>, permission: Permission): Promise<Staff> {
  const staff = await getStaff(request, context);
  if (staff) return authorize(staff, permission);
  const url = new URL(request.url);
  const back = request.method === "GET" ? url.pathname + url.search : url.pathname;
  throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
}

/** The page a role without the permission meets, in place of the page or the action's answer. */
export const NO_ACCESS = "Your role does not give you access to this. Ask an admin of your company if you need it.";

/** The staff member, if their role has the permission; otherwise a 403 (an action's intent that needs more than its page). */
export function authorize(staff: Staff, permission: Permission): Staff {
  if (can(staff.role, permission)) return staff;
  throw data(NO_ACCESS, { status: 403 });
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
