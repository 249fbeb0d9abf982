import { z } from "./zod";
import { APPLICATION_MESSAGES, customFieldName } from "./application-messages";
import { type CvFieldSetting, cvChoiceField, CV_FIELD_NAME } from "./cv";
import { type EeoQuestionKey, eeoAnswersSchema, eeoFieldName } from "./eeo";
import type { FormField } from "./form-field";
import { consentFields } from "./privacy";
import { isCleanMultiLineText, isSingleLineText, TEXT_MESSAGES } from "./text";

export { APPLICATION_MESSAGES, customFieldName, HONEYPOT_FIELD } from "./application-messages";

const MAX_TEXT = 10_000;

const url = z
  .string()
  .trim()
  .max(2000, APPLICATION_MESSAGES.invalidUrl)
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(
    z
      .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: APPLICATION_MESSAGES.invalidUrl })
      .optional(),
  );

/** A candidate's full name, as the apply form and "Add candidate" take it; `tooLong` speaks to whoever types it. */
export const candidateNameField = (tooLong: string) =>
  z
    .string({ error: APPLICATION_MESSAGES.nameRequired })
    .trim()
    .min(1, APPLICATION_MESSAGES.nameRequired)
    .max(200, tooLong)
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine);

/** A candidate's email address, as the apply form and "Add candidate" take it. */
export const candidateEmailField = () =>
  z
    .string({ error: APPLICATION_MESSAGES.invalidEmail })
    .trim()
    .max(254, APPLICATION_MESSAGES.invalidEmail)
    .pipe(z.email(APPLICATION_MESSAGES.invalidEmail));

/** One custom field's answer: text for text-like fields, a boolean for a checkbox. */
function answerSchema(field: FormField): z.ZodType<string | boolean | undefined> {
  if (field.type === "checkbox") {
    const checked = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
    return field.required ? checked.refine((value) => value, APPLICATION_MESSAGES.fieldRequired) : checked;
  }
  const text = z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z
      .string()
      .max(MAX_TEXT, `Please keep this under ${MAX_TEXT.toLocaleString("en-US")} characters`)
      .refine(field.type === "textarea" ? isCleanMultiLineText : isSingleLineText, {
        message: field.type === "textarea" ? TEXT_MESSAGES.controlCharacters : TEXT_MESSAGES.singleLine,
      }),
  );
  const choices = field.type === "select" || field.type === "radio" ? (field.options ?? []) : undefined;
  return text
    .refine((value) => !field.required || value !== "", APPLICATION_MESSAGES.fieldRequired)
    .refine((value) => !choices || value === "" || choices.includes(value), APPLICATION_MESSAGES.invalidChoice)
    .transform((value) => (value === "" ? undefined : value));
}

/**
 * The apply form of one job: the four standard fields (and the CV unless the job hides it), then
 * the job's custom fields in order, then the company's equal-opportunity survey when it asks one
 * (decision 118: every question optional), then the consent boxes.
 * Takes the flat form values (`custom_fields.<id>`, `eeo.<question>`); answers keyed by field id,
 * survey answers by question.
 */
export function applicationSchema(formSchema: readonly FormField[], cvField: CvFieldSetting = "hidden", eeoQuestions: readonly EeoQuestionKey[] = []) {
  const fields = [...formSchema].sort((a, b) => a.order - b.order);
  const custom = z.object(Object.fromEntries(fields.map((field) => [field.id, answerSchema(field)])));
  return z.preprocess(
    (values) => {
      const flat = (values ?? {}) as Record<string, unknown>;
      const answers: Record<string, unknown> = {};
      for (const field of fields) answers[field.id] = flat[customFieldName(field)];
      const eeo: Record<string, unknown> = {};
      for (const key of eeoQuestions) eeo[key] = flat[eeoFieldName(key)];
      return { ...flat, custom_fields: answers, eeo };
    },
    z.object({
      candidate_name: candidateNameField("Please keep your name under 200 characters"),
      candidate_email: candidateEmailField(),
      // The CV, when the job asks for one (decision 083): checked from its description (`file:<bytes>`).
      ...(cvField === "hidden" ? {} : { [CV_FIELD_NAME]: cvChoiceField(cvField) }),
      resume_url: url,
      cover_letter: z
        .string()
        .trim()
        .max(MAX_TEXT, `Please keep your cover letter under ${MAX_TEXT.toLocaleString("en-US")} characters`)
        .refine(isCleanMultiLineText, TEXT_MESSAGES.controlCharacters)
        .optional()
        .transform((value) => (value ? value : undefined)),
      custom_fields: custom.transform((answers) =>
        Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined)) as Record<string, string | boolean>,
      ),
      // The equal-opportunity survey's answers (decision 118), stored apart from the application.
      eeo: eeoAnswersSchema(eeoQuestions),
      // Agreeing to the company's privacy notice (required) and staying in its talent pool (decision 114).
      ...consentFields,
    }),
  );
}

export type ApplicationData = z.output<ReturnType<typeof applicationSchema>>;
