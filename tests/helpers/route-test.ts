import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { setAppAuth } from "~/server/accounts/auth.server";
import { applicationEmailWorker } from "~/server/mail/candidate-emails.server";
import { mailerFor } from "~/server/mail/mailer.server";
import { setAppDatabase } from "~/server/platform/db.server";
import { clientIpContext, responseCookiesContext } from "~/server/platform/request-context.server";
import { type AccountsTestbed, createAccountsTestbed, createTestDatabase, type TestDatabase } from "./test-database";

/**
 * For tests that call route loaders and actions: a fresh database for this file, made the app's
 * own (what `appDatabase()` and `appAuth()` answer) while the file runs.
 */
export function setUpAppTestDatabase(): { readonly t: TestDatabase } {
  const holder = {} as { t: TestDatabase };
  beforeAll(async () => {
    holder.t = await createTestDatabase();
    setAppDatabase(holder.t);
    setAppAuth(holder.t.auth);
  });
  afterAll(async () => {
    // An application's emails are written and sent in the background: they finish before the database closes.
    await applicationEmailWorker(holder.t.db).idle();
    await mailerFor(holder.t.db).idle();
    setAppDatabase(undefined);
    setAppAuth(undefined);
    await holder.t.destroy();
  });
  return holder;
}

/** As setUpAppTestDatabase, with the accounts testbed (a loopback SMTP server and its mailbox) as the app's. */
export function setUpAppAccountsTestbed(): { readonly bed: AccountsTestbed } {
  const holder = {} as { bed: AccountsTestbed };
  beforeAll(async () => {
    holder.bed = await createAccountsTestbed();
    setAppDatabase(holder.bed.t);
    setAppAuth(holder.bed.auth);
  });
  afterAll(async () => {
    setAppDatabase(undefined);
    setAppAuth(undefined);
    await holder.bed.destroy();
  });
  return holder;
}

/** The request context the HTTP server gives a route: a client IP and a place for refreshed cookies. */
function routeContext(ip = "127.0.0.1"): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  context.set(responseCookiesContext, []);
  return context;
}

/** The Cookie header for a list of Set-Cookie headers (cookies being cleared are left out). */
export const cookieFrom = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

/** One call of a loader or action, as the HTTP server would make it. */
export interface RouteCall {
  /** Path and query, e.g. `/jobs?q=berlin`. */
  path: string;
  /** Form fields: the request is a POST with this body (URL-encoded, or multipart for FormData). */
  form?: Record<string, string> | URLSearchParams | FormData;
  /** The request method; POST with a form, else GET. */
  method?: string;
  /** The Cookie header (a session from `createStaff`). */
  cookie?: string;
  /** The client IP the rate limits see; 127.0.0.1 by default. */
  ip?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/** What a loader or action answered, however it answered: returned or thrown, `data()`, a Response or a value. */
export interface RouteAnswer<D> {
  status: number;
  /** What `data()` carried or the value returned; undefined for a Response. */
  data: D;
  headers: Headers;
  /** The Response returned or thrown (redirects, not found, resource routes), else undefined. */
  response: Response | undefined;
  /** Whether the route threw its answer (to the error boundary, or a redirect). */
  thrown: boolean;
  /**
   * The Set-Cookie headers the route left in the request context for the root middleware to send
   * with the page (a refreshed session, a notice's cookie cleared); not part of `headers`.
   */
  responseCookies: string[];
}

/** Any loader or action of any route. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any loader or action of any route
export type RouteFunction = (args: any) => unknown;
/** The payload of a route's answer: `data()`'s data, or the value returned. */
type DataOf<R> = R extends DataWithResponseInit<infer D> ? D : Exclude<R, Response>;

/** The Request a route gets for `call`. */
function routeRequest(call: RouteCall): Request {
  const method = call.method ?? (call.form ? "POST" : "GET");
  const headers = new Headers(call.headers);
  if (call.cookie) headers.set("cookie", call.cookie);
  const body = call.form && !(call.form instanceof FormData) && !(call.form instanceof URLSearchParams) ? new URLSearchParams(call.form) : call.form;
  return new Request(new URL(call.path, "http://localhost"), { method, headers, body });
}

/** `data()`'s result (told by its type tag, as React Router tells it). */
function isDataWithResponseInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function answerOf<D>(value: unknown, thrown: boolean, responseCookies: string[]): RouteAnswer<D> {
  if (value instanceof Response) return { status: value.status, data: undefined as D, headers: value.headers, response: value, thrown, responseCookies };
  if (isDataWithResponseInit(value)) {
    // A thrown `data()` without a status is a 500 to React Router, as any error is.
    const status = value.init?.status ?? (thrown ? 500 : 200);
    return { status, data: value.data as D, headers: new Headers(value.init?.headers), response: undefined, thrown, responseCookies };
  }
  return { status: 200, data: value as D, headers: new Headers(), response: undefined, thrown, responseCookies };
}

/** Calls a loader or action with `call`'s request, context and params, and reads its answer. */
export async function callRoute<F extends RouteFunction>(fn: F, call: RouteCall): Promise<RouteAnswer<DataOf<Awaited<ReturnType<F>>>>> {
  const context = routeContext(call.ip);
  const args = { request: routeRequest(call), context, params: call.params ?? {} };
  const cookies = () => [...(context.get(responseCookiesContext) ?? [])];
  try {
    const value = await fn(args);
    return answerOf(value, false, cookies());
  } catch (error) {
    if (error instanceof Response || isDataWithResponseInit(error)) return answerOf(error, true, cookies());
    throw error;
  }
}

/** A loader's answer: a GET of `call.path`. */
export const callLoader = <F extends RouteFunction>(loader: F, call: RouteCall) => callRoute(loader, call);

/** An action's answer: a POST of `call.form` (empty if none) to `call.path`. */
export const callAction = <F extends RouteFunction>(action: F, call: RouteCall) => callRoute(action, { ...call, form: call.form ?? {} });
