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
