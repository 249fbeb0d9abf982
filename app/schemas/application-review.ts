import { idField as id, isUuid } from "./id";
import { queryCursor, queryId, querySearch, queryValue, queryValues } from "./query";
import { z } from "./zod";
import { reportedApplicationsQuery } from "./reports";

export const APPLICATION_STATUSES = ["active", "withdrawn", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * The query of the applications list: /applications?job=&stage=&status=&q= (a stage only with its job)
 * and a report's filters (`reportedApplicationsQuery`, decision 104),
 * with ?after= (the next page) or ?before= (the previous page) a row's cursor.
 */
export const ApplicationsQuerySchema = z.object({
  job: queryId(),
  stage: queryId(),
  status: queryValue(z.enum(APPLICATION_STATUSES).optional(), undefined),
  q: querySearch(),
  ...reportedApplicationsQuery,
  after: queryCursor(),
  before: queryCursor(),
});

/** The query of the job filter's choices: /applications/job-choices?q= (part of a title). */
export const JobChoicesQuerySchema = z.object({
  q: queryValue(z.string().trim().max(200), ""),
});

/**
 * The query of the pipeline board: one ?more=<stageId> per "Show more" pressed on that column, and
 * ?rejected=<pages> showing the lane of applications that are not active (decision 090).
 */
export const PipelineQuerySchema = z.object({
  more: queryValues(z.string().refine(isUuid)),
  rejected: queryValue(z.coerce.number().int().min(1).max(100), 0),
});

/** The query of the application page: ?template=<id> previews that template for the candidate. */
/**
 * The application page's sections, one at a time (`?tab=`), as recruiters know them from other
 * ATSs: the page loads and renders only the section shown (decision 100).
 */
export const APPLICATION_TABS = ["overview", "feedback", "email", "notes", "history"] as const;
export type ApplicationTab = (typeof APPLICATION_TABS)[number];

export const ApplicationQuerySchema = z.object({
  tab: queryValue(z.enum(APPLICATION_TABS), "overview"),
  template: queryId(),
  /** `all`: the whole email thread, every note, the whole history, not only the newest (the page's size stays small). */
  thread: queryValue(z.literal("all").optional(), undefined),
  notes: queryValue(z.literal("all").optional(), undefined),
  history: queryValue(z.literal("all").optional(), undefined),
  /** `1`: the Schedule interview form opens (a pipeline card's "Schedule interview" leads here). */
  schedule: queryValue(z.literal("1").optional(), undefined),
});

/** The board's drag and drop, and the application page's stage select. */
export const MoveApplicationSchema = z.object({
  intent: z.literal("move"),
  applicationId: id("Application not found"),
  stageId: id("Please choose a stage"),
});

/** Withdraw or reactivate from the application page (rejecting asks for a reason: RejectSchema). */
export const ChangeStatusSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(["active", "withdrawn"], { error: "Please choose a status" }),
});

/** Status badge colours of the spec: active green, withdrawn grey, rejected red, anything else blue. */
export function applicationStatusTone(status: string): "green" | "grey" | "red" | "blue" {
  return status === "active" ? "green" : status === "withdrawn" ? "grey" : status === "rejected" ? "red" : "blue";
}

export const HIRE_MESSAGES = {
  date: "Please give the day they were hired, as YYYY-MM-DD",
  notActive: "Only an active application can be hired: reactivate it first.",
  alreadyHired: "This candidate is already hired for this job.",
} as const;

/** Hire from the application page (decision 094): the day they were hired (their start date). */
export const HireSchema = z.object({
  intent: z.literal("hire"),
  hiredOn: z
    .string({ error: HIRE_MESSAGES.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, HIRE_MESSAGES.date)
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) && value >= "2000-01-01" && value <= "2100-12-31";
    }, HIRE_MESSAGES.date),
});
