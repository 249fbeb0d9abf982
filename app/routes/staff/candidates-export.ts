import type { Route } from "./+types/candidates-export";
import { shownCandidateFilters } from "~/lib/candidate-filters";
import { CandidateFiltersQuerySchema } from "~/schemas/candidate";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { candidatesCsvChunks, candidatesCsvFileName } from "~/server/candidates/export.server";
import { candidateFiltersOf } from "~/server/candidates/queries.server";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import { appDatabase } from "~/server/platform/db.server";
import { streamedResponse } from "~/server/platform/streamed-response.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "candidates.manage" } as const satisfies RouteAccess;

/**
 * /candidates/export.csv?q=&source=&tag=&job=…: every candidate the list shows with these filters, as a CSV
 * file, streamed as it is read (decision 085). A failure while streaming ends the download as
 * failed (the browser says so), never as a file that looks complete.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  // The list's own query and reading of it: the file holds what the list shows, every page of it.
  const filters = candidateFiltersOf(shownCandidateFilters(parseQuery(CandidateFiltersQuerySchema, request.url)), staffTimeZone(request, staff));
  return streamedResponse(
    candidatesCsvChunks(appDatabase(), staff, filters),
    {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${candidatesCsvFileName()}"`,
      "Cache-Control": "no-store",
    },
    "candidates/export.csv",
  );
}
