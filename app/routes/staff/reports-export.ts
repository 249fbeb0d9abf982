import type { Route } from "./+types/reports-export";
import type { RouteAccess } from "~/lib/permissions";
import { parseQuery } from "~/schemas/query";
import { ReportExportQuerySchema } from "~/schemas/reports";
import { instantToZonedTime } from "~/schemas/zoned-time";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import { reportCsv } from "~/server/reports/export.server";
import { reportFiltersFor } from "~/server/reports/reports.server";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "reports.view" } as const satisfies RouteAccess;

/**
 * /reports/export.csv?report=<a REPORT_TABLES table>&<the page's filters> (decision 104): a report's table as
 * a CSV file, the same numbers the page shows for the same filters.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const query = parseQuery(ReportExportQuerySchema, request.url);
  const timeZone = staffTimeZone(request, staff);
  const filters = reportFiltersFor(staff, query, instantToZonedTime(new Date(), timeZone).date);
  const file = await reportCsv(appDatabase(), staff, query.report, filters, timeZone);
  return new Response(file, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${query.report}-${filters.from}-to-${filters.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
