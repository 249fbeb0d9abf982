import type { z } from "zod";

/** What a field without a `.max()` of its own may echo: a choice (checkbox, enum) or unbounded text. */
const CHOICE_MAX = 100;
const UNBOUNDED_TEXT_MAX = 10_000;

/**
 * The maximum length of each text field a form schema checks, by the field's form name
 * (`custom_fields.<id>` for nested objects), read from the schema's own `.max()` rules.
 */
export function maxLengthsOf(schema: z.ZodType): Map<string, number> {
  const limits = new Map<string, number>();
  collect(schema, "", limits, 0);
  return limits;
}

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
}

function collect(schema: z.ZodType, name: string, limits: Map<string, number>, depth: number) {
  if (depth > 20) return;
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  if (def.type === "string") {
    const max = (schema as unknown as { maxLength: number | null }).maxLength;
    if (name && !limits.has(name)) limits.set(name, max ?? UNBOUNDED_TEXT_MAX);
    return;
  }
  if (["boolean", "enum", "literal", "number"].includes(def.type)) {
    if (name && !limits.has(name)) limits.set(name, CHOICE_MAX);
    return;
  }
  if (def.type === "object") {
    const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
    for (const [key, field] of Object.entries(shape)) collect(field, name ? `${name}.${key}` : key, limits, depth + 1);
    return;
  }
  for (const inner of [def.in, def.out, def.innerType]) if (inner) collect(inner, name, limits, depth + 1);
}

/**
 * The submitted values a form may show again after a failure: only the form's own fields,
 * and none longer than its maximum (a megabyte pasted into a name field is not sent back).
 */
export function echoFormValues(values: Record<string, string>, limits: ReadonlyMap<string, number>): Record<string, string> {
  const echo: Record<string, string> = {};
  for (const [name, max] of limits) {
    const value = values[name];
    if (value !== undefined && value.length <= max) echo[name] = value;
  }
  return echo;
}

/** Longest email address a mail system accepts (RFC 5321); a longer one is not sent back. */
export const EMAIL_ECHO_MAX = 254;

/** One submitted value to show again, or "" when it is missing or longer than `max`. */
export function echoValue(value: string | undefined, max: number = EMAIL_ECHO_MAX): string {
  return value !== undefined && value.length <= max ? value : "";
}
