import { CSV_BOM, csvLine } from "~/lib/csv";
import { sourceLabel } from "~/lib/source-label";
import type { ReportTable } from "~/schemas/reports";
import type { Queryable } from "../platform/db.server";
import type { Actor } from "../platform/tenancy.server";
import type { ShownReportFilters } from "~/lib/report-filters";
import { funnelReport, JOB_HEALTH_FILE_LIMIT, jobHealthReport, reportedApplicationsOf, sourcesReport } from "./reports.server";
import { speedReport } from "./speed.server";
import { teamReport } from "./team.server";
import { jobVolumes, monthlyHires, weeklyApplications } from "./volume.server";
import { RECOMMENDATION_OPTIONS } from "~/schemas/scorecard";

/**
 * A report's table as CSV (decision 104): the page's table, row for row, numbers as numbers, for the
 * page's filters read where the reader is. The speed report's measures are one table, a row each; the
 * volume report is three tables, a file each (decision 105).
 */
export async function reportCsv(db: Queryable, actor: Actor, report: ReportTable, shown: ShownReportFilters, timeZone: string): Promise<string> {
  const filters = reportedApplicationsOf(shown, timeZone);
  switch (report) {
    case "funnel": {
      const funnel = await funnelReport(db, actor, filters);
      return (
        CSV_BOM +
        csvLine(["Stage", "Reached", "Conversion %", "Drop-off"]) +
        funnel.steps.map((step) => csvLine([step.stage, step.reached, step.conversion, step.dropOff])).join("")
      );
    }
    case "speed": {
      const speed = await speedReport(db, actor, filters, timeZone, shown.stuck);
      return (
        CSV_BOM +
        csvLine(["Measure", "Stage", "Count", "Median days", "75th percentile days"]) +
        csvLine(["Time to hire", "", speed.timeToHire.count, speed.timeToHire.median, speed.timeToHire.p75]) +
        csvLine(["Time to fill", "", speed.timeToFill.count, speed.timeToFill.median, speed.timeToFill.p75]) +
        speed.timeInStage.map((row) => csvLine(["Time in stage", row.stage, row.stays, row.median, null])).join("") +
        speed.stuck.map((row) => csvLine([`Waiting more than ${speed.stuckDays} days`, row.stage, row.waiting, null, null])).join("")
      );
    }
    case "weeks": {
      const weeks = await weeklyApplications(db, actor, shown, filters, timeZone);
      return CSV_BOM + csvLine(["Week from", "Week to", "Applications"]) + weeks.map((week) => csvLine([week.from, week.to, week.applications])).join("");
    }
    case "hires": {
      const months = await monthlyHires(db, actor, shown, filters);
      return CSV_BOM + csvLine(["Month", "Hires"]) + months.map((month) => csvLine([month.month, month.hires])).join("");
    }
    case "job-volume": {
      const jobs = await jobVolumes(db, actor, shown, filters, timeZone);
      return CSV_BOM + csvLine(["Job", "Applications", "Hired"]) + jobs.map((job) => csvLine([job.title, job.applications, job.hired])).join("");
    }
    case "team": {
      const team = await teamReport(db, actor, filters);
      return (
        CSV_BOM +
        csvLine(["Member", "Moves", "Feedback submitted", "Emails sent", ...RECOMMENDATION_OPTIONS.map((option) => option.label)]) +
        team
          .map((member) => csvLine([member.name, member.moved, member.feedback, member.emailed, ...RECOMMENDATION_OPTIONS.map((option) => member.recommendations[option.value])]))
          .join("")
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
