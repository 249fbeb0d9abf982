import { describe, expect, it } from "vitest";
import { actionPermission, can, type Permission, ROLES, type Role, type RouteAccess } from "~/lib/permissions";
import { NO_ACCESS } from "~/server/accounts/session.server";
import { createMember, createStaff } from "../factories";
import { callRoute, type RouteFunction, setUpAppTestDatabase } from "../helpers/route-test";

/*
 * The permission table (app/lib/permissions.ts, decision 096) over every staff route and action,
 * for every role: generated from the routes found on disk and the access each declares, so a new
 * page, a new intent or a changed permission cannot slip past it. A role without the permission
 * meets a 403; a role with it gets past the guard to whatever the route answers an unknown id or an
 * empty form (a 404, a 400, a page), never a 403.
 */

interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
  access?: RouteAccess;
}

const modules = import.meta.glob<RouteModule>("../../app/routes/staff/**/*.{ts,tsx}", { eager: true });
const routes = Object.entries(modules)
  .filter(([, mod]) => mod.loader || mod.action)
  .map(([file, mod]) => ({ name: file.split("/").pop()!, mod }));

const bed = setUpAppTestDatabase();
const params = new Proxy({} as Record<string, string>, { get: () => "00000000-0000-4000-8000-000000000000" });

/** Each call: the route, loader or action (with an intent), and the permission it needs. */
const calls = routes.flatMap(({ name, mod }) => {
  const access = mod.access ?? {};
  const list: { label: string; fn: RouteFunction; kind: "loader" | "action"; intent?: string; permission: Permission }[] = [];
  if (mod.loader && access.loader) list.push({ label: `${name} loader`, fn: mod.loader, kind: "loader", permission: access.loader });
  if (mod.action && access.action) {
    if (typeof access.action === "string") list.push({ label: `${name} action`, fn: mod.action, kind: "action", permission: access.action });
    else
      for (const intent of Object.keys(access.action)) {
        const sent = intent === "*" ? "some-other-intent" : intent;
        list.push({ label: `${name} action ${sent}`, fn: mod.action, kind: "action", intent: sent, permission: actionPermission(access, sent) });
      }
  }
  return list;
});

describe("the permission table over every staff route", () => {
  it("has every staff loader and action declare what it needs", () => {
    const undeclared = routes.flatMap(({ name, mod }) => [
      ...(mod.loader && !mod.access?.loader ? [`${name} loader`] : []),
      ...(mod.action && !mod.access?.action ? [`${name} action`] : []),
    ]);
    expect(undeclared).toEqual([]);
    expect(calls.length).toBeGreaterThan(40);
  });

  const cookies = new Map<Role, string>();
  async function cookieOf(role: Role): Promise<string> {
    if (cookies.size === 0) {
      const owner = await createStaff(bed.t.db, bed.t.auth);
      cookies.set("admin", owner.cookie);
      for (const other of ROLES.filter((r) => r !== "admin")) {
        cookies.set(other, (await createMember(bed.t.db, bed.t.auth, owner.staff, other)).cookie);
      }
    }
    return cookies.get(role)!;
  }

  const cases = calls.flatMap((call) => ROLES.map((role) => [`${call.label} as ${role}`, call, role] as const));
  it.each(cases)("%s", async (_label, call, role) => {
    const cookie = await cookieOf(role);
    const form: Record<string, string> | undefined = call.kind === "action" ? (call.intent ? { intent: call.intent } : {}) : undefined;
    const answer = await callRoute(call.fn, { path: "/dashboard", form, params, cookie });
    if (can(role, call.permission)) {
      expect(answer.status, `${role} may ${call.permission}`).not.toBe(403);
    } else {
      expect(answer.status, `${role} may not ${call.permission}`).toBe(403);
      expect(answer.data).toBe(NO_ACCESS);
    }
  });
});
