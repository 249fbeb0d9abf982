import type { Route } from "./+types/job-choices";
import { JobChoicesQuerySchema } from "~/schemas/application-review";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { findJobChoices } from "~/server/applications/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "applications.view" } as const satisfies RouteAccess;

/**
 * The jobs the applications list's job filter offers for what the user typed (decision 077): a
 * resource route the filter loads as they type, a few jobs at a time, so the list's own page does
 * not carry every job the company has.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const { q } = parseQuery(JobChoicesQuerySchema, request.url);
  return findJobChoices(appDatabase(), staff, q);
}
