/** Spec: the lowercase title with each run of non-alphanumeric characters turned into one hyphen. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function jobPath(job: { id: string; title: string }): string {
  return `/jobs/${job.id}/${slugify(job.title)}`;
}
