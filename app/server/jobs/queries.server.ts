import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { companies, jobs, pipelineStages } from "../../../db/schema";
import type { JOB_STATUSES } from "~/schemas/job";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned, ownedSql, seesJob } from "../platform/tenancy.server";
import { keysetPage, keysetQuery, cursorAt, type KeysetPosition } from "../platform/keyset.server";
import { isUuid } from "~/schemas/id";

/** Jobs a page of the staff job list shows. */
export const STAFF_JOBS_PAGE_SIZE = 25;

export interface StaffJobFilters extends KeysetPosition {
  q?: string;
  status?: (typeof JOB_STATUSES)[number];
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of the company's jobs, newest first (keyset pages, decision 060), with their real
 * application counts: the sum of each job's stage counters, not a count of its applications.
 */
export async function listStaffJobs(db: Queryable, actor: Actor, filters: StaffJobFilters) {
  const conditions: (SQL | undefined)[] = [owned(jobs, actor), seesJob(jobs.id, actor)];
  if (filters.status) conditions.push(eq(jobs.status, filters.status));
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(or(ilike(jobs.title, pattern), ilike(jobs.description, pattern), ilike(jobs.location, pattern))!);
  }
  const keyset = keysetQuery(jobs.createdAt, jobs.id, filters, STAFF_JOBS_PAGE_SIZE);
  const rows = await db
    .select({
      id: jobs.id,
      cursorAt: cursorAt(jobs.createdAt),
      title: jobs.title,
      location: jobs.location,
      type: jobs.type,
      remoteType: jobs.remoteType,
      status: jobs.status,
      featured: jobs.featured,
      createdAt: jobs.createdAt,
      companyName: companies.name,
      applications: sql<number>`(select coalesce(sum(c.applications), 0)::int from stage_counts c
        where c.job_id = ${jobs.id} and ${ownedSql("c", actor)})`,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(...conditions, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  const page = keysetPage(rows, filters, STAFF_JOBS_PAGE_SIZE);
  return { ...page, rows: page.rows.map(({ cursorAt: _, ...job }) => job) };
}

/** The fields of a job that both the edit form and the preview read. */
const JOB_FIELDS = {
  id: jobs.id,
  title: jobs.title,
  description: jobs.description,
  requirements: jobs.requirements,
  location: jobs.location,
  type: jobs.type,
  remoteType: jobs.remoteType,
  cvField: jobs.cvField,
  openings: jobs.openings,
  status: jobs.status,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryCurrency: jobs.salaryCurrency,
  salaryPeriod: jobs.salaryPeriod,
  remoteCountries: jobs.remoteCountries,
  closesOn: jobs.closesOn,
  department: jobs.department,
  featured: jobs.featured,
};

/** One of the company's jobs with its stages (and how many candidates each holds), for editing; or null. */
export async function getStaffJob(db: Queryable, actor: Actor, jobId: string) {
  if (!isUuid(jobId)) return null;
  const [job] = await db
    .select({ ...JOB_FIELDS, publishedAt: jobs.publishedAt, formSchema: jobs.formSchema })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), owned(jobs, actor), seesJob(jobs.id, actor)));
  if (!job) return null;
  const stages = await db
    .select({
      id: pipelineStages.id,
      name: pipelineStages.name,
      description: pipelineStages.description,
      order: pipelineStages.order,
      entryTemplateId: pipelineStages.entryTemplateId,
      entryDelayHours: pipelineStages.entryDelayHours,
      applications: sql<number>`(select coalesce(sum(c.applications), 0)::int from stage_counts c
        where c.stage_id = "pipeline_stages"."id" and ${ownedSql("c", actor)})`,
    })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.jobId, jobId), owned(pipelineStages, actor)))
    .orderBy(asc(pipelineStages.order));
  return { ...job, stages };
}

/** One of the company's jobs as its public page shows it (with the company's name and website), for the preview; or null. */
export async function getStaffJobPreview(db: Queryable, actor: Actor, jobId: string) {
  if (!isUuid(jobId)) return null;
  const [job] = await db
    .select({ ...JOB_FIELDS, companyName: companies.name, companySlug: companies.slug, companyWebsite: companies.website })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), owned(jobs, actor), seesJob(jobs.id, actor)));
  return job ?? null;
}
