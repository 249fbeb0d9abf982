import type { Route } from "./+types/settings-audit-export";
import { AuditFiltersQuerySchema } from "~/schemas/audit";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { auditCsvChunks, auditCsvFileName } from "~/server/audit/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { streamedResponse } from "~/server/platform/streamed-response.server";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader needs (app/lib/permissions.ts, decision 096): admins only, as the page. */
export const access = { loader: "company.manage" } as const satisfies RouteAccess;

/**
 * /settings/audit/export.csv?action=&member=&subject=&from=&to=: every entry of the trail that
 * Settings › Audit shows with these filters, as a CSV file streamed as it is read (decision 115).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const filters = parseQuery(AuditFiltersQuerySchema, request.url);
  return streamedResponse(
    auditCsvChunks(appDatabase(), staff, filters, staffTimeZone(request, staff)),
    {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${auditCsvFileName()}"`,
      "Cache-Control": "no-store",
    },
    "settings/audit/export.csv",
  );
}
