import { and, eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { companies, profiles } from "../../../db/schema";
import { appDatabase } from "../platform/db.server";
import { responseCookiesContext } from "../platform/request-context.server";
import type { Actor } from "../platform/tenancy.server";
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
