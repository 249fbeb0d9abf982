import type { z } from "zod";

/** Field name → first message, the shape every form shows next to its fields. */
export type FieldErrors = Partial<Record<string, string>>;

export type ParseResult<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

/** Plain object of a form's entries (the last value wins for repeated names). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string") values[key] = value;
    // A chosen file is described, so one schema can check it in the browser and on the server
    // (which streams the file elsewhere and describes it the same way).
    else if (value.name !== "" || value.size > 0) values[key] = chosenFileValue(value.size);
  }
  return values;
}

/** How a form's values describe a chosen file: its size in bytes (`file:1024`). */
export function chosenFileValue(size: number): string {
  return `file:${size}`;
}

/** The size of the file a value describes, or null when it describes none. */
export function chosenFileSize(value: unknown): number | null {
  const match = typeof value === "string" ? /^file:(\d+)$/.exec(value) : null;
  return match ? Number(match[1]) : null;
}

/** Runs a schema over form values and keeps the first message per field. */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown): ParseResult<z.infer<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "form";
    errors[key] ??= issue.message;
  }
  return { success: false, errors };
}
