import { isSingleLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

export const FORM_FIELD_TYPES = ["text", "textarea", "select", "checkbox", "radio"] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Field types whose answers are picked from a list of options. */
export const FIELD_TYPES_WITH_OPTIONS: readonly FormFieldType[] = ["select", "radio"];

/** A field id: generated, safe to use in a form control's name (no dots or spaces). */
export const FIELD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** One custom field of a job's application form (stored in jobs.form_schema). */
export const FormFieldSchema = z.object({
  id: z.string().regex(FIELD_ID_PATTERN),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string().trim().min(1).max(200).refine(isSingleLineText, TEXT_MESSAGES.singleLine),
  required: z.boolean(),
  options: z.array(z.string().max(200).refine(isSingleLineText, TEXT_MESSAGES.singleLine)).optional(),
  placeholder: z.string().max(200).refine(isSingleLineText, TEXT_MESSAGES.singleLine).optional(),
  order: z.number().int().min(1),
});

export type FormField = z.infer<typeof FormFieldSchema>;

/** Spec section 5: options are entered comma-separated, trimmed, empty items dropped. */
export function parseOptions(text: string): string[] {
  return text
    .split(",")
    .map((option) => option.trim())
    .filter((option) => option !== "");
}

/**
 * A new field id: 16 random bytes as hex. (crypto.getRandomValues works on plain-http pages too,
 * where browsers leave crypto.randomUUID out.)
 */
export function newFieldId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A field as the form-field builder edits it: options as the comma-separated text the user
 * typed, `required` as a checkbox. `fieldFromDraft` turns it into a stored field.
 */
export interface FormFieldDraft {
  id: string;
  type: FormFieldType;
  label: string;
  required: boolean;
  placeholder: string;
  options: string;
}

export function draftFromField(field: FormField): FormFieldDraft {
  return {
    id: field.id,
    type: field.type,
    label: field.label,
    required: field.required,
    placeholder: field.placeholder ?? "",
    options: (field.options ?? []).join(", "),
  };
}

/**
 * Drafts → stored fields: a field is added only if it has a label; options only for select and
 * radio; order renumbered from 1 (spec section 5).
 */
export function fieldsFromDrafts(drafts: readonly FormFieldDraft[]): unknown[] {
  return drafts
    .filter((draft) => draft.label.trim() !== "")
    .map((draft, index) => {
      const withOptions = FIELD_TYPES_WITH_OPTIONS.includes(draft.type);
      return {
        id: draft.id,
        type: draft.type,
        label: draft.label.trim(),
        required: draft.required,
        ...(withOptions ? { options: parseOptions(draft.options) } : {}),
        ...(draft.placeholder.trim() ? { placeholder: draft.placeholder.trim() } : {}),
        order: index + 1,
      };
    });
}
