import { isCleanMultiLineText, isSingleLineText, TEXT_MESSAGES } from "./text";
import { idField } from "./id";
import { z } from "./zod";

/** The merge fields a template may use, with what each becomes and a sample for the preview. */
export const MERGE_FIELDS = [
  { token: "{{candidate_name}}", description: "The candidate's full name", sample: "Jane Doe" },
  { token: "{{job_title}}", description: "The job's title", sample: "Senior Software Engineer" },
  { token: "{{company_name}}", description: "Your company's name", sample: "Acme Inc." },
  { token: "{{stage_name}}", description: "The candidate's pipeline stage", sample: "First Interview" },
] as const;

/** Every {{…}} in a text whose name is not a merge field, once each, as written ("{{first_name}}"). */
export function unknownMergeFields(text: string): string[] {
  const known = new Set<string>(MERGE_FIELDS.map((field) => field.token.slice(2, -2)));
  const unknown = new Set<string>();
  for (const [whole, name] of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) if (!known.has(name!)) unknown.add(whole);
  return [...unknown];
}

/** A {{field}} that is not a merge field would reach the candidate as written: refused, naming the known ones (issue 13). */
function refuseUnknownMergeFields(text: string, ctx: z.RefinementCtx) {
  const unknown = unknownMergeFields(text);
  if (unknown.length === 0) return;
  const known = MERGE_FIELDS.map((field) => field.token).join(", ");
  ctx.addIssue({ code: "custom", message: `Unknown merge ${unknown.length === 1 ? "field" : "fields"} ${unknown.join(", ")}. Known fields: ${known}.` });
}

export const EmailTemplateSchema = z.object({
  name: z
    .string({ error: "Template name is required" })
    .trim()
    .min(1, "Template name is required")
    .max(120, "Template name must be at most 120 characters")
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine),
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(200, "Subject must be at most 200 characters")
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine)
    .superRefine(refuseUnknownMergeFields),
  body: z
    .string({ error: "Body is required" })
    .trim()
    .min(1, "Body is required")
    .max(20000, "Body must be at most 20,000 characters")
    .refine(isCleanMultiLineText, TEXT_MESSAGES.controlCharacters)
    .superRefine(refuseUnknownMergeFields),
});
export type EmailTemplateInput = z.infer<typeof EmailTemplateSchema>;

/** An email to one candidate as sent: a template's subject and body rules, filled in or written by hand. */
export const ComposeEmailSchema = EmailTemplateSchema.pick({ subject: true, body: true });

/** Fills the merge fields with values (unknown {{fields}} stay as they are). */
export function renderTemplate(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}

/** The preview's values: the samples of the merge fields. */
export const SAMPLE_MERGE_VALUES: Record<string, string> = Object.fromEntries(
  MERGE_FIELDS.map((field) => [field.token.slice(2, -2), field.sample]),
);

/** Delete from the template list; an id that names no template is the list's "no longer exists". */
export const TEMPLATE_GONE_MESSAGE = "That template no longer exists.";
export const DeleteTemplateSchema = z.object({ intent: z.literal("delete"), id: idField(TEMPLATE_GONE_MESSAGE) });
