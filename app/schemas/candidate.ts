import { candidateEmailField, candidateNameField } from "./application";
import { APPLICATION_STATUSES } from "./application-review";
import { APPLICATION_SOURCES } from "./application-source";
import { CV_FIELD_NAME, cvChoiceField } from "./cv";
import { isUuid } from "./id";
import { type PageCursor, queryDate, queryId, queryPage, querySearch, queryValue, textCursorSchema, timeCursorSchema } from "./query";
import { isSingleLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

/** An optional single line of text: "" and spaces are none. */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine)
    .optional()
    .transform((value) => (value ? value : undefined));

/** An optional row id from a form ("" is none). */
const optionalId = (message: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isUuid(value), message);

/**
 * "Add candidate" (issue 12): a person a recruiter found themselves, with an optional job and stage
 * to put them in. The name and email follow the apply form's rules.
 */
export const AddCandidateSchema = z.object({
  name: candidateNameField("Please keep the name under 200 characters"),
  email: candidateEmailField(),
  phone: optionalLine(40, "Please keep the phone number under 40 characters").refine(
    (value) => value === undefined || /^\+?[0-9 ()./-]{4,}$/.test(value),
    "Please enter a phone number (digits, spaces, + ( ) - .)",
  ),
  source: optionalLine(200, "Please keep the source under 200 characters"),
  job: optionalId("Choose one of your jobs"),
  stage: optionalId("Choose a stage of the job"),
  [CV_FIELD_NAME]: cvChoiceField("optional"),
});

export type AddCandidateInput = z.output<typeof AddCandidateSchema>;

/** The query of "Add candidate": /candidates/new?job=&stage= (the pipeline's Add Candidate names its job and a stage). */
export const AddCandidateQuerySchema = z.object({ job: queryId(), stage: queryId() });

// ---------------------------------------------------------------------------
// Duplicates and merge (decision 085)
// ---------------------------------------------------------------------------

/** The merge confirmation's query: /candidates/:id/merge?with=<the candidate merged into this one>. */
export const MergeCandidatesQuerySchema = z.object({ with: queryId() });

/** "Not a duplicate" on a candidate's page: the other candidate of the pair. */
export const DismissDuplicateSchema = z.object({
  intent: z.literal("not-duplicate"),
  other: z.string({ error: "Candidate not found" }).refine(isUuid, "Candidate not found"),
});

/** "Merge candidates" on the confirmation page: the candidate merged into the one whose page it is. */
export const MergeCandidatesSchema = z.object({
  with: z.string({ error: "Candidate not found" }).refine(isUuid, "Candidate not found"),
});

// ---------------------------------------------------------------------------
// CSV import (decision 085)
// ---------------------------------------------------------------------------

/** The largest file the import takes, and the most rows (the header not counted). */
export const CANDIDATE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CANDIDATE_IMPORT_MAX_ROWS = 10_000;
/** How long a preview can be confirmed; older ones are swept on the company's next upload. */
export const CANDIDATE_IMPORT_KEPT_HOURS = 24;

/** The columns an import reads, by their header (any case); the others are ignored. */
export const CANDIDATE_IMPORT_COLUMNS = ["Name", "Email", "Phone", "Source", "Job", "Stage"] as const;
export const CANDIDATE_IMPORT_REQUIRED_COLUMNS = ["Name", "Email"] as const;

export const IMPORT_MESSAGES = {
  noFile: "Choose a CSV file to import",
  tooLarge: `The file is larger than ${CANDIDATE_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files`,
} as const;

/**
 * One row of a CSV import: a person as "Add candidate" takes them (the same rules for the name,
 * email, phone and source), and the job by its title or id and the stage by its name, as written
 * in the file (the server finds them among the company's).
 */
export const CandidateImportRowSchema = AddCandidateSchema.pick({ name: true, email: true, phone: true, source: true }).extend({
  job: optionalLine(200, "Please keep the job under 200 characters"),
  stage: optionalLine(200, "Please keep the stage under 200 characters"),
});

export type CandidateImportRow = z.output<typeof CandidateImportRowSchema>;

/** The import preview's query: ?page=N (100 rows a page) and ?show=errors for the rows with errors only. */
export const CandidateImportQuerySchema = z.object({
  page: queryPage(),
  show: queryValue(z.enum(["errors"]).optional(), undefined),
});

// ---------------------------------------------------------------------------
// Tags (issue 12, decision 084)
// ---------------------------------------------------------------------------

/** The longest tag name, in characters. */
export const TAG_NAME_MAX = 50;
/** How many candidates one "Add tag" or "Remove tag" of the list may name (the list shows 25 a page). */
export const BULK_TAG_LIMIT = 250;

export const TAG_MESSAGES = {
  required: "Enter a tag",
  tooLong: `Please keep a tag to ${TAG_NAME_MAX} characters or fewer`,
  intent: "Choose Add tag or Remove tag",
  noneSelected: "Select at least one candidate",
  tooMany: `Select at most ${BULK_TAG_LIMIT} candidates at a time`,
  badIds: "Some of the selected candidates were not found: nothing was changed",
} as const;

/**
 * A tag's name as typed: one line, trimmed, runs of spaces made one, 1 to 50 characters. The case
 * is kept; the database finds an existing tag whatever the case ("backend" is "Backend").
 */
export const tagNameField = () =>
  z
    .string({ error: TAG_MESSAGES.required })
    .trim()
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine)
    .transform((value) => value.replace(/\s+/g, " "))
    .pipe(z.string().min(1, TAG_MESSAGES.required).max(TAG_NAME_MAX, TAG_MESSAGES.tooLong));

const tagIntent = z.enum(["add-tag", "remove-tag"], { error: TAG_MESSAGES.intent });

/** The candidate page's Tags panel: "Add tag" (a name typed or suggested) and each tag's remove button. */
export const CandidateTagSchema = z.object({
  intent: tagIntent,
  tag: tagNameField(),
});

export type CandidateTagInput = z.output<typeof CandidateTagSchema>;

/**
 * The candidates list's bar: "Add tag" or "Remove tag" for the candidates ticked on the page (each
 * a `candidateIds` field), at most BULK_TAG_LIMIT of them; a repeated id counts once.
 */
export const BulkTagSchema = z.object({
  intent: tagIntent,
  tag: tagNameField(),
  candidateIds: z
    .array(z.string(), { error: TAG_MESSAGES.noneSelected })
    .transform((ids) => [...new Set(ids)])
    .pipe(
      z
        .array(z.string())
        .min(1, TAG_MESSAGES.noneSelected)
        .max(BULK_TAG_LIMIT, TAG_MESSAGES.tooMany)
        .refine((ids) => ids.every(isUuid), TAG_MESSAGES.badIds),
    ),
});

export type BulkTagInput = z.output<typeof BulkTagSchema>;

// The candidates list's query
// ---------------------------------------------------------------------------

export const CANDIDATE_SORTS = ["activity", "name"] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

/** A place in the candidates list, in the order it belongs to (a cursor of the other order is dropped). */
export type CandidateCursor = PageCursor & { sort: CandidateSort };

/** A cursor of either order: "<microseconds>_<uuid>" by last activity, "<name>~<uuid>" by name. */
const queryCandidateCursor = () =>
  queryValue(
    z
      .union([
        timeCursorSchema.transform((cursor): CandidateCursor => ({ ...cursor, sort: "activity" })),
        textCursorSchema.transform((cursor): CandidateCursor => ({ ...cursor, sort: "name" })),
      ])
      .optional(),
    undefined,
  );

/**
 * The query of the candidates list: /candidates?q=&job=&stage=&status=&tag=&source=&applied_from=&applied_to=&sort=,
 * with ?after= or ?before= a row's cursor. Each field falls back on its own (decision 053): a bad
 * value is no filter. The stage counts only with its job; the dates are days in the reader's time zone.
 */
export const CandidatesQuerySchema = z.object({
  q: querySearch(),
  job: queryId(),
  stage: queryId(),
  status: queryValue(z.enum(APPLICATION_STATUSES).optional(), undefined),
  tag: queryValue(tagNameField().optional(), undefined),
  source: queryValue(z.enum(APPLICATION_SOURCES).optional(), undefined),
  applied_from: queryDate(),
  applied_to: queryDate(),
  sort: queryValue(z.enum(CANDIDATE_SORTS), "activity"),
  after: queryCandidateCursor(),
  before: queryCandidateCursor(),
});

export type CandidatesQuery = z.output<typeof CandidatesQuerySchema>;

/** The candidates list's filters without a place in it: what its CSV export reads (decision 085). */
export const CandidateFiltersQuerySchema = CandidatesQuerySchema.omit({ after: true, before: true });
