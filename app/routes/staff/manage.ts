import { redirect } from "react-router";
import type { Route } from "./+types/manage";
import { requireStaff } from "~/server/accounts/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader needs (app/lib/permissions.ts, decision 096): the jobs list's own permission. */
export const access = { loader: "jobs.view" } as const satisfies RouteAccess;

/**
 * /manage, the address above every job's pages, is the jobs list (decision 136). It is also what
 * React Router matches for a board's route manifest, and a route found early costs less than none.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, access.loader);
  return redirect("/manage/jobs");
}
