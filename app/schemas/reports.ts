import { APPLICATION_SOURCES } from "./application-source";
import { queryDate, queryId, queryValue } from "./query";
import { z } from "./zod";

/** The report's pages (decision 105): the pipeline (funnel, sources, job health), speed, volume and team. */
export const REPORT_VIEWS = ["pipeline", "speed", "volume", "team"] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/**
 * The query of the reports page and of its CSV files (decision 104):
 * /reports?job=&source=&member=&from=&to=. Each field falls back on its own (decision 053): a bad
 * value is no filter. The dates are days in the reader's time zone; without them the report covers
 * the last twelve months.
 */
export const ReportsQuerySchema = z.object({
  job: queryId(),
  source: queryValue(z.enum(APPLICATION_SOURCES).optional(), undefined),
  /** A member of the company: the jobs whose hiring team they are on. */
  member: queryValue(z.string().trim().min(1).max(100).optional(), undefined),
  from: queryDate(),
  to: queryDate(),
  /** Which of the report's pages (decision 105): the pipeline (funnel, sources, job health), speed, volume or team. */
  view: queryValue(z.enum(REPORT_VIEWS), "pipeline"),
  /** Candidates stuck in a stage longer than this many days (decision 105). */
  stuck: queryValue(z.coerce.number().int().min(1).max(365).optional(), undefined),
});

export type ReportsQuery = z.output<typeof ReportsQuerySchema>;

/** The report tables a CSV file can hold: /reports/export.csv?report=…&<the page's filters>. */
export const REPORT_TABLES = ["funnel", "sources", "speed", "weeks", "hires", "job-volume", "team", "jobs"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export const ReportExportQuerySchema = ReportsQuerySchema.extend({
  report: queryValue(z.enum(REPORT_TABLES), "funnel"),
});

/**
 * The applications list's filters that a report's numbers link with (decision 104):
 * /applications?source=&member=&applied_from=&applied_to=&reached=&hired=1&interviewed=1, the dates
 * days in the reader's time zone. Also part of the bulk actions' selection, so "Select all matching"
 * acts on what the list shows.
 */
export const reportedApplicationsQuery = {
  source: queryValue(z.enum(APPLICATION_SOURCES).optional(), undefined),
  member: queryValue(z.string().trim().min(1).max(100).optional(), undefined),
  applied_from: queryDate(),
  applied_to: queryDate(),
  reached: queryValue(z.string().trim().min(1).max(100).optional(), undefined),
  hired: queryValue(z.literal("1").optional(), undefined),
  interviewed: queryValue(z.literal("1").optional(), undefined),
  /** Hired in this month, YYYY-MM (decision 105). */
  hired_month: queryValue(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional(), undefined),
  /** Active, not hired, and in their stage longer than this many days (decision 105)… */
  stuck_days: queryValue(z.coerce.number().int().min(1).max(365).optional(), undefined),
  /** …in the job's stage of this name (any case). */
  stuck_in: queryValue(z.string().trim().min(1).max(100).optional(), undefined),
};

export type ReportedApplicationsQuery = z.output<z.ZodObject<typeof reportedApplicationsQuery>>;

/** The set ones among them, in a stable order: the hidden fields and links that carry them. */
export function reportedEntries(query: ReportedApplicationsQuery): [string, string][] {
  return (Object.keys(reportedApplicationsQuery) as (keyof ReportedApplicationsQuery)[]).flatMap((key) =>
    query[key] ? [[key, String(query[key])] as [string, string]] : [],
  );
}
