import { type ApiKeyScope } from "./api-keys";
import { APPLICATION_STATUSES } from "./application-review";
import { APPLICATION_SOURCES } from "./application-source";
import { AddCandidateSchema } from "./candidate";
import { isUuid } from "./id";
import { JOB_STATUSES, JOB_TYPES, REMOTE_TYPES } from "./job";
import { AddNoteSchema } from "./note";
import type { PageCursor } from "./query";
import { z } from "./zod";

/**
 * The staff API (issue 16, decision 112): every endpoint's parameters, request body and answer as
 * zod schemas. The routes validate with them and type their answers with them, and the OpenAPI
 * document at /api/v1/openapi.json is generated from them (`z.toJSONSchema`), so the two cannot
 * drift apart. Names are snake_case, as the public board API's (decision 110).
 */

/** The named schemas of the OpenAPI document's components: request bodies (read as sent) and answers. */
export const STAFF_API_BODIES = z.registry<{ id: string }>();
export const STAFF_API_ANSWERS = z.registry<{ id: string }>();

// ---------------------------------------------------------------------------
// Cursors
// ---------------------------------------------------------------------------

/** Rows a list answers when `limit` is not given, and at most. */
export const API_DEFAULT_LIMIT = 25;
export const API_MAX_LIMIT = 100;

export const INVALID_CURSOR = "Not a cursor of this list: pass next_cursor as it was answered";

/**
 * A list's place as an opaque cursor: base64url of "<created_at in microseconds>_<id>", the keyset
 * of decision 060. Clients pass it back as it came; its content is ours to change.
 */
export function encodeApiCursor(cursor: PageCursor): string {
  return btoa(`${cursor.at}_${cursor.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The place an opaque cursor names, or null when it is not one of ours. */
export function decodeApiCursor(value: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(value)) return null;
  let text: string;
  try {
    text = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const match = /^(\d{1,17})_([0-9a-fA-F-]{36})$/.exec(text);
  return match && isUuid(match[2]) ? { at: match[1]!, id: match[2]! } : null;
}

const cursorParameter = z
  .string()
  .max(100)
  .transform((value, context) => {
    const cursor = decodeApiCursor(value);
    if (!cursor) context.addIssue({ code: "custom", message: INVALID_CURSOR });
    return cursor ?? z.NEVER;
  })
  .optional()
  .meta({ description: "The `next_cursor` of the previous page; leave it out for the first page." });

const limitParameter = z.coerce
  .number({ error: `A whole number from 1 to ${API_MAX_LIMIT}` })
  .int(`A whole number from 1 to ${API_MAX_LIMIT}`)
  .min(1, `A whole number from 1 to ${API_MAX_LIMIT}`)
  .max(API_MAX_LIMIT, `A whole number from 1 to ${API_MAX_LIMIT}`)
  .default(API_DEFAULT_LIMIT)
  .meta({ description: `How many rows a page holds, at most ${API_MAX_LIMIT}.` });

const uuidParameter = (what: string) =>
  z
    .string()
    .refine(isUuid, `Not the id of ${what}`)
    .optional()
    .meta({ description: `Only those of this ${what}.`, format: "uuid" });

const pageQuery = { limit: limitParameter, cursor: cursorParameter };

export const ListJobsQuery = z.object({
  ...pageQuery,
  status: z.enum(JOB_STATUSES, { error: `One of ${JOB_STATUSES.join(", ")}` }).optional().meta({ description: "Only jobs of this status." }),
});
export const ListCandidatesQuery = z.object({
  ...pageQuery,
  email: z.string().trim().max(254).optional().meta({ description: "Only the candidate with this email address (any case)." }),
});
export const ListApplicationsQuery = z.object({
  ...pageQuery,
  job_id: uuidParameter("job"),
  stage_id: uuidParameter("stage"),
  status: z.enum(APPLICATION_STATUSES, { error: `One of ${APPLICATION_STATUSES.join(", ")}` }).optional().meta({ description: "Only applications of this status." }),
});
export const ListNotesQuery = z.object(pageQuery);

// ---------------------------------------------------------------------------
// Request bodies: the same rules as the staff forms
// ---------------------------------------------------------------------------

const form = AddCandidateSchema.shape;

/** POST /api/v1/candidates: "Add candidate" (issue 12), with an optional job and stage to put them in. */
export const CreateCandidateBody = z
  .object({
    name: form.name,
    email: form.email,
    phone: form.phone,
    source: form.source.meta({ description: "Where you found them, shown after the key's name as the candidate's source." }),
    job_id: form.job.meta({ description: "A job to add them to: an application in its first stage, or in `stage_id`." }),
    stage_id: form.stage.meta({ description: "A stage of `job_id`." }),
  })
  .register(STAFF_API_BODIES, { id: "CreateCandidate" });

/** POST /api/v1/applications/{id}/move: a stage of the application's own job. */
export const MoveApplicationBody = z.object({ stage_id: z.string({ error: "Choose a stage" }).meta({ format: "uuid" }) }).register(STAFF_API_BODIES, { id: "MoveApplication" });

/** POST /api/v1/applications/{id}/notes: the note form's rules. */
export const CreateNoteBody = z.object({ ...AddNoteSchema.shape }).register(STAFF_API_BODIES, { id: "CreateNote" });

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

const id = () => z.string().meta({ format: "uuid" });
const instant = () => z.string().meta({ format: "date-time" });
const day = () => z.string().meta({ format: "date" });

export const ApiStage = z
  .object({
    id: id(),
    name: z.string(),
    position: z.number().int().meta({ description: "Its place in the job's pipeline: 1 is the first stage." }),
    applications: z.number().int().meta({ description: "How many applications are in it now." }),
  })
  .register(STAFF_API_ANSWERS, { id: "Stage" });

export const ApiJob = z
  .object({
    id: id(),
    title: z.string(),
    status: z.enum(JOB_STATUSES),
    department: z.string().nullable(),
    location: z.string().nullable(),
    employment_type: z.enum(JOB_TYPES),
    remote_type: z.enum(REMOTE_TYPES).nullable(),
    featured: z.boolean(),
    openings: z.number().int(),
    closes_on: day().nullable(),
    published_at: instant().nullable(),
    created_at: instant(),
    updated_at: instant(),
    absolute_url: z.string().meta({ description: "The job's public page (it answers 404 unless the job is published)." }),
  })
  .register(STAFF_API_ANSWERS, { id: "Job" });

export const ApiJobDetail = ApiJob.extend({
  description: z.string().meta({ description: "Markdown." }),
  requirements: z.string().nullable().meta({ description: "Markdown." }),
  stages: z.array(ApiStage).meta({ description: "The job's pipeline, in order." }),
}).register(STAFF_API_ANSWERS, { id: "JobWithStages" });

export const ApiCandidate = z
  .object({
    id: id(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    source: z.enum(APPLICATION_SOURCES),
    source_detail: z.string().nullable(),
    last_applied_at: instant(),
    created_at: instant(),
    updated_at: instant(),
  })
  .register(STAFF_API_ANSWERS, { id: "Candidate" });

export const ApiApplication = z
  .object({
    id: id(),
    candidate_id: id(),
    job_id: id(),
    stage_id: id().nullable(),
    status: z.enum(APPLICATION_STATUSES),
    hired_on: day().nullable(),
    candidate_name: z.string().meta({ description: "The name as this application gave it." }),
    candidate_email: z.string(),
    source: z.enum(APPLICATION_SOURCES),
    source_detail: z.string().nullable(),
    rejection_reason: z.string().nullable(),
    rejected_at: instant().nullable(),
    stage_entered_at: instant(),
    created_at: instant(),
    updated_at: instant(),
  })
  .register(STAFF_API_ANSWERS, { id: "Application" });

export const ApiCandidateDetail = ApiCandidate.extend({
  applications: z.array(ApiApplication).meta({ description: "Their applications, newest first." }),
}).register(STAFF_API_ANSWERS, { id: "CandidateWithApplications" });

export const ApiNote = z
  .object({
    id: id(),
    application_id: id().nullable(),
    candidate_id: id(),
    author_id: z.string().nullable().meta({ description: "The member who wrote it (for a key: the admin who made the key); null once removed." }),
    body: z.string().meta({ description: "Plain text; a mention of a teammate reads `@[Name](user id)`." }),
    created_at: instant(),
    edited_at: instant().nullable(),
  })
  .register(STAFF_API_ANSWERS, { id: "Note" });

/** The API's one error shape (decision 110), as `apiError` writes it. */
export const ApiError = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "unauthorized, forbidden, not_found, invalid, conflict, rate_limited …" }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().meta({ description: "A message per parameter or body field that was refused." }),
    }),
  })
  .register(STAFF_API_ANSWERS, { id: "Error" });

/** A page of a list: its rows and the cursor of the next page (null on the last). */
export const apiList = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() }).register(STAFF_API_ANSWERS, { id: name });

export const ApiJobList = apiList(ApiJob, "JobList");
export const ApiCandidateList = apiList(ApiCandidate, "CandidateList");
export const ApiApplicationList = apiList(ApiApplication, "ApplicationList");
export const ApiNoteList = apiList(ApiNote, "NoteList");

// ---------------------------------------------------------------------------
// The endpoints
// ---------------------------------------------------------------------------

export interface StaffApiEndpoint {
  method: "get" | "post";
  /** The path as OpenAPI writes it: /api/v1/jobs/{id}. */
  path: string;
  operationId: string;
  tag: "Jobs" | "Candidates" | "Applications" | "Notes";
  summary: string;
  description: string;
  /** The scope a key needs: `read` keys may call only `read` endpoints. */
  scope: ApiKeyScope;
  /** The path's `{id}`: what it names. */
  pathId?: string;
  query?: z.ZodObject;
  body?: z.ZodObject;
  response: { status: 200 | 201; schema: z.ZodType };
  /** The error statuses it may answer besides 401 and 429. */
  errors: readonly (400 | 403 | 404 | 409 | 415)[];
}

export const STAFF_API_ENDPOINTS = {
  listJobs: {
    method: "get",
    path: "/api/v1/jobs",
    operationId: "listJobs",
    tag: "Jobs",
    summary: "List jobs",
    description: "The company's jobs of every status, newest first.",
    scope: "read",
    query: ListJobsQuery,
    response: { status: 200, schema: ApiJobList },
    errors: [400],
  },
  getJob: {
    method: "get",
    path: "/api/v1/jobs/{id}",
    operationId: "getJob",
    tag: "Jobs",
    summary: "Get a job and its stages",
    description: "One job with its description and its pipeline's stages in order, each with how many applications it holds.",
    scope: "read",
    pathId: "job",
    response: { status: 200, schema: ApiJobDetail },
    errors: [404],
  },
  listCandidates: {
    method: "get",
    path: "/api/v1/candidates",
    operationId: "listCandidates",
    tag: "Candidates",
    summary: "List candidates",
    description: "The company's candidates, newest first (by when they were first added).",
    scope: "read",
    query: ListCandidatesQuery,
    response: { status: 200, schema: ApiCandidateList },
    errors: [400],
  },
  createCandidate: {
    method: "post",
    path: "/api/v1/candidates",
    operationId: "createCandidate",
    tag: "Candidates",
    summary: "Add a candidate",
    description:
      "Adds a person as “Add candidate” does: the company's candidate with this email (made, or the one there is, answered 200 instead of 201) and, with `job_id`, an application in the job's first stage or `stage_id`. No email goes to the candidate.",
    scope: "write",
    body: CreateCandidateBody,
    response: { status: 201, schema: ApiCandidateDetail },
    errors: [400, 403, 409, 415],
  },
  getCandidate: {
    method: "get",
    path: "/api/v1/candidates/{id}",
    operationId: "getCandidate",
    tag: "Candidates",
    summary: "Get a candidate",
    description: "One candidate with their applications.",
    scope: "read",
    pathId: "candidate",
    response: { status: 200, schema: ApiCandidateDetail },
    errors: [404],
  },
  listApplications: {
    method: "get",
    path: "/api/v1/applications",
    operationId: "listApplications",
    tag: "Applications",
    summary: "List applications",
    description: "The company's applications, newest first, of a job, a stage or a status.",
    scope: "read",
    query: ListApplicationsQuery,
    response: { status: 200, schema: ApiApplicationList },
    errors: [400],
  },
  getApplication: {
    method: "get",
    path: "/api/v1/applications/{id}",
    operationId: "getApplication",
    tag: "Applications",
    summary: "Get an application",
    description: "One application: its candidate, job, stage and status.",
    scope: "read",
    pathId: "application",
    response: { status: 200, schema: ApiApplication },
    errors: [404],
  },
  moveApplication: {
    method: "post",
    path: "/api/v1/applications/{id}/move",
    operationId: "moveApplication",
    tag: "Applications",
    summary: "Move an application to a stage",
    description:
      "Moves the application to another stage of its own job, as the pipeline board does: its history, the stage's automatic email and feedback requests follow. Moving it to the stage it is in changes nothing.",
    scope: "write",
    pathId: "application",
    body: MoveApplicationBody,
    response: { status: 200, schema: ApiApplication },
    errors: [400, 403, 404, 415],
  },
  listNotes: {
    method: "get",
    path: "/api/v1/applications/{id}/notes",
    operationId: "listApplicationNotes",
    tag: "Notes",
    summary: "List an application's notes",
    description: "The notes written on the application, newest first.",
    scope: "read",
    pathId: "application",
    query: ListNotesQuery,
    response: { status: 200, schema: ApiNoteList },
    errors: [400, 404],
  },
  createNote: {
    method: "post",
    path: "/api/v1/applications/{id}/notes",
    operationId: "createApplicationNote",
    tag: "Notes",
    summary: "Write a note on an application",
    description: "Writes a note as the key's maker, as the application page does; teammates it mentions are notified.",
    scope: "write",
    pathId: "application",
    body: CreateNoteBody,
    response: { status: 201, schema: ApiNote },
    errors: [400, 403, 404, 415],
  },
} as const satisfies Record<string, StaffApiEndpoint>;

export type StaffApiEndpointName = keyof typeof STAFF_API_ENDPOINTS;
