import type { Route } from "./+types/job-choices";
import { JobChoicesQuerySchema } from "~/schemas/application-review";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { findJobChoices } from "~/server/applications/queries.server";
import { appDatabase } from "~/server/platform/db.server";

/**
 * The jobs the applications list's job filter offers for what the user typed (decision 077): a
 * resource route the filter loads as they type, a few jobs at a time, so the list's own page does
 * not carry every job the company has.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const { q } = parseQuery(JobChoicesQuerySchema, request.url);
  return findJobChoices(appDatabase(), staff, q);
}
