import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applications, blockedTimes, cvs, emailMessages, emailTemplates, interviewInterviewers, interviews, invitations, notes, notifications, profiles, schedulingLinks, session, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import routes from "../../app/routes";
import { ApplicationQuerySchema, ApplicationsQuerySchema, JobChoicesQuerySchema, PipelineQuerySchema } from "~/schemas/application-review";
import { ReportExportQuerySchema, ReportsQuerySchema } from "~/schemas/reports";
import { AuditFiltersQuerySchema, AuditQuerySchema } from "~/schemas/audit";
import { EeoReportQuerySchema } from "~/schemas/eeo";
import {
  AddCandidateQuerySchema,
  CandidateFiltersQuerySchema,
  CandidateImportQuerySchema,
  CandidatesQuerySchema,
  MergeCandidatesQuerySchema,
} from "~/schemas/candidate";
import { previewCandidateImport } from "~/server/candidates/import.server";
import { JobMatchQuerySchema, JobsQuerySchema } from "~/schemas/job";
import { NotificationsQuerySchema } from "~/schemas/notifications";
import { queryRows } from "~/server/platform/db.server";
import { addCandidateTag } from "~/server/candidates/tags.server";
import { listRejectionReasons } from "~/server/applications/rejection-reasons.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { listDefaultAttributes } from "~/server/applications/scorecards.server";
import { createApiKey } from "~/server/staff-api/keys.server";
import { callRoute, type RouteCall, type RouteFunction, setUpAppTestDatabase } from "../helpers/route-test";

/**
 * Decision 052: a staff member of one company who sends another company's ids to any staff loader or
 * action gets that route's not-found answer, and nothing of the other company changes. The routes
 * and the ids each one reads (route parameters, form fields, query parameters) are found in the route
 * table and the modules' source, so a new route or a new id field fails here until CALLS says how to
 * call it.
 */

interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}
type Kind = "loader" | "action";

const modules = import.meta.glob<RouteModule>("../../app/routes/staff/**/*.{ts,tsx}", { eager: true });
const sources = import.meta.glob<string>("../../app/routes/staff/**/*.{ts,tsx}", { eager: true, query: "?raw", import: "default" });

/** Form fields and query parameters that never name a row. */
const NOT_IDS = new Set([
  ...["intent", "redirectTo", "status", "q", "page", "saved", "source", "sort"],
  // A tag is named by its name within the company (decision 084), and dates are days.
  ...["tag", "applied_from", "applied_to"],
  // Reports (decisions 104, 105): a stage named by its name in the company's jobs, flags, days, a month, which table a file holds, days waited, which page.
  ...["reached", "hired", "interviewed", "from", "to", "report", "stuck", "stuck_days", "stuck_in", "hired_month", "view"],
  // The candidates import: the uploaded file, and the preview's "rows with errors" filter.
  ...["file", "show"],
  // The board's lane of rejected applications: how many pages of it show (decision 090).
  "rejected",
  // A hire's day (decision 094).
  "hiredOn",
  // The application page's tab (decision 100), and its "show all" of the thread, the notes and the history;
  // `schedule=1` opens its scheduling form (decision 103).
  ...["tab", "thread", "notes", "history", "schedule"],
  // A member's role, and their part on a job's hiring team (decision 096).
  ...["role", "teamRole"],
  // A note's text (decision 098).
  "body",
  // The name typed to confirm an erasure (decision 116).
  "confirmName",
  // The audit trail's action filter: an action's name or a group's (decision 115).
  "action",
  // Settings › Hiring: a rejection reason's new name, and which way it moves in the list.
  ...["name", "direction"],
  // Settings' password and two-factor forms.
  ...["currentPassword", "newPassword", "signOutOthers", "password", "code", "totpUri", "recoveryCodes", "secret"],
]);

/** The query schemas staff pages read their query strings with, by name. */
const QUERY_SCHEMAS: Record<string, { shape: object }> = {
  AddCandidateQuerySchema,
  ApplicationQuerySchema,
  ApplicationsQuerySchema,
  CandidateFiltersQuerySchema,
  CandidateImportQuerySchema,
  CandidatesQuerySchema,
  MergeCandidatesQuerySchema,
  JobChoicesQuerySchema,
  JobMatchQuerySchema,
  JobsQuerySchema,
  NotificationsQuerySchema,
  PipelineQuerySchema,
  ReportExportQuerySchema,
  ReportsQuerySchema,
  AuditQuerySchema,
  AuditFiltersQuerySchema,
  EeoReportQuerySchema,
};

/** The body of `export async function loader|action(…)` in a module's source (the house style ends it with a lone `}`). */
function functionBody(source: string, kind: Kind): string {
  const start = source.indexOf(`export async function ${kind}(`);
  if (start < 0) return "";
  const end = source.indexOf("\n}\n", start);
  return source.slice(start, end < 0 ? undefined : end);
}

/** The inputs a loader or action reads that could name a row: route parameters, form fields, query parameters. */
function inputsOf(path: string, source: string, kind: Kind): string[] {
  const names = new Set([...path.matchAll(/:(\w+)/g)].map(([, name]) => `:${name}`));
  const body = functionBody(source, kind);
  const patterns = [/\bvalues\.(\w+)/g, /\bparsed\.data\.(\w+)/g, /\bform\.get(?:All)?\("(\w+)"\)/g];
  for (const pattern of patterns) for (const [, name] of body.matchAll(pattern)) names.add(name!);
  // Query parameters belong to the page's loader wherever the module reads them.
  if (kind === "loader") {
    for (const [, name] of source.matchAll(/searchParams\.get(?:All)?\("(\w+)"\)/g)) names.add(name!);
    // Or through the page's query schema (parseQuery, decision 053): every key of it.
    for (const [, schemaName] of source.matchAll(/parseQuery\((\w+)/g)) {
      const schema = QUERY_SCHEMAS[schemaName!];
      if (!schema) throw new Error(`${path}: add ${schemaName} to QUERY_SCHEMAS so its parameters are checked`);
      for (const name of Object.keys(schema.shape)) names.add(name);
    }
  }
  // The job form (job-form-action.server.ts) names stages by id: kept stages and where candidates go.
  if (body.includes("handleJobFormPost(")) names.add("stages.N.id").add("stage_moves.<id>");
  // The bulk actions on applications (bulk-action.server.ts) name a stage, a reason and templates.
  if (body.includes("answerBulkApplications(")) names.add("stageId").add("reasonId").add("templateId").add("emailTemplateId");
  return [...names].filter((name) => !NOT_IDS.has(name));
}

function flatten(entries: readonly RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.path ? [{ path, file: entry.file }] : []), ...flatten(entry.children ?? [], path)];
  });
}

const staffRoutes = flatten(routes).filter((route) => route.file.startsWith("routes/staff/"));

/** Every staff loader and action that reads an id, with the ids it reads. */
const idEntries = staffRoutes.flatMap((route) => {
  const mod = modules[`../../app/${route.file}`]!;
  const source = sources[`../../app/${route.file}`]!;
  return (["loader", "action"] as const)
    .filter((kind) => mod[kind])
    .map((kind) => ({ key: `${route.path} ${kind}`, fn: mod[kind]!, inputs: inputsOf(route.path, source, kind) }))
    .filter((entry) => entry.inputs.length > 0);
});

// ---------------------------------------------------------------------------
// The world: company A with one of everything, company B signed in
// ---------------------------------------------------------------------------

/** Text only company A's rows hold: no answer to company B may contain it. */
const SECRET = "first-company-secret";

interface World {
  a: {
    companyId: string;
    job: { id: string; stages: { id: string; name: string }[] };
    application: string;
    candidate: string;
    cv: string;
    /** A CSV import waiting for its confirmation. */
    import: string;
    template: string;
    /** A rejection reason of A's, and an email to A's candidate still waiting to leave (decision 090). */
    reason: string;
    message: string;
    invitation: string;
    member: string;
    session: string;
    /** One of A's default scorecard attributes (decision 099). */
    attribute: string;
    /** A note on A's application mentioning A's member, and the member's notification of it (decision 098). */
    note: string;
    notification: string;
    /** An interview of A's application, A's member interviewing (decision 102). */
    interview: string;
    /** A self-scheduling link sent for A's application, offering A's member (decision 103). */
    schedulingLink: string;
    /** A blocked time of A's member (decision 103). */
    blockedTime: string;
    /** An API key of A (decision 112). */
    apiKey: string;
    webhookEndpoint: string;
    webhookDelivery: string;
  };
  b: { job: { id: string; stages: { id: string; name: string }[] }; application: string; candidate: string; crowdedStage: string; reason: string; member: string };
  cookie: string;
}

const bed = setUpAppTestDatabase();

/** An interview form that passes its schema, with one interviewer. */
function interviewForm(intent: string, interviewerId: string) {
  return { intent, title: "T", date: "2027-03-26", startTime: "10:00", durationMinutes: "60", timeZone: "Europe/Berlin", interviewerIds: interviewerId };
}
/** A valid "Send scheduling link" form offering one interviewer. */
function schedulingLinkForm(interviewerId: string) {
  return { title: "T", durationMinutes: "30", windowDays: "14", minNoticeHours: "24", bufferMinutes: "15", interviewerIds: interviewerId };
}
let world: World;

beforeAll(async () => {
  const db = bed.t.db;
  const a = await createStaff(db, bed.t.auth);
  const job = await createTestJob(db, a.staff, { title: `${SECRET} job` });
  const application = await createTestApplication(db, job, { candidateName: `${SECRET} candidate` });
  const [template] = await db
    .insert(emailTemplates)
    .values({ companyId: a.staff.companyId, name: `${SECRET} template`, subject: SECRET, body: SECRET })
    .returning({ id: emailTemplates.id });
  const [reason] = await listRejectionReasons(db, a.staff);
  const [message] = await db
    .insert(emailMessages)
    .values({
      companyId: a.staff.companyId,
      applicationId: application.id,
      kind: "rejection",
      to: "secret@example.test",
      subject: SECRET,
      body: SECRET,
      nextAttemptAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: emailMessages.id });
  const [invitation] = await db
    .insert(invitations)
    .values({ companyId: a.staff.companyId, email: "invitee@example.test", tokenHash: SECRET, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: invitations.id });
  const member = await createStaff(db, bed.t.auth);
  await db.update(profiles).set({ companyId: a.staff.companyId }).where(eq(profiles.id, member.staff.userId));
  const [aSession] = await db.select({ id: session.id }).from(session).where(eq(session.userId, a.staff.userId));
  const aImport = await previewCandidateImport(db, a.staff, {
    name: `${SECRET}.csv`,
    bytes: new TextEncoder().encode(`Name,Email\n${SECRET} person,secret@example.test\n`),
  });

  const aCandidate = (await db.select({ id: applications.candidateId }).from(applications).where(eq(applications.id, application.id)))[0]!.id;
  const [cv] = await db
    .insert(cvs)
    .values({ companyId: a.staff.companyId, candidateId: aCandidate, fileName: `${SECRET}.pdf`, kind: "pdf", sizeBytes: 1, sha256: SECRET, storageKey: `cv/${SECRET}` })
    .returning({ id: cvs.id });
  await addCandidateTag(db, a.staff, { candidateId: aCandidate, name: `${SECRET} tag` });
  const [note] = await db
    .insert(notes)
    .values({ companyId: a.staff.companyId, candidateId: aCandidate, applicationId: application.id, authorId: a.staff.userId, body: `${SECRET} note` })
    .returning({ id: notes.id });
  const [notification] = await db
    .insert(notifications)
    .values({ companyId: a.staff.companyId, userId: member.staff.userId, kind: "mention", noteId: note!.id, actorId: a.staff.userId })
    .returning({ id: notifications.id });

  const [interview] = await db
    .insert(interviews)
    .values({
      companyId: a.staff.companyId,
      applicationId: application.id,
      title: `${SECRET} interview`,
      startsAt: new Date("2027-03-26T09:00:00Z"),
      durationMinutes: 60,
      timeZone: "Europe/Berlin",
      uid: `${SECRET}-${crypto.randomUUID()}@openhire`,
    })
    .returning({ id: interviews.id });
  await db.insert(interviewInterviewers).values({ companyId: a.staff.companyId, interviewId: interview!.id, userId: member.staff.userId, startsAt: new Date("2027-03-26T09:00:00Z") });
  const [schedulingLink] = await db
    .insert(schedulingLinks)
    .values({
      companyId: a.staff.companyId,
      applicationId: application.id,
      tokenHash: SECRET.padEnd(64, "0"),
      title: `${SECRET} link`,
      durationMinutes: 30,
      interviewerIds: [member.staff.userId],
      minNoticeHours: 24,
      bufferMinutes: 15,
      timeZone: "Europe/Berlin",
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
      createdBy: a.staff.userId,
    })
    .returning({ id: schedulingLinks.id });

  const [blockedTime] = await db
    .insert(blockedTimes)
    .values({ companyId: a.staff.companyId, userId: member.staff.userId, startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 2 * 86_400_000), reason: SECRET })
    .returning({ id: blockedTimes.id });

  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ companyId: a.staff.companyId, url: `https://example.test/${SECRET}`, events: ["application.created"], secret: `whsec_${SECRET}` })
    .returning({ id: webhookEndpoints.id });
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ companyId: a.staff.companyId, endpointId: endpoint!.id, eventType: "application.created", payload: { secret: SECRET }, status: "failed" })
    .returning({ id: webhookDeliveries.id });

  const b = await createStaff(db, bed.t.auth);
  const bJob = await createTestJob(db, b.staff);
  const bApplication = await createTestApplication(db, bJob, { stageName: bJob.stages[1]!.name });
  world = {
    a: {
      companyId: a.staff.companyId,
      job,
      application: application.id,
      candidate: aCandidate,
      cv: cv!.id,
      import: aImport.importId,
      template: template!.id,
      reason: reason!.id,
      message: message!.id,
      invitation: invitation!.id,
      member: member.staff.userId,
      session: aSession!.id,
      attribute: (await listDefaultAttributes(db, a.staff))[0]!.id,
      note: note!.id,
      notification: notification!.id,
      interview: interview!.id,
      schedulingLink: schedulingLink!.id,
      blockedTime: blockedTime!.id,
      apiKey: (await createApiKey(db, a.staff, { name: SECRET, scope: "write" })).id,
      webhookEndpoint: endpoint!.id,
      webhookDelivery: delivery!.id,
    },
    b: {
      job: bJob,
      application: bApplication.id,
      candidate: (await bed.t.db.select({ id: applications.candidateId }).from(applications).where(eq(applications.id, bApplication.id)))[0]!.id,
      crowdedStage: bJob.stages[1]!.id,
      reason: (await listRejectionReasons(db, b.staff))[0]!.id,
      member: (await createMember(db, bed.t.auth, b.staff, "interviewer")).staff.userId,
    },
    cookie: b.cookie,
  };
});

/** Every row of company A, and the sessions of its people: what must not change. */
async function snapshotOfA(): Promise<string> {
  const companyId = world.a.companyId;
  const tables = [
    ...["profiles", "jobs", "pipeline_stages", "candidates", "cvs", "applications", "tags", "candidate_tags"],
    ...["email_templates", "email_messages", "invitations", "activity_events", "rejection_reasons", "scorecard_attributes", "scorecards"],
    ...["job_team_members", "feedback_requests"],
    ...["candidate_imports", "candidate_email_aliases", "candidate_duplicate_dismissals", "notes", "notifications"],
    ...["interviews", "interview_interviewers", "scheduling_links", "blocked_times", "api_keys"],
    ...["webhook_endpoints", "webhook_deliveries"],
  ];
  const rows: Record<string, unknown> = {
    companies: await queryRows(bed.t.db, sql`select * from companies where id = ${companyId}`),
    session: await queryRows(
      bed.t.db,
      sql`select * from session where user_id in (select id from profiles where company_id = ${companyId}) order by id`,
    ),
    application_email_queue: await queryRows(
      bed.t.db,
      sql`select * from application_email_queue where application_id in (select id from applications where company_id = ${companyId})`,
    ),
  };
  for (const table of tables) {
    rows[table] = await queryRows(bed.t.db, sql`select * from ${sql.identifier(table)} where company_id = ${companyId} order by 1`);
  }
  return JSON.stringify(rows);
}

/** A job form for one of B's own jobs, flat as the browser sends it. */
function jobForm(stages: { id?: string; name: string }[], moves: Record<string, string> = {}): Record<string, string> {
  const values: Record<string, string> = { title: "B's job", description: "Still B's." };
  stages.forEach((stage, index) => {
    values[`stages.${index}.name`] = stage.name;
    if (stage.id) values[`stages.${index}.id`] = stage.id;
  });
  for (const [from, to] of Object.entries(moves)) values[`stage_moves.${from}`] = to;
  return values;
}

interface Call {
  /** The inputs given company A's ids. */
  covers: string[];
  /** Address (path and query) and route parameters. */
  url: (w: World) => string;
  params: (w: World) => Record<string, string>;
  /** Posted form fields; a loader when absent. */
  form?: (w: World) => Record<string, string>;
  /** The route's not-found answer (a status). */
  answer: number;
  why?: string;
}

const appliedOf = (w: World, side: "a" | "b") => w[side].job.stages[0]!;

/** How to call each staff loader and action that reads an id, with company A's ids, signed in as company B. */
const CALLS: Record<string, Call[]> = {
  "manage/jobs/:jobId loader": [
    { covers: [":jobId"], url: (w) => `/manage/jobs/${w.a.job.id}`, params: (w) => ({ jobId: w.a.job.id }), answer: 404 },
    {
      covers: ["more"],
      url: (w) => `/manage/jobs/${w.b.job.id}?more=${appliedOf(w, "a").id}`,
      params: (w) => ({ jobId: w.b.job.id }),
      answer: 200,
      why: "B's own board; another company's stage in ?more= shows nothing more",
    },
  ],
  "manage/jobs/:jobId action": [
    {
      covers: [":jobId", "applicationId", "stageId"],
      url: (w) => `/manage/jobs/${w.a.job.id}`,
      params: (w) => ({ jobId: w.a.job.id }),
      form: (w) => ({ intent: "move", applicationId: w.a.application, stageId: w.a.job.stages[1]!.id }),
      answer: 404,
    },
    {
      covers: ["applicationId"],
      url: (w) => `/manage/jobs/${w.b.job.id}`,
      params: (w) => ({ jobId: w.b.job.id }),
      form: (w) => ({ intent: "move", applicationId: w.a.application, stageId: appliedOf(w, "b").id }),
      answer: 404,
    },
    {
      covers: ["stageId"],
      url: (w) => `/manage/jobs/${w.b.job.id}`,
      params: (w) => ({ jobId: w.b.job.id }),
      form: (w) => ({ intent: "move", applicationId: w.b.application, stageId: w.a.job.stages[1]!.id }),
      answer: 400,
      why: "a stage field answers 'That stage is not part of this job's pipeline.'",
    },
  ],
  "candidates loader": [
    {
      covers: ["after", "before"],
      url: (w) => `/candidates?after=99999999999999999_${w.a.candidate}&before=99999999999999999_${w.a.candidate}`,
      params: () => ({}),
      answer: 200,
      why: "a page next to another company's candidate is a page of the company's own",
    },
    {
      covers: ["after", "before"],
      url: (w) => `/candidates?sort=name&after=zzz~${w.a.candidate}&before=a~${w.a.candidate}`,
      params: () => ({}),
      answer: 200,
      why: "a place in the list by name is a name and an id to order by, not a row it reads",
    },
    {
      covers: ["job", "stage"],
      url: (w) => `/candidates?job=${w.a.job.id}&stage=${appliedOf(w, "a").id}`,
      params: () => ({}),
      answer: 200,
      why: "the list filtered by another company's job and stage is empty",
    },
  ],
  "candidates action": [
    {
      covers: ["candidateIds"],
      url: () => "/candidates",
      params: () => ({}),
      form: (w) => ({ intent: "add-tag", tag: "Poached", candidateIds: w.a.candidate }),
      answer: 404,
    },
    {
      covers: ["candidateIds"],
      url: () => "/candidates",
      params: () => ({}),
      form: (w) => ({ intent: "remove-tag", tag: `${SECRET} tag`, candidateIds: w.a.candidate }),
      answer: 404,
    },
    {
      covers: ["candidateIds"],
      url: (w) => `/candidates?job=${w.b.job.id}`,
      params: () => ({}),
      form: (w) => ({ intent: "bulk-move", stageId: w.b.job.stages[1]!.id, candidateIds: w.a.candidate }),
      answer: 404,
      why: "their applications are looked up in B's company: none is found, nothing moves",
    },
    {
      covers: ["stageId"],
      url: (w) => `/candidates?job=${w.b.job.id}`,
      params: () => ({}),
      form: (w) => ({ intent: "bulk-move", stageId: w.a.job.stages[1]!.id, candidateIds: w.b.candidate }),
      answer: 400,
      why: "'That stage is not part of this job's pipeline.'",
    },
    {
      covers: ["reasonId"],
      url: (w) => `/candidates?job=${w.b.job.id}`,
      params: () => ({}),
      form: (w) => ({ intent: "bulk-reject", reasonId: w.a.reason, candidateIds: w.b.candidate }),
      answer: 400,
    },
    {
      covers: ["templateId"],
      url: (w) => `/candidates?job=${w.b.job.id}`,
      params: () => ({}),
      form: (w) => ({ intent: "bulk-reject", reasonId: w.b.reason, templateId: w.a.template, candidateIds: w.b.candidate }),
      answer: 400,
    },
    {
      covers: ["emailTemplateId"],
      url: () => "/candidates",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-email", emailTemplateId: w.a.template, candidateIds: w.b.candidate }),
      answer: 400,
    },
  ],
  "manage/jobs/:jobId/match loader": [
    { covers: [":jobId"], url: (w) => `/manage/jobs/${w.a.job.id}/match`, params: (w) => ({ jobId: w.a.job.id }), answer: 404 },
  ],
  "candidates/export.csv loader": [
    {
      covers: ["job", "stage"],
      url: (w) => `/candidates/export.csv?job=${w.a.job.id}&stage=${appliedOf(w, "a").id}`,
      params: () => ({}),
      answer: 200,
      why: "another company's job filters the file to nobody",
    },
  ],
  "candidates/new loader": [
    {
      covers: ["job", "stage"],
      url: (w) => `/candidates/new?job=${w.a.job.id}&stage=${appliedOf(w, "a").id}`,
      params: () => ({}),
      answer: 200,
      why: "the form offers no job when the job is another company's",
    },
  ],
  "candidates/:candidateId loader": [
    { covers: [":candidateId"], url: (w) => `/candidates/${w.a.candidate}`, params: (w) => ({ candidateId: w.a.candidate }), answer: 404 },
  ],
  "candidates/:candidateId/cvs/:cvId loader": [
    {
      covers: [":candidateId", ":cvId"],
      url: (w) => `/candidates/${w.a.candidate}/cvs/${w.a.cv}`,
      params: (w) => ({ candidateId: w.a.candidate, cvId: w.a.cv }),
      answer: 404,
    },
  ],
  "candidates/:candidateId action": [
    ...(["add-tag", "remove-tag"] as const).map(
      (intent): Call => ({
        covers: [":candidateId"],
        url: (w) => `/candidates/${w.a.candidate}`,
        params: (w) => ({ candidateId: w.a.candidate }),
        form: () => ({ intent, tag: `${SECRET} tag` }),
        answer: 404,
      }),
    ),
    {
      covers: [":candidateId"],
      url: (w) => `/candidates/${w.a.candidate}`,
      params: (w) => ({ candidateId: w.a.candidate }),
      form: (w) => ({ intent: "not-duplicate", other: w.b.candidate }),
      answer: 404,
    },
    // Notes (decision 098): on A's candidate, or A's note from B's own candidate.
    ...(["add-note", "edit-note", "delete-note"] as const).flatMap((intent): Call[] => [
      {
        covers: [":candidateId", ...(intent === "add-note" ? [] : ["noteId"])],
        url: (w) => `/candidates/${w.a.candidate}`,
        params: (w) => ({ candidateId: w.a.candidate }),
        form: (w) => ({ intent, noteId: w.a.note, body: "B's words" }),
        answer: 404,
      },
      ...(intent === "add-note"
        ? []
        : [
            {
              covers: ["noteId"],
              url: (w: World) => `/candidates/${w.b.candidate}`,
              params: (w: World) => ({ candidateId: w.b.candidate }),
              form: (w: World) => ({ intent, noteId: w.a.note, body: "B's words" }),
              answer: 404,
            },
          ]),
    ]),
    {
      covers: ["other"],
      url: (w) => `/candidates/${w.b.candidate}`,
      params: (w) => ({ candidateId: w.b.candidate }),
      form: (w) => ({ intent: "not-duplicate", other: w.a.candidate }),
      answer: 404,
      why: "B's own candidate cannot be paired with another company's",
    },
  ],
  "candidates/:candidateId/export loader": [
    { covers: [":candidateId"], url: (w) => `/candidates/${w.a.candidate}/export`, params: (w) => ({ candidateId: w.a.candidate }), answer: 404 },
  ],
  "candidates/:candidateId/erase loader": [
    { covers: [":candidateId"], url: (w) => `/candidates/${w.a.candidate}/erase`, params: (w) => ({ candidateId: w.a.candidate }), answer: 404 },
  ],
  "candidates/:candidateId/erase action": [
    {
      covers: [":candidateId"],
      url: (w) => `/candidates/${w.a.candidate}/erase`,
      params: (w) => ({ candidateId: w.a.candidate }),
      form: () => ({ confirmName: `${SECRET} person` }),
      answer: 404,
    },
  ],
  "candidates/:candidateId/merge loader": [
    {
      covers: [":candidateId"],
      url: (w) => `/candidates/${w.a.candidate}/merge?with=${w.b.candidate}`,
      params: (w) => ({ candidateId: w.a.candidate }),
      answer: 404,
    },
    {
      covers: ["with"],
      url: (w) => `/candidates/${w.b.candidate}/merge?with=${w.a.candidate}`,
      params: (w) => ({ candidateId: w.b.candidate }),
      answer: 404,
    },
  ],
  "candidates/:candidateId/merge action": [
    {
      covers: [":candidateId"],
      url: (w) => `/candidates/${w.a.candidate}/merge`,
      params: (w) => ({ candidateId: w.a.candidate }),
      form: (w) => ({ with: w.b.candidate }),
      answer: 404,
    },
    {
      covers: ["with"],
      url: (w) => `/candidates/${w.b.candidate}/merge`,
      params: (w) => ({ candidateId: w.b.candidate }),
      form: (w) => ({ with: w.a.candidate }),
      answer: 404,
      why: "another company's candidate is never merged into B's (nor B's into theirs)",
    },
  ],
  "candidates/import/:importId loader": [
    { covers: [":importId"], url: (w) => `/candidates/import/${w.a.import}`, params: (w) => ({ importId: w.a.import }), answer: 404 },
  ],
  "candidates/import/:importId action": [
    {
      covers: [":importId"],
      url: (w) => `/candidates/import/${w.a.import}`,
      params: (w) => ({ importId: w.a.import }),
      form: () => ({ intent: "import" }),
      answer: 404,
    },
  ],
  "notifications/:notificationId loader": [
    {
      covers: [":notificationId"],
      url: (w) => `/notifications/${w.a.notification}`,
      params: (w) => ({ notificationId: w.a.notification }),
      answer: 404,
    },
  ],
  "applications/:applicationId loader": [
    { covers: [":applicationId"], url: (w) => `/applications/${w.a.application}`, params: (w) => ({ applicationId: w.a.application }), answer: 404 },
    {
      covers: ["template"],
      url: (w) => `/applications/${w.b.application}?template=${w.a.template}`,
      params: (w) => ({ applicationId: w.b.application }),
      answer: 200,
      why: "B's own application; another company's template is not previewed",
    },
  ],
  "applications/:applicationId action": [
    ...(["move", "status", "send-email", "reject", "undo-reject", "cancel-email", "hire"] as const).map(
      (intent): Call => ({
        covers: [
          ":applicationId",
          ...({ move: ["stageId"], reject: ["email"], "cancel-email": ["messageId"] } as Record<string, string[]>)[intent] ?? [],
        ],
        url: (w) => `/applications/${w.a.application}`,
        params: (w) => ({ applicationId: w.a.application }),
        form: (w) => ({
          intent,
          stageId: w.a.job.stages[1]!.id,
          status: "withdrawn",
          templateId: w.a.template,
          reasonId: w.a.reason,
          sendEmail: "on",
          subject: "S",
          body: "B",
          delay: "0",
          messageId: w.a.message,
          hiredOn: "2026-12-01",
        }),
        answer: 404,
      }),
    ),
    // Notes (decision 098): on A's application, or A's note from B's own application.
    ...(["add-note", "edit-note", "delete-note"] as const).map(
      (intent): Call => ({
        covers: [":applicationId", ...(intent === "add-note" ? [] : ["noteId"])],
        url: (w) => `/applications/${w.a.application}`,
        params: (w) => ({ applicationId: w.a.application }),
        form: (w) => ({ intent, noteId: w.a.note, body: "B's words" }),
        answer: 404,
      }),
    ),
    ...(["edit-note", "delete-note"] as const).map(
      (intent): Call => ({
        covers: ["noteId"],
        url: (w) => `/applications/${w.b.application}`,
        params: (w) => ({ applicationId: w.b.application }),
        form: (w) => ({ intent, noteId: w.a.note, body: "B's words" }),
        answer: 404,
      }),
    ),
    {
      covers: [":applicationId"],
      url: (w) => `/applications/${w.a.application}`,
      params: (w) => ({ applicationId: w.a.application }),
      form: (w) => ({ intent: "request-feedback", reviewerIds: w.b.member }),
      answer: 404,
    },
    // Interviews (decision 102): on A's application; A's interview from B's own application; A's member as B's interviewer.
    ...(["schedule-interview", "reschedule-interview", "cancel-interview"] as const).map(
      (intent): Call => ({
        covers: [":applicationId", ...(intent === "schedule-interview" ? [] : ["interviewId"])],
        url: (w) => `/applications/${w.a.application}`,
        params: (w) => ({ applicationId: w.a.application }),
        form: (w) => ({ ...interviewForm(intent, w.b.member), interviewId: w.a.interview }),
        answer: 404,
      }),
    ),
    ...(["reschedule-interview", "cancel-interview"] as const).map(
      (intent): Call => ({
        covers: ["interviewId"],
        url: (w) => `/applications/${w.b.application}`,
        params: (w) => ({ applicationId: w.b.application }),
        form: (w) => ({ ...interviewForm(intent, w.b.member), interviewId: w.a.interview }),
        answer: 404,
      }),
    ),
    {
      covers: ["interviewerIds"],
      url: (w) => `/applications/${w.b.application}`,
      params: (w) => ({ applicationId: w.b.application }),
      form: (w) => interviewForm("schedule-interview", w.a.member),
      answer: 400,
      why: "another company's member cannot interview: 'Interviewers must be members of your company.'",
    },
    // Self-scheduling links (decision 103): a link for A's application; A's link withdrawn from B's own application; A's member offered on B's link.
    ...(["send-scheduling-link", "withdraw-scheduling-link"] as const).map(
      (intent): Call => ({
        covers: [":applicationId", ...(intent === "withdraw-scheduling-link" ? ["linkId"] : [])],
        url: (w) => `/applications/${w.a.application}`,
        params: (w) => ({ applicationId: w.a.application }),
        form: (w) => ({ ...schedulingLinkForm(w.b.member), intent, linkId: w.a.schedulingLink }),
        answer: 404,
      }),
    ),
    {
      covers: ["linkId"],
      url: (w) => `/applications/${w.b.application}`,
      params: (w) => ({ applicationId: w.b.application }),
      form: (w) => ({ intent: "withdraw-scheduling-link", linkId: w.a.schedulingLink }),
      answer: 404,
    },
    {
      covers: ["interviewerIds"],
      url: (w) => `/applications/${w.b.application}`,
      params: (w) => ({ applicationId: w.b.application }),
      form: (w) => ({ ...schedulingLinkForm(w.a.member), intent: "send-scheduling-link" }),
      answer: 400,
      why: "another company's member cannot be offered on a link: 'Interviewers must be members of your company.'",
    },
    {
      covers: ["reviewerIds"],
      url: (w) => `/applications/${w.b.application}`,
      params: (w) => ({ applicationId: w.b.application }),
      form: (w) => ({ intent: "request-feedback", reviewerIds: w.a.member }),
      answer: 400,
      why: "another company's member cannot be asked: 'Only members of your company can be asked for feedback.'",
    },
    {
      covers: ["reasonId"],
      url: (w) => `/applications/${w.b.application}`,
      params: (w) => ({ applicationId: w.b.application }),
      form: (w) => ({ intent: "reject", reasonId: w.a.reason }),
      answer: 400,
      why: "another company's reason answers 'That reason is no longer on the company's list.'",
    },
    {
      covers: ["messageId"],
      url: (w) => `/applications/${w.b.application}`,
      params: (w) => ({ applicationId: w.b.application }),
      form: (w) => ({ intent: "cancel-email", messageId: w.a.message }),
      answer: 409,
      why: "B's own application has no such email waiting: 'That email is no longer waiting to be sent'",
    },
    {
      covers: ["stageId"],
      url: (w) => `/applications/${w.b.application}`,
      params: (w) => ({ applicationId: w.b.application }),
      form: (w) => ({ intent: "move", stageId: w.a.job.stages[1]!.id }),
      answer: 400,
      why: "a stage field answers 'That stage is not part of this job's pipeline.'",
    },
  ],
  // The list's bulk actions (issue 13): A's ids, stages, reasons, templates or job filter never act on anything.
  "applications action": [
    {
      covers: ["applicationIds"],
      url: () => "/applications",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-reject", applicationIds: w.a.application, reasonId: w.b.reason }),
      answer: 404,
      why: "none of the selected applications is B's: 'None of the selected applications exists any more.'",
    },
    {
      covers: ["applicationIds"],
      url: () => "/applications",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-move", applicationIds: w.a.application, stageId: w.b.job.stages[1]!.id }),
      answer: 404,
    },
    {
      covers: ["stageId"],
      url: () => "/applications",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-move", applicationIds: w.b.application, stageId: w.a.job.stages[1]!.id }),
      answer: 400,
      why: "'That stage is not part of this job's pipeline.'",
    },
    {
      covers: ["reasonId"],
      url: () => "/applications",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-reject", applicationIds: w.b.application, reasonId: w.a.reason }),
      answer: 400,
    },
    {
      covers: ["templateId"],
      url: () => "/applications",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-reject", applicationIds: w.b.application, reasonId: w.b.reason, templateId: w.a.template }),
      answer: 400,
      why: "'That template no longer exists. Please choose another.'",
    },
    {
      covers: ["emailTemplateId"],
      url: () => "/applications",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-email", applicationIds: w.b.application, emailTemplateId: w.a.template }),
      answer: 400,
      why: "'That template no longer exists. Please choose another.'",
    },
    {
      covers: ["applicationIds"],
      url: () => "/applications",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-tag", applicationIds: w.a.application, tag: "taken" }),
      answer: 404,
    },
    {
      covers: ["job", "stage"],
      url: () => "/applications",
      params: () => ({}),
      form: (w) => ({ intent: "bulk-move", all: "1", job: w.a.job.id, stage: appliedOf(w, "a").id, stageId: w.b.job.stages[1]!.id }),
      answer: 404,
      why: "A's job filter matches none of B's applications",
    },
  ],
  "applications loader": [
    {
      covers: ["member"],
      url: (w) => `/applications?member=${w.a.member}`,
      params: () => ({}),
      answer: 200,
      why: "the list filtered by the jobs of another company's member is empty",
    },
    {
      covers: ["job", "stage"],
      url: (w) => `/applications?job=${w.a.job.id}&stage=${appliedOf(w, "a").id}`,
      params: () => ({}),
      answer: 200,
      why: "the list filtered by another company's job and stage is empty",
    },
    {
      covers: ["after", "before"],
      url: (w) => `/applications?after=99999999999999999_${w.a.application}&before=99999999999999999_${w.a.application}`,
      params: () => ({}),
      answer: 200,
      why: "a cursor is a place in the company's own list (a time and an id to order by), not a row it reads",
    },
  ],
  "reports loader": [
    {
      covers: ["job", "member"],
      url: (w) => `/reports?job=${w.a.job.id}&member=${w.a.member}&from=2000-01-01`,
      params: () => ({}),
      answer: 200,
      why: "another company's job and member filter the reports to nothing",
    },
  ],
  "reports/export.csv loader": [
    {
      covers: ["job", "member"],
      url: (w) => `/reports/export.csv?report=sources&job=${w.a.job.id}&member=${w.a.member}&from=2000-01-01`,
      params: () => ({}),
      answer: 200,
      why: "another company's job and member filter the file to nothing",
    },
  ],
  "reports/equal-opportunity loader": [
    {
      covers: ["job"],
      url: (w) => `/reports/equal-opportunity?job=${w.a.job.id}&from=2000-01`,
      params: () => ({}),
      answer: 200,
      why: "another company's job filters the survey's totals to nothing",
    },
  ],
  "settings/audit loader": [
    {
      covers: ["member", "subject", "after", "before"],
      url: (w) => `/settings/audit?member=${w.a.member}&subject=${w.a.candidate}&after=99999999999999999_${w.a.candidate}&before=99999999999999999_${w.a.candidate}`,
      params: () => ({}),
      answer: 200,
      why: "another company's member, candidate and cursor filter the trail to nothing of theirs",
    },
  ],
  "settings/audit/export.csv loader": [
    {
      covers: ["member", "subject"],
      url: (w) => `/settings/audit/export.csv?member=${w.a.member}&subject=${w.a.candidate}`,
      params: () => ({}),
      answer: 200,
      why: "another company's member and candidate filter the file to nothing",
    },
  ],
  "manage/jobs loader": [
    {
      covers: ["after", "before"],
      url: (w) => `/manage/jobs?after=99999999999999999_${w.a.job.id}&before=99999999999999999_${w.a.job.id}`,
      params: () => ({}),
      answer: 200,
      why: "a cursor is a place in the company's own list (a time and an id to order by), not a row it reads",
    },
  ],
  "settings/webhooks/:endpointId loader": [
    {
      covers: [":endpointId"],
      url: (w) => `/settings/webhooks/${w.a.webhookEndpoint}`,
      params: (w) => ({ endpointId: w.a.webhookEndpoint }),
      answer: 404,
    },
  ],
  "settings/webhooks/:endpointId action": [
    ...["save", "enable", "disable", "roll-secret", "test", "delete"].map((intent) => ({
      covers: [":endpointId"],
      url: (w: World) => `/settings/webhooks/${w.a.webhookEndpoint}`,
      params: (w: World) => ({ endpointId: w.a.webhookEndpoint }),
      form: () => ({ intent, url: "https://example.com/taken", events: "application.created" }),
      answer: 404,
    })),
    {
      covers: [":endpointId", "deliveryId"],
      url: (w) => `/settings/webhooks/${w.a.webhookEndpoint}`,
      params: (w) => ({ endpointId: w.a.webhookEndpoint }),
      form: (w) => ({ intent: "resend", deliveryId: w.a.webhookDelivery }),
      answer: 404,
    },
  ],
  "email-templates action": [
    { covers: ["id"], url: () => "/email-templates", params: () => ({}), form: (w) => ({ intent: "delete", id: w.a.template }), answer: 404 },
  ],
  "email-templates/:templateId/edit loader": [
    { covers: [":templateId"], url: (w) => `/email-templates/${w.a.template}/edit`, params: (w) => ({ templateId: w.a.template }), answer: 404 },
  ],
  "email-templates/:templateId/edit action": [
    {
      covers: [":templateId"],
      url: (w) => `/email-templates/${w.a.template}/edit`,
      params: (w) => ({ templateId: w.a.template }),
      form: () => ({ name: "Taken over", subject: "Taken over", body: "Taken over" }),
      answer: 404,
    },
  ],
  "manage/jobs/:id/edit loader": [
    { covers: [":id"], url: (w) => `/manage/jobs/${w.a.job.id}/edit`, params: (w) => ({ id: w.a.job.id }), answer: 404 },
  ],
  "manage/jobs/:id/edit action": [
    {
      covers: [":id", "stages.N.id"],
      url: (w) => `/manage/jobs/${w.a.job.id}/edit`,
      params: (w) => ({ id: w.a.job.id }),
      form: (w) => jobForm([...w.a.job.stages.map((stage) => ({ id: stage.id, name: `${stage.name} (taken over)` })), { name: "Applied" }]),
      answer: 404,
    },
    {
      covers: ["stages.N.id"],
      url: (w) => `/manage/jobs/${w.b.job.id}/edit`,
      params: (w) => ({ id: w.b.job.id }),
      form: (w) => jobForm([...w.b.job.stages, { id: w.a.job.stages[1]!.id, name: "Renamed by B" }]),
      answer: 302,
      why: "another company's stage id names none of B's stages: it is saved as a new stage of B's job",
    },
    {
      covers: ["stage_moves.<id>"],
      url: (w) => `/manage/jobs/${w.b.job.id}/edit`,
      params: (w) => ({ id: w.b.job.id }),
      form: (w) =>
        jobForm(
          w.b.job.stages.filter((stage) => stage.id !== w.b.crowdedStage),
          { [w.b.crowdedStage]: w.a.job.stages[1]!.id },
        ),
      answer: 400,
      why: "candidates cannot move to another company's stage: 'Choose where the candidates … go'",
    },
  ],
  "manage/jobs/new action": [
    {
      covers: ["stages.N.id", "stage_moves.<id>"],
      url: () => "/manage/jobs/new",
      params: () => ({}),
      form: (w) => jobForm([{ name: "Applied" }, { id: w.a.job.stages[1]!.id, name: "Renamed by B" }], { [w.a.job.stages[2]!.id]: w.a.job.stages[1]!.id }),
      answer: 302,
      why: "a new job's stages are all new: ids in the form name nothing",
    },
  ],
  "manage/jobs/:id/status loader": [
    {
      covers: [":id"],
      url: (w) => `/manage/jobs/${w.a.job.id}/status`,
      params: (w) => ({ id: w.a.job.id }),
      answer: 302,
      why: "reads nothing: it redirects to the edit page, which answers 404",
    },
  ],
  "manage/jobs/:id/preview loader": [
    {
      covers: [":id"],
      url: (w) => `/manage/jobs/${w.a.job.id}/preview`,
      params: (w) => ({ id: w.a.job.id }),
      answer: 404,
      why: "the preview shows a job of any status, but only of the signed-in company",
    },
  ],
  "manage/jobs/:id/team loader": [{ covers: [":id"], url: (w) => `/manage/jobs/${w.a.job.id}/team`, params: (w) => ({ id: w.a.job.id }), answer: 404 }],
  "manage/jobs/:id/team action": [
    {
      covers: [":id"],
      url: (w) => `/manage/jobs/${w.a.job.id}/team`,
      params: (w) => ({ id: w.a.job.id }),
      form: (w) => ({ intent: "set-member", userId: w.b.member, teamRole: "interviewer" }),
      answer: 404,
    },
    {
      covers: [":id"],
      url: (w) => `/manage/jobs/${w.a.job.id}/team`,
      params: (w) => ({ id: w.a.job.id }),
      form: (w) => ({ intent: "remove-member", userId: w.a.member }),
      answer: 404,
    },
    {
      covers: ["userId"],
      url: (w) => `/manage/jobs/${w.b.job.id}/team`,
      params: (w) => ({ id: w.b.job.id }),
      form: (w) => ({ intent: "set-member", userId: w.a.member, teamRole: "interviewer" }),
      answer: 400,
      why: "another company's member cannot join B's own job's team: 'Only members of your company can join a job's hiring team.'",
    },
  ],
  "manage/jobs/:id/interview-plan loader": [
    { covers: [":id"], url: (w) => `/manage/jobs/${w.a.job.id}/interview-plan`, params: (w) => ({ id: w.a.job.id }), answer: 404 },
  ],
  "manage/jobs/:id/interview-plan action": [
    {
      covers: [":id"],
      url: (w) => `/manage/jobs/${w.a.job.id}/interview-plan`,
      params: (w) => ({ id: w.a.job.id }),
      form: (w) => ({ intent: "add-attribute", stageId: w.a.job.stages[0]!.id, name: "Taken over" }),
      answer: 404,
    },
    {
      covers: ["stageId"],
      url: (w) => `/manage/jobs/${w.b.job.id}/interview-plan`,
      params: (w) => ({ id: w.b.job.id }),
      form: (w) => ({ intent: "copy-defaults", stageId: w.a.job.stages[0]!.id }),
      answer: 404,
      why: "B's own job has no such stage",
    },
    {
      covers: ["attributeId"],
      url: (w) => `/manage/jobs/${w.b.job.id}/interview-plan`,
      params: (w) => ({ id: w.b.job.id }),
      form: (w) => ({ intent: "remove-attribute", attributeId: w.a.attribute }),
      answer: 404,
    },
  ],
  "manage/jobs/:id/status action": [
    { covers: [":id"], url: (w) => `/manage/jobs/${w.a.job.id}/status`, params: (w) => ({ id: w.a.job.id }), form: () => ({ status: "closed" }), answer: 404 },
  ],
  "settings/team action": [
    { covers: ["invitationId"], url: () => "/settings/team", params: () => ({}), form: (w) => ({ intent: "revoke-invitation", invitationId: w.a.invitation }), answer: 404 },
    { covers: ["memberId"], url: () => "/settings/team", params: () => ({}), form: (w) => ({ intent: "remove-member", memberId: w.a.member }), answer: 404 },
    { covers: ["memberId"], url: () => "/settings/team", params: () => ({}), form: (w) => ({ intent: "change-role", memberId: w.a.member, role: "interviewer" }), answer: 404 },
  ],
  "settings/hiring action": [
    ...(["rename-reason", "move-reason", "delete-reason"] as const).map(
      (intent): Call => ({
        covers: ["id"],
        url: () => "/settings/hiring",
        params: () => ({}),
        form: (w) => ({ intent, id: w.a.reason, name: "Taken over", direction: "down" }),
        answer: 404,
      }),
    ),

    {
      covers: ["attributeId"],
      url: () => "/settings/hiring",
      params: () => ({}),
      form: (w) => ({ intent: "remove-attribute", attributeId: w.a.attribute }),
      answer: 404,
    },
  ],
  "settings action": [
    { covers: ["blockedTimeId"], url: () => "/settings", params: () => ({}), form: (w) => ({ intent: "remove-blocked-time", blockedTimeId: w.a.blockedTime }), answer: 404 },
  ],
  "settings/api-keys action": [
    { covers: ["keyId"], url: () => "/settings/api-keys", params: () => ({}), form: (w) => ({ intent: "revoke-api-key", keyId: w.a.apiKey }), answer: 404 },
  ],
  "settings/security action": [
    { covers: ["sessionId"], url: () => "/settings/security", params: () => ({}), form: (w) => ({ intent: "revoke-session", sessionId: w.a.session }), answer: 404 },
  ],
};

/** The status of a route's answer, returned or thrown, and all it says as text: headers, and a Response's body or the data. */
async function answerOf(fn: RouteFunction, call: RouteCall): Promise<{ status: number; body: string }> {
  const answer = await callRoute(fn, call);
  const body = answer.response ? await answer.response.clone().text() : JSON.stringify(answer.data);
  return { status: answer.status, body: `${JSON.stringify([...answer.headers])}\n${body}` };
}

describe("another company's ids", () => {
  it("are found in every staff route that reads an id, and each has its calls listed", () => {
    expect(idEntries.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(["manage/jobs/:jobId loader", "applications/:applicationId action", "settings/team action", "settings/security action", "email-templates action"]),
    );
    const missing = idEntries.flatMap((entry) => {
      const covered = new Set((CALLS[entry.key] ?? []).flatMap((call) => call.covers));
      return entry.inputs.filter((input) => !covered.has(input)).map((input) => `${entry.key}: ${input}`);
    });
    expect(missing, "add a call to CALLS (or the name to NOT_IDS if it never names a row)").toEqual([]);
    const stale = Object.keys(CALLS).filter((key) => !idEntries.some((entry) => entry.key === key));
    expect(stale, "CALLS names a loader or action that reads no id").toEqual([]);
  });

  it.each(idEntries.map((entry) => [entry.key, entry] as const))("%s answers not found and changes nothing", async (key, entry) => {
    for (const call of CALLS[key] ?? []) {
      const before = await snapshotOfA();
      const form = call.form?.(world);
      expect(Boolean(form), `${key}: a call of an action posts a form`).toBe(key.endsWith(" action"));
      const answer = await answerOf(entry.fn, { path: call.url(world), form, cookie: world.cookie, params: call.params(world) });
      const label = `${key} with ${call.covers.join(", ")}`;
      expect(`${label}: ${answer.status}`).toBe(`${label}: ${call.answer}`);
      expect(answer.body, label).not.toContain(SECRET);
      expect(await snapshotOfA(), label).toBe(before);
    }
  });

  it("leave company A's rows in place for the calls above to find (the snapshot is not empty)", async () => {
    const snapshot = JSON.parse(await snapshotOfA()) as Record<string, unknown[]>;
    expect(snapshot.applications).toHaveLength(1);
    expect(snapshot.candidate_tags).toHaveLength(1);
    expect(snapshot.profiles).toHaveLength(2);
    expect(snapshot.invitations).toHaveLength(1);
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notifications).toHaveLength(1);
    expect(snapshot.blocked_times).toHaveLength(1);
    expect(snapshot.api_keys).toHaveLength(1);
    expect(snapshot.session).not.toHaveLength(0);
    const [stillThere] = await bed.t.db.select({ id: applications.id }).from(applications).where(eq(applications.id, world.a.application));
    expect(stillThere).toBeDefined();
  });
});

describe("adding a candidate", () => {
  it("to another company's job answers not found beside the job and adds nobody", async () => {
    const mod = modules["../../app/routes/staff/candidates-new.tsx"]!;
    const before = await snapshotOfA();
    const count = async () => (await queryRows<{ n: number }>(bed.t.db, sql`select count(*)::int as n from candidates`))[0]!.n;
    const candidatesBefore = await count();
    const answer = await answerOf(mod.action!, {
      path: "/candidates/new",
      form: { name: "Eve Intruder", email: "eve@example.test", job: world.a.job.id, stage: appliedOf(world, "a").id },
      cookie: world.cookie,
      params: {},
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toContain("Choose one of your jobs");
    expect(answer.body).not.toContain(SECRET);
    expect(await snapshotOfA()).toBe(before);
    expect(await count()).toBe(candidatesBefore);
  });
});

describe("notes and notifications", () => {
  it("of another company never show on a page of one's own: its notes, its notifications, its bell", async () => {
    const pages = [
      [modules["../../app/routes/staff/application.tsx"]!, `/applications/${world.b.application}`, { applicationId: world.b.application }],
      [modules["../../app/routes/staff/candidate.tsx"]!, `/candidates/${world.b.candidate}`, { candidateId: world.b.candidate }],
      [modules["../../app/routes/staff/notifications.tsx"]!, "/notifications", {}],
      [modules["../../app/routes/staff/layout.tsx"]!, "/dashboard", {}],
    ] as const;
    for (const [mod, path, params] of pages) {
      const answer = await answerOf(mod.loader!, { path, cookie: world.cookie, params });
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).not.toContain(SECRET);
      expect(answer.body, path).not.toContain(world.a.note);
      expect(answer.body, path).not.toContain(world.a.notification);
    }
    const bell = await callRoute(modules["../../app/routes/staff/layout.tsx"]!.loader!, { path: "/dashboard", cookie: world.cookie, params: {} });
    expect(bell.data).toMatchObject({ unreadNotifications: 0 });
  });
});

describe("searches by text", () => {
  it("never find another company's candidates", async () => {
    const mod = modules["../../app/routes/staff/candidates-list.tsx"]!;
    const theirs = await answerOf(mod.loader!, { path: `/candidates?q=${SECRET}`, cookie: world.cookie, params: {} });
    expect(theirs.status).toBe(200);
    // The answer repeats the search; it finds nobody.
    expect(theirs.body).toContain('"rows":[],');
    expect(theirs.body).toContain('"total":0,');
    const every = await answerOf(mod.loader!, { path: "/candidates", cookie: world.cookie, params: {} });
    expect(every.body).not.toContain(world.a.candidate);
    // Company B's one candidate, and no other; nor company A's tags among the suggestions.
    expect(every.body).toContain('"total":1,');
    expect(every.body).not.toContain(SECRET);
    // Company A's tag, by its name, is no tag of company B's.
    const byTag = await answerOf(mod.loader!, { path: `/candidates?${new URLSearchParams({ tag: `${SECRET} tag` })}`, cookie: world.cookie, params: {} });
    expect(byTag.status).toBe(200);
    expect(byTag.body).toContain('"rows":[],');
  });

  it("never offer another company's jobs in the applications list's job filter", async () => {
    const mod = modules["../../app/routes/staff/job-choices.tsx"]!;
    const theirs = await answerOf(mod.loader!, { path: `/applications/job-choices?q=${SECRET}`, cookie: world.cookie, params: {} });
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toContain(SECRET);
    const every = await answerOf(mod.loader!, { path: "/applications/job-choices", cookie: world.cookie, params: {} });
    expect(every.body).toContain(world.b.job.id);
    expect(every.body).not.toContain(world.a.job.id);
  });
});
