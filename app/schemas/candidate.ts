import { candidateEmailField, candidateNameField } from "./application";
import { CV_FIELD_NAME, cvChoiceField } from "./cv";
import { isUuid } from "./id";
import { queryId, queryPage, queryValue } from "./query";
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
