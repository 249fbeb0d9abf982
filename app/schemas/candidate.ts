import { candidateEmailField, candidateNameField } from "./application";
import { CV_FIELD_NAME, cvChoiceField } from "./cv";
import { isUuid } from "./id";
import { queryId } from "./query";
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
