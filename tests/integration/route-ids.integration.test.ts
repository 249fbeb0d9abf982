import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import * as applicationRoute from "~/routes/staff/application";
import * as teamSettingsRoute from "~/routes/staff/settings-team";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callRoute, type RouteFunction, setUpAppTestDatabase } from "../helpers/route-test";

interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}

// Every route module, and every route of the app's route table, so a new page with an id cannot slip past.
const modules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });

/** Parameters that are not row ids: slugs follow the title; tokens, blog post and careers position numbers are their own. */
const NOT_IDS = new Set(["blog/:id", "careers/:id", "invitations/:token"]);

function flatten(entries: readonly RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.path ? [{ path, file: entry.file }] : []), ...flatten(entry.children ?? [], path)];
  });
}

const idRoutes = flatten(routes).filter((route) => route.path.includes(":") && !NOT_IDS.has(route.path) && !route.path.includes("*"));

const bed = setUpAppTestDatabase();

describe("a malformed id in the address", () => {
  it("is checked on every route with an id", () => {
    expect(idRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "manage/jobs/:jobId",
        "manage/jobs/:id/edit",
        "manage/jobs/:id/status",
        "manage/jobs/:id/preview",
        "applications/:applicationId",
        "email-templates/:templateId/edit",
        "jobs/:id",
        "jobs/:id/:slug",
        "jobs/:id/:slug/apply",
      ]),
    );
  });

  it.each(["nope", "1", "00000000-0000-0000-0000-00000000000g", "' or 1=1 --"])(
    "answers 404 from every loader and action, signed in, for %j",
    async (bad) => {
      const { cookie } = await createStaff(bed.t.db, bed.t.auth);
      for (const route of idRoutes) {
        const mod = modules[`../../app/${route.file}`];
        expect(mod, route.file).toBeDefined();
        const params = Object.fromEntries(
          [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, name === "slug" ? "some-job" : bad]),
        );
        const path = `/${route.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name]!))}`;
        for (const kind of ["loader", "action"] as const) {
          const fn = mod![kind];
          if (!fn) continue;
          const form = kind === "action" ? { intent: "move", status: "closed" } : undefined;
          const { status } = await callRoute(fn, { path, form, cookie, params });
          expect(`${route.path} ${kind}: ${status}`).toBe(`${route.path} ${kind}: 404`);
        }
      }
    },
  );
});

describe("a malformed id in a form field", () => {
  it("is a 400 with a message on the application page, never a database error", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff);
    const application = await createTestApplication(bed.t.db, job);
    const post = (form: Record<string, string>) =>
      callAction(applicationRoute.action, { path: `/applications/${application.id}`, form, cookie, params: { applicationId: application.id } });
    const refused = (errors: Record<string, string>) => ({ status: 400, thrown: false, data: { errors } });
    expect(await post({ intent: "reject", reasonId: "nope" })).toMatchObject(refused({ reasonId: "Please choose a reason" }));
    expect(await post({ intent: "cancel-email", messageId: "nope" })).toMatchObject({ status: 409, thrown: false });
    expect(await post({ intent: "move", stageId: "nope" })).toMatchObject(refused({ stageId: "Please choose a stage" }));
  });

  it("is a 404 when revoking an invitation in settings", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const answer = await callAction(teamSettingsRoute.action, { path: "/settings/team", form: { intent: "revoke-invitation", invitationId: "nope" }, cookie });
    expect(answer.status).toBe(404);
  });
});
