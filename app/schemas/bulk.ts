import { APPLICATION_STATUSES } from "./application-review";
import { idField, isUuid } from "./id";
import { REJECTION_EMAIL_DELAYS, REJECTION_MESSAGES } from "./rejection";
import { tagNameField } from "./candidate";
import { reportedApplicationsQuery } from "./reports";
import { z } from "./zod";

/** At most this many applications per bulk action (the server's BULK_LIMIT). */
export const BULK_MAX = 1000;

export const BULK_MESSAGES = {
  none: "Select at least one application.",
  tooMany: `Select at most ${BULK_MAX.toLocaleString("en-US")} applications at once.`,
  oneJob: "Moving to a stage needs applications of one job: filter the list by the job first.",
  templateGone: "That template no longer exists. Please choose another.",
  stage: "Please choose a stage",
  gone: "None of the selected applications exists any more.",
  noCandidates: "Select at least one candidate.",
  tooManyCandidates: `Select at most ${BULK_MAX.toLocaleString("en-US")} candidates at once.`,
  candidatesNeedJob: "Moving and rejecting act on the candidates' applications to one job: filter the list by the job first.",
} as const;

const DELAY_VALUES = REJECTION_EMAIL_DELAYS.map((delay) => delay.value) as [string, ...string[]];

/**
 * Which applications a bulk action is for: the ticked ones (`applicationIds`, repeated), or with
 * `all=1` every one the list's filters match (job, stage, status, search), up to BULK_MAX.
 */
export const BulkSelectionSchema = z
  .object({
    applicationIds: z.array(z.string()).default([]),
    all: z.preprocess((value) => value === "1" || value === "on", z.boolean()).default(false),
    job: z.string().refine(isUuid).optional().catch(undefined),
    stage: z.string().refine(isUuid).optional().catch(undefined),
    status: z.enum(APPLICATION_STATUSES).optional().catch(undefined),
    q: z.string().trim().max(200).optional().catch(undefined),
    ...reportedApplicationsQuery,
  })
  .superRefine((selection, ctx) => {
    if (selection.all) return;
    const ids = selection.applicationIds.filter(isUuid);
    if (ids.length === 0) ctx.addIssue({ code: "custom", path: ["applicationIds"], message: BULK_MESSAGES.none });
    if (new Set(ids).size > BULK_MAX) ctx.addIssue({ code: "custom", path: ["applicationIds"], message: BULK_MESSAGES.tooMany });
  });

/** The applications list's bulk actions (issue 13), each with BulkSelectionSchema: move to a stage of the filtered job… */
export const BulkMoveSchema = z.object({ intent: z.literal("bulk-move"), stageId: idField(BULK_MESSAGES.stage) });

/** …or reject for a reason, with the company's template as each candidate's email ("" for none), now or later. */
export const BulkRejectSchema = z.object({
  intent: z.literal("bulk-reject"),
  reasonId: idField(REJECTION_MESSAGES.reason),
  templateId: z.string().refine((value) => value === "" || isUuid(value), BULK_MESSAGES.templateGone).default(""),
  delay: z.enum(DELAY_VALUES, { error: "Please choose when to send the email" }).default("0"),
});

/** …or email each candidate a template, filled in for them, now… */
export const BulkEmailSchema = z.object({
  intent: z.literal("bulk-email"),
  emailTemplateId: idField("Please choose a template"),
});

/** …or tag their candidates. */
export const BulkTagSchema = z.object({ intent: z.literal("bulk-tag"), tag: tagNameField() });

/**
 * The candidates list's bulk actions on their applications (issue 13): the ticked candidates
 * (`candidateIds`, repeated), each once; ids that name nothing are dropped.
 */
export const BulkCandidatesSchema = z.object({
  candidateIds: z
    .array(z.string())
    .transform((ids) => [...new Set(ids.filter(isUuid))])
    .pipe(z.array(z.string()).min(1, BULK_MESSAGES.noCandidates).max(BULK_MAX, BULK_MESSAGES.tooManyCandidates)),
});
