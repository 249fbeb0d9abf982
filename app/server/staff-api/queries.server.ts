import { and, desc, eq, type SQL } from "drizzle-orm";
import { applications, candidates, jobs, notes } from "../../../db/schema";
import { jobPath } from "~/lib/slug";
import type { PageCursor } from "~/schemas/query";
import { type ApiApplication, type ApiCandidate, type ApiJob, type ApiNote, encodeApiCursor } from "~/schemas/staff-api";
import type { z } from "~/schemas/zod";
import { getStaffJob } from "../jobs/queries.server";
import type { Queryable } from "../platform/db.server";
import { cursorAt, keysetPage, keysetQuery } from "../platform/keyset.server";
import { type Actor, owned, seesApplication, seesJob } from "../platform/tenancy.server";

/*
 * The staff API's reads (issue 16, decision 112), each scoped to the key's company with `owned`.
 * Lists are keyset pages (decision 060) newest first by (created_at, id), a column that never
 * changes, so walking a list with `next_cursor` meets every row that was there once: rows added
 * meanwhile come before the first page, not between pages.
 */

export interface ApiPage {
  limit: number;
  cursor?: PageCursor;
}

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** A keyset page's rows and the opaque cursor of the next one. */
function page<T extends { id: string; cursorAt: string }, R>(rows: T[], at: ApiPage, shape: (row: T) => R) {
  const result = keysetPage(rows, { after: at.cursor }, at.limit);
  return { data: result.rows.map(shape), next_cursor: result.next ? encodeApiCursor(result.next) : null };
}

// ---------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------

const JOB_COLUMNS = {
  id: jobs.id,
  title: jobs.title,
  status: jobs.status,
  department: jobs.department,
  location: jobs.location,
  type: jobs.type,
  remoteType: jobs.remoteType,
  featured: jobs.featured,
  openings: jobs.openings,
  closesOn: jobs.closesOn,
  publishedAt: jobs.publishedAt,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
};

type ApiJobShape = z.input<typeof ApiJob>;
interface JobRow {
  id: string;
  title: string;
  status: ApiJobShape["status"];
  department: string | null;
  location: string | null;
  type: ApiJobShape["employment_type"];
  remoteType: ApiJobShape["remote_type"];
  featured: boolean;
  openings: number;
  closesOn: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function apiJob(baseUrl: string, row: JobRow): z.input<typeof ApiJob> {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    department: row.department,
    location: row.location,
    employment_type: row.type,
    remote_type: row.remoteType,
    featured: row.featured,
    openings: row.openings,
    closes_on: row.closesOn,
    published_at: isoOrNull(row.publishedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    absolute_url: `${baseUrl}${jobPath(row)}`,
  };
}

export async function listApiJobs(db: Queryable, actor: Actor, baseUrl: string, filters: ApiPage & { status?: JobRow["status"] }) {
  const keyset = keysetQuery(jobs.createdAt, jobs.id, { after: filters.cursor }, filters.limit);
  const rows = await db
    .select({ ...JOB_COLUMNS, cursorAt: cursorAt(jobs.createdAt) })
    .from(jobs)
    .where(and(owned(jobs, actor), seesJob(jobs.id, actor), filters.status ? eq(jobs.status, filters.status) : undefined, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return page(rows, filters, (row) => apiJob(baseUrl, row));
}

/** One job with its stages in order (the staff job page's read), or null. */
export async function getApiJob(db: Queryable, actor: Actor, baseUrl: string, jobId: string) {
  const job = await getStaffJob(db, actor, jobId);
  if (!job) return null;
  const [row] = await db
    .select(JOB_COLUMNS)
    .from(jobs)
    .where(and(eq(jobs.id, jobId), owned(jobs, actor)));
  if (!row) return null;
  return {
    ...apiJob(baseUrl, row),
    description: job.description,
    requirements: job.requirements,
    stages: job.stages.map((stage) => ({ id: stage.id, name: stage.name, position: stage.order, applications: Number(stage.applications) })),
  };
}

// ---------------------------------------------------------------------------
// Candidates
// ---------------------------------------------------------------------------

const CANDIDATE_COLUMNS = {
  id: candidates.id,
  name: candidates.name,
  email: candidates.email,
  phone: candidates.phone,
  source: candidates.source,
  sourceDetail: candidates.sourceDetail,
  lastAppliedAt: candidates.lastAppliedAt,
  createdAt: candidates.createdAt,
  updatedAt: candidates.updatedAt,
};

type CandidateRow = { id: string; name: string; email: string; phone: string | null; source: z.input<typeof ApiCandidate>["source"]; sourceDetail: string | null; lastAppliedAt: Date; createdAt: Date; updatedAt: Date };

const apiCandidate = (row: CandidateRow): z.input<typeof ApiCandidate> => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  source: row.source,
  source_detail: row.sourceDetail,
  last_applied_at: iso(row.lastAppliedAt),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

export async function listApiCandidates(db: Queryable, actor: Actor, filters: ApiPage & { email?: string }) {
  const keyset = keysetQuery(candidates.createdAt, candidates.id, { after: filters.cursor }, filters.limit);
  const email = filters.email?.trim().toLowerCase();
  const rows = await db
    .select({ ...CANDIDATE_COLUMNS, cursorAt: cursorAt(candidates.createdAt) })
    .from(candidates)
    .where(and(owned(candidates, actor), email ? eq(candidates.emailKey, email) : undefined, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return page(rows, filters, apiCandidate);
}

/** One candidate with their applications, newest first, or null. */
export async function getApiCandidate(db: Queryable, actor: Actor, candidateId: string) {
  const [row] = await db
    .select(CANDIDATE_COLUMNS)
    .from(candidates)
    .where(and(eq(candidates.id, candidateId), owned(candidates, actor)));
  if (!row) return null;
  const rows = await db
    .select(APPLICATION_COLUMNS)
    .from(applications)
    .where(and(eq(applications.candidateId, candidateId), owned(applications, actor), seesApplication(applications, actor)))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return { ...apiCandidate(row), applications: rows.map(apiApplication) };
}

// ---------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------

const APPLICATION_COLUMNS = {
  id: applications.id,
  candidateId: applications.candidateId,
  jobId: applications.jobId,
  stageId: applications.currentPipelineStageId,
  status: applications.status,
  hiredOn: applications.hiredOn,
  candidateName: applications.candidateName,
  candidateEmail: applications.candidateEmail,
  source: applications.source,
  sourceDetail: applications.sourceDetail,
  rejectionReason: applications.rejectionReason,
  rejectedAt: applications.rejectedAt,
  stageEnteredAt: applications.stageEnteredAt,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
};

type ApplicationRow = {
  id: string;
  candidateId: string;
  jobId: string;
  stageId: string | null;
  status: z.input<typeof ApiApplication>["status"];
  hiredOn: string | null;
  candidateName: string;
  candidateEmail: string;
  source: z.input<typeof ApiApplication>["source"];
  sourceDetail: string | null;
  rejectionReason: string | null;
  rejectedAt: Date | null;
  stageEnteredAt: Date;
  createdAt: Date;
  updatedAt: Date;
};

const apiApplication = (row: ApplicationRow): z.input<typeof ApiApplication> => ({
  id: row.id,
  candidate_id: row.candidateId,
  job_id: row.jobId,
  stage_id: row.stageId,
  status: row.status,
  hired_on: row.hiredOn,
  candidate_name: row.candidateName,
  candidate_email: row.candidateEmail,
  source: row.source,
  source_detail: row.sourceDetail,
  rejection_reason: row.rejectionReason,
  rejected_at: isoOrNull(row.rejectedAt),
  stage_entered_at: iso(row.stageEnteredAt),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

export async function listApiApplications(
  db: Queryable,
  actor: Actor,
  filters: ApiPage & { jobId?: string; stageId?: string; status?: ApplicationRow["status"] },
) {
  const keyset = keysetQuery(applications.createdAt, applications.id, { after: filters.cursor }, filters.limit);
  const conditions: (SQL | undefined)[] = [owned(applications, actor), seesApplication(applications, actor)];
  if (filters.jobId) conditions.push(eq(applications.jobId, filters.jobId));
  if (filters.stageId) conditions.push(eq(applications.currentPipelineStageId, filters.stageId));
  if (filters.status) conditions.push(eq(applications.status, filters.status));
  const rows = await db
    .select({ ...APPLICATION_COLUMNS, cursorAt: cursorAt(applications.createdAt) })
    .from(applications)
    .where(and(...conditions, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return page(rows, filters, apiApplication);
}

/** One application, or null. */
export async function getApiApplication(db: Queryable, actor: Actor, applicationId: string) {
  const [row] = await db
    .select(APPLICATION_COLUMNS)
    .from(applications)
    .where(and(eq(applications.id, applicationId), owned(applications, actor), seesApplication(applications, actor)));
  return row ? apiApplication(row) : null;
}

// ---------------------------------------------------------------------------
// Notes
// ---------------------------------------------------------------------------

const NOTE_COLUMNS = {
  id: notes.id,
  applicationId: notes.applicationId,
  candidateId: notes.candidateId,
  authorId: notes.authorId,
  body: notes.body,
  createdAt: notes.createdAt,
  editedAt: notes.editedAt,
};

type NoteRow = { id: string; applicationId: string | null; candidateId: string; authorId: string | null; body: string; createdAt: Date; editedAt: Date | null };

const apiNote = (row: NoteRow): z.input<typeof ApiNote> => ({
  id: row.id,
  application_id: row.applicationId,
  candidate_id: row.candidateId,
  author_id: row.authorId,
  body: row.body,
  created_at: iso(row.createdAt),
  edited_at: isoOrNull(row.editedAt),
});

/** A page of the application's notes, newest first; null when the application is not the company's. */
export async function listApiApplicationNotes(db: Queryable, actor: Actor, applicationId: string, at: ApiPage) {
  if (!(await getApiApplication(db, actor, applicationId))) return null;
  const keyset = keysetQuery(notes.createdAt, notes.id, { after: at.cursor }, at.limit);
  const rows = await db
    .select({ ...NOTE_COLUMNS, cursorAt: cursorAt(notes.createdAt) })
    .from(notes)
    .where(and(eq(notes.applicationId, applicationId), owned(notes, actor), keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return page(rows, at, apiNote);
}

/** One note of the company, as the API shows it (a note just written). */
export async function getApiNote(db: Queryable, actor: Actor, noteId: string) {
  const [row] = await db
    .select(NOTE_COLUMNS)
    .from(notes)
    .where(and(eq(notes.id, noteId), owned(notes, actor)));
  return row ? apiNote(row) : null;
}
