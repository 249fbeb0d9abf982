import { CSV_BOM, csvLine } from "~/lib/csv";
import { sourceLabel } from "~/lib/source-label";
import type { ReportTable } from "~/schemas/reports";
import type { ReportedApplications } from "../applications/queries.server";
import type { Queryable } from "../platform/db.server";
import type { Actor } from "../platform/tenancy.server";
import { funnelReport, JOB_HEALTH_FILE_LIMIT, jobHealthReport, sourcesReport } from "./reports.server";

/** A report's table as CSV (decision 104): the page's table, row for row, numbers as numbers. */
export async function reportCsv(db: Queryable, actor: Actor, report: ReportTable, filters: ReportedApplications): Promise<string> {
  switch (report) {
    case "funnel": {
      const funnel = await funnelReport(db, actor, filters);
      return (
        CSV_BOM +
        csvLine(["Stage", "Reached", "Conversion %", "Drop-off"]) +
        funnel.steps.map((step) => csvLine([step.stage, step.reached, step.conversion, step.dropOff])).join("")
      );
    }
    case "jobs": {
      const { rows } = await jobHealthReport(db, actor, filters, JOB_HEALTH_FILE_LIMIT);
      return (
        CSV_BOM +
        csvLine(["Job", "Opened", "Days open", "Applicants", "Applicants per day", "Last activity", "Quiet for days"]) +
        rows.map((row) => csvLine([row.title, row.openedAt.slice(0, 10), row.daysOpen, row.applicants, row.perDay, row.lastActivityAt.slice(0, 10), row.quietDays])).join("")
      );
    }
    case "sources": {
      const rows = await sourcesReport(db, actor, filters);
      return (
        CSV_BOM +
        csvLine(["Source", "Applications", "Interviewed", "Hired", "Share hired %"]) +
        rows.map((row) => csvLine([sourceLabel(row.source, null), row.applications, row.interviewed, row.hired, row.conversion])).join("")
      );
    }
  }
}
