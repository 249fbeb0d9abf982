import { ticked } from "./privacy";
import { queryId, queryValue } from "./query";
import { z } from "./zod";

/**
 * The equal-opportunity survey (issue 17, decision 118): a company may ask candidates, voluntarily,
 * a few fixed questions about who they are. The answers are kept apart from the application (a row
 * of their own naming only the company, the job and the month), never shown to the hiring team, and
 * reported to admins only in totals with small groups hidden. Shared by Settings › Privacy, the
 * apply form (browser and server), the job board API and the report.
 */

/** Every question's answer a candidate may always give. */
export const PREFER_NOT_TO_SAY = "prefer_not_to_say";

export interface EeoQuestion {
  key: string;
  /** The question as the apply form asks it. */
  label: string;
  /** Its name in Settings and the report. */
  title: string;
  options: readonly { value: string; label: string }[];
}

const preferNot = { value: PREFER_NOT_TO_SAY, label: "Prefer not to say" } as const;

/**
 * The fixed questions, each with fixed answers and always "Prefer not to say". Broad groups only and
 * no free text: a rare answer typed in would name the person it came from.
 */
export const EEO_QUESTIONS = [
  {
    key: "gender",
    title: "Gender",
    label: "What is your gender?",
    options: [
      { value: "woman", label: "Woman" },
      { value: "man", label: "Man" },
      { value: "non_binary", label: "Non-binary" },
      { value: "another", label: "Another gender" },
      preferNot,
    ],
  },
  {
    key: "age_range",
    title: "Age range",
    label: "What is your age?",
    options: [
      { value: "under_25", label: "Under 25" },
      { value: "25_34", label: "25–34" },
      { value: "35_44", label: "35–44" },
      { value: "45_54", label: "45–54" },
      { value: "55_64", label: "55–64" },
      { value: "65_plus", label: "65 or over" },
      preferNot,
    ],
  },
  {
    key: "ethnicity",
    title: "Ethnic group",
    label: "What is your ethnic group?",
    options: [
      { value: "asian", label: "Asian or Asian British" },
      { value: "black", label: "Black, African, Caribbean or Black British" },
      { value: "mixed", label: "Mixed or multiple ethnic groups" },
      { value: "white", label: "White" },
      { value: "another", label: "Another ethnic group" },
      preferNot,
    ],
  },
  {
    key: "disability",
    title: "Disability",
    label: "Do you consider yourself to have a disability or a long-term health condition?",
    options: [{ value: "yes", label: "Yes" }, { value: "no", label: "No" }, preferNot],
  },
] as const satisfies readonly EeoQuestion[];

export type EeoQuestionKey = (typeof EEO_QUESTIONS)[number]["key"];
export const EEO_QUESTION_KEYS = EEO_QUESTIONS.map((question) => question.key) as EeoQuestionKey[];

/** A candidate's answers: question key → answer value, only the questions answered. */
export type EeoAnswers = Partial<Record<EeoQuestionKey, string>>;

export const eeoQuestion = (key: EeoQuestionKey): EeoQuestion => EEO_QUESTIONS.find((question) => question.key === key)!;
/** A question's field in the apply form and the job board API: `eeo.gender`. */
export const eeoFieldName = (key: EeoQuestionKey) => `eeo.${key}`;
/** A question's box in Settings › Privacy: `question_gender`. */
export const eeoSettingName = (key: EeoQuestionKey) => `question_${key}`;

export const EEO_SURVEY_TITLE = "Equal-opportunity survey (voluntary)";
/** What the apply form says before the questions, in plain words. */
export const eeoSurveyExplanation = (companyName: string) =>
  `${companyName} asks these questions to check that its hiring is fair to everyone. Answering is optional: ` +
  "skip any question or all of them. Your answers are kept apart from your application, are never shown to the people " +
  "who decide on it, and are only ever reported as totals.";

export const EEO_MESSAGES = {
  questionsRequired: "Choose at least one question to ask, or turn the survey off",
  invalidAnswer: "Please choose one of the answers",
} as const;

/** Settings › Privacy › Equal-opportunity survey: on or off, and a box per question. */
export const EeoSurveySettingsSchema = z
  .object({
    enabled: ticked,
    ...Object.fromEntries(EEO_QUESTION_KEYS.map((key) => [eeoSettingName(key), ticked])),
  })
  .transform((value) => {
    const flags = value as Record<string, boolean>;
    return { enabled: value.enabled, questions: EEO_QUESTION_KEYS.filter((key) => flags[eeoSettingName(key)]) };
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.questions.length === 0) ctx.addIssue({ code: "custom", path: ["questions"], message: EEO_MESSAGES.questionsRequired });
  });
export type EeoSurveySettingsInput = z.output<typeof EeoSurveySettingsSchema>;

/** The questions a company's survey asks: none when it is off. */
export const askedEeoQuestions = (enabled: boolean, questions: readonly string[]): EeoQuestionKey[] =>
  enabled ? EEO_QUESTION_KEYS.filter((key) => questions.includes(key)) : [];

/**
 * The apply form's survey answers (`eeo.gender`, …), every one optional: a blank is no answer,
 * anything else must be one of the question's answers. Questions not asked are not read, so their
 * fields are ignored. The output holds only the answers given: `{}` when none.
 */
export function eeoAnswersSchema(questions: readonly EeoQuestionKey[]) {
  return z
    .object(
      Object.fromEntries(
        questions.map((key) => {
          const values: readonly string[] = eeoQuestion(key).options.map((option) => option.value);
          return [
            key,
            z
              .string()
              .trim()
              .max(100, EEO_MESSAGES.invalidAnswer)
              .optional()
              .refine((value) => !value || values.includes(value), EEO_MESSAGES.invalidAnswer)
              .transform((value) => (value ? value : undefined)),
          ];
        }),
      ),
    )
    .transform((answers) => Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined)) as EeoAnswers);
}

/** Groups smaller than this are hidden in the report (decision 118). */
export const EEO_MIN_GROUP = 5;

/** /reports/equal-opportunity?job=&from=YYYY-MM&to=YYYY-MM: a bad value is no filter (decision 053). */
const month = () => queryValue(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional(), undefined);
export const EeoReportQuerySchema = z.object({
  job: queryId(),
  from: month(),
  to: month(),
});
export type EeoReportQuery = z.output<typeof EeoReportQuerySchema>;
