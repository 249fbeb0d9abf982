import { z } from "./zod";

/** The overall recommendation, worst to best, and how it is said (issue 13). */
export const RECOMMENDATION_OPTIONS = [
  { value: "strong_no", label: "Strong no" },
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
  { value: "strong_yes", label: "Strong yes" },
] as const;
export type Recommendation = (typeof RECOMMENDATION_OPTIONS)[number]["value"];
export const RECOMMENDATION_LABELS = Object.fromEntries(RECOMMENDATION_OPTIONS.map((o) => [o.value, o.label])) as Record<Recommendation, string>;

/** An attribute's rating, 1 to 4. */
export const RATING_OPTIONS = [
  { value: 1, label: "Poor" },
  { value: 2, label: "Mixed" },
  { value: 3, label: "Good" },
  { value: 4, label: "Excellent" },
] as const;
export const RATING_LABELS: Record<number, string> = Object.fromEntries(RATING_OPTIONS.map((o) => [o.value, o.label]));

export const SCORECARD_MESSAGES = {
  recommendation: "Choose your overall recommendation before submitting.",
  notes: "Notes are at most 5,000 characters.",
  rating: "Choose a rating from 1 to 4.",
} as const;

/**
 * A scorecard as the form posts it: `rating.<attributeId>` per rated attribute (left out when not
 * rated), the recommendation and notes. Saving a draft needs nothing; submitting needs the
 * recommendation (decision 099).
 */
export const ScorecardSchema = z
  .object({
    intent: z.enum(["save-scorecard", "submit-scorecard"]),
    recommendation: z.enum(RECOMMENDATION_OPTIONS.map((o) => o.value) as [Recommendation, ...Recommendation[]], { error: SCORECARD_MESSAGES.recommendation }).optional(),
    notes: z.string().trim().max(5000, SCORECARD_MESSAGES.notes).default(""),
    ratings: z.record(z.string().max(100), z.coerce.number({ error: SCORECARD_MESSAGES.rating }).int(SCORECARD_MESSAGES.rating).min(1, SCORECARD_MESSAGES.rating).max(4, SCORECARD_MESSAGES.rating)).default({}),
  })
  .superRefine((input, ctx) => {
    if (input.intent === "submit-scorecard" && !input.recommendation) ctx.addIssue({ code: "custom", path: ["recommendation"], message: SCORECARD_MESSAGES.recommendation });
  });

/** The form's flat values as the schema reads them: `rating.<id>` fields gathered into `ratings`, empty ones left out. */
export function scorecardInput(values: Record<string, string>) {
  const ratings: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (key.startsWith("rating.") && value !== "") ratings[key.slice("rating.".length)] = value;
  return { intent: values.intent, recommendation: values.recommendation || undefined, notes: values.notes ?? "", ratings };
}

/** An interview-plan attribute as its forms post it: a name and an optional category. */
export const ScorecardAttributeSchema = z.object({
  category: z.string().trim().max(60, "A category is at most 60 characters.").default(""),
  name: z.string().trim().min(1, "Name the attribute").max(80, "An attribute's name is at most 80 characters."),
});

/** The interview plan page's forms (decision 099): add an attribute to a stage, remove one, copy the company's defaults to a stage. */
export const InterviewPlanActionSchema = z.discriminatedUnion("intent", [
  ScorecardAttributeSchema.extend({ intent: z.literal("add-attribute"), stageId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("remove-attribute"), attributeId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("copy-defaults"), stageId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("set-entry-feedback"), stageId: z.string().min(1).max(100), on: z.enum(["1", "0"]) }),
]);

/** Settings › Hiring's default scorecard forms. */
export const DefaultAttributeActionSchema = z.discriminatedUnion("intent", [
  ScorecardAttributeSchema.extend({ intent: z.literal("add-attribute") }),
  z.object({ intent: z.literal("remove-attribute"), attributeId: z.string().min(1).max(100) }),
]);
