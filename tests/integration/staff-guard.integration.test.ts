import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createStaff, TEST_COMPANY_NAME, TEST_FULL_NAME } from "../factories";
import { routeContext, setUpAppTestDatabase } from "../helpers/route-test";

type RouteFn = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => unknown;
interface RouteModule {
  loader?: RouteFn;
  action?: RouteFn;
}

// Every staff route module, found on disk, so a new page cannot slip past this test.
const modules = import.meta.glob<RouteModule>("../../app/routes/staff/**/*.tsx", { eager: true });

const bed = setUpAppTestDatabase();

const context = () => routeContext();

const params = new Proxy({} as Record<string, string>, { get: () => "00000000-0000-4000-8000-000000000000" });

async function outcome(fn: RouteFn, request: Request): Promise<unknown> {
  try {
    return await fn({ request, context: context(), params });
  } catch (thrown) {
    return thrown;
  }
}

describe("the staff guard", () => {
  const entries = Object.entries(modules).flatMap(([file, mod]) =>
    (["loader", "action"] as const).filter((kind) => mod[kind]).map((kind) => ({ file, kind, fn: mod[kind]! })),
  );

  it("covers the staff pages", () => {
    expect(entries.map((e) => `${e.file.split("/").pop()} ${e.kind}`)).toEqual(
      expect.arrayContaining(["layout.tsx loader", "dashboard.tsx loader", "jobs-list.tsx loader"]),
    );
  });

  it.each(entries.map((e) => [`${e.file.split("/").pop()} ${e.kind}`, e] as const))(
    "%s sends a visitor without a session to /login and remembers the page",
    async (_name, entry) => {
      const method = entry.kind === "loader" ? "GET" : "POST";
      const request = new Request("http://localhost/manage/jobs?status=draft", {
        method,
        body: method === "POST" ? new FormData() : undefined,
      });
      const result = await outcome(entry.fn, request);
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      expect(response.status).toBe(302);
      const expected = method === "GET" ? "/manage/jobs?status=draft" : "/manage/jobs";
      expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: expected })}`);
    },
  );

  it("lets a signed-in staff member through and refuses a forged cookie", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const layout = Object.entries(modules).find(([file]) => file.endsWith("/layout.tsx"))![1];
    const ok = await outcome(layout.loader!, new Request("http://localhost/dashboard", { headers: { cookie } }));
    expect(ok).toMatchObject({ displayName: TEST_FULL_NAME, role: "Owner", companyName: TEST_COMPANY_NAME });

    const forged = cookie.replace(/=([^.;]+)/, "=forged");
    const refused = await outcome(layout.loader!, new Request("http://localhost/dashboard", { headers: { cookie: forged } }));
    expect((refused as Response).status).toBe(302);
  });
});
