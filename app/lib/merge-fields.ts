/** The merge fields an email template may use, with what each is replaced by. */
export const MERGE_FIELDS = ["candidate_name", "job_title", "company_name", "stage_name"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

/** Replaces each {{field}} (spaces inside the braces allowed); unknown fields are left as written. */
export function fillMergeFields(text: string, values: MergeValues): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    (MERGE_FIELDS as readonly string[]).includes(name) ? values[name as MergeField] : whole,
  );
}

/** Every {{…}} in a text whose name is not a merge field, once each, as written ("{{first_name}}"). */
export function unknownMergeFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const [whole, name] of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
    if (!(MERGE_FIELDS as readonly string[]).includes(name!)) unknown.add(whole);
  }
  return [...unknown];
}

/** What a template with an unknown merge field is told: which ones, and the fields there are. */
export function unknownMergeFieldsMessage(unknown: readonly string[]): string {
  const known = MERGE_FIELDS.map((field) => `{{${field}}}`).join(", ");
  return `Unknown merge ${unknown.length === 1 ? "field" : "fields"} ${unknown.join(", ")}. Known fields: ${known}.`;
}
