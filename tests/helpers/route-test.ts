import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { setAppAuth } from "~/server/auth.server";
import { setAppDatabase } from "~/server/db.server";
import { clientIpContext, responseCookiesContext } from "~/server/request-context.server";
import { createTestDatabase, type TestDatabase } from "./test-database";

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
    setAppDatabase(undefined);
    setAppAuth(undefined);
    await holder.t.destroy();
  });
  return holder;
}

/** The request context the HTTP server gives a route: a client IP and a place for refreshed cookies. */
export function routeContext(ip = "127.0.0.1"): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  context.set(responseCookiesContext, []);
  return context;
}
