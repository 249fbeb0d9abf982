import { describe, expect, it } from "vitest";
import { createStaff, TEST_COMPANY_NAME, TEST_FULL_NAME } from "../factories";
import { callLoader, callRoute, type RouteFunction, setUpAppTestDatabase } from "../helpers/route-test";

interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}

// Every staff route module, found on disk, so a new page cannot slip past this test: pages (.tsx) and
// resource routes without a page (.ts, such as the CSV export).
const modules = import.meta.glob<RouteModule>("../../app/routes/staff/**/*.{ts,tsx}", { eager: true });

const bed = setUpAppTestDatabase();

const params = new Proxy({} as Record<string, string>, { get: () => "00000000-0000-4000-8000-000000000000" });

describe("the staff guard", () => {
  const entries = Object.entries(modules).flatMap(([file, mod]) =>
    (["loader", "action"] as const).filter((kind) => mod[kind]).map((kind) => ({ file, kind, fn: mod[kind]! })),
  );

  it("covers the staff pages", () => {
    expect(entries.map((e) => `${e.file.split("/").pop()} ${e.kind}`)).toEqual(
      expect.arrayContaining(["layout.tsx loader", "dashboard.tsx loader", "jobs-list.tsx loader", "candidates-export.ts loader"]),
    );
  });

  it.each(entries.map((e) => [`${e.file.split("/").pop()} ${e.kind}`, e] as const))(
    "%s sends a visitor without a session to /login and remembers the page",
    async (_name, entry) => {
      const form = entry.kind === "action" ? {} : undefined;
      const answer = await callRoute(entry.fn, { path: "/manage/jobs?status=draft", form, params });
      expect(answer.response).toBeInstanceOf(Response);
      expect(answer.status).toBe(302);
      const expected = entry.kind === "loader" ? "/manage/jobs?status=draft" : "/manage/jobs";
      expect(answer.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: expected })}`);
    },
  );

  it("lets a signed-in staff member through and refuses a forged cookie", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const layout = Object.entries(modules).find(([file]) => file.endsWith("/layout.tsx"))![1];
    const ok = await callLoader(layout.loader!, { path: "/dashboard", cookie, params });
    expect(ok.data).toMatchObject({ displayName: TEST_FULL_NAME, role: "Owner", companyName: TEST_COMPANY_NAME });

    const forged = cookie.replace(/=([^.;]+)/, "=forged");
    const refused = await callLoader(layout.loader!, { path: "/dashboard", cookie: forged, params });
    expect(refused.response).toBeInstanceOf(Response);
    expect(refused.status).toBe(302);
  });

  it("sends a staff member from /manage to the jobs list (decision 136)", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const manage = Object.entries(modules).find(([file]) => file.endsWith("/manage.ts"))![1];
    const answer = await callLoader(manage.loader!, { path: "/manage", cookie, params });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/manage/jobs");
  });
});
