/**
 * Test data, one factory per entity: staff (with their company), job, application, email template.
 * Each row is made one way only. Invitations are made by `inviteMember`, the service under test.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { applications, companies, jobs, pipelineStages, profiles } from "../db/schema";
import { applicationSchema } from "~/schemas/application";
import { privacyNoticeOf, shownPrivacyNotice } from "~/schemas/privacy";
import { getPublicJob } from "~/server/job-board/queries.server";
import type { EmailTemplateInput } from "~/schemas/email-template";
import type { FormField } from "~/schemas/form-field";
import { CreateJobSchema, type CreateJobInput } from "~/schemas/job";
import type { Auth } from "~/server/accounts/auth.server";
import type { Staff } from "~/server/accounts/session.server";
import type { Role } from "~/lib/permissions";
import type { Database } from "~/server/platform/db.server";
import type { Actor } from "~/server/platform/tenancy.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { type ApplyRateLimit, submitApplication } from "~/server/applications/apply.server";
import { createEmailTemplate } from "~/server/mail/email-templates.server";
import { createJob } from "~/server/jobs/jobs.server";
import { rejectApplication } from "~/server/applications/pipeline.server";
import { listRejectionReasons } from "~/server/applications/rejection-reasons.server";
import { cookieFrom } from "./helpers/route-test";

// ---------------------------------------------------------------------------
// Staff and their company
// ---------------------------------------------------------------------------

export const TEST_PASSWORD = "correct horse battery staple";

export function uniqueEmail(prefix = "staff"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
}

export const TEST_FULL_NAME = "Test Recruiter";
export const TEST_COMPANY_NAME = "Test Company";

/** A registered staff member, the owner of their own company, as sign-up makes them. */
export async function createStaff(
  db: Database,
  auth: Auth,
  overrides: { email?: string; fullName?: string; companyName?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const { userId, cookies } = await registerAccount(
    auth,
    {
      email,
      password: TEST_PASSWORD,
      fullName: overrides.fullName ?? TEST_FULL_NAME,
      companyName: overrides.companyName ?? TEST_COMPANY_NAME,
    },
    new Headers(),
  );
  const [row] = await db
    .select({ companyId: profiles.companyId, companyName: companies.name, fullName: profiles.fullName })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(eq(profiles.id, userId));
  if (!row) throw new Error("createStaff: no profile");
  const staff: Staff = {
    userId,
    sessionId: "",
    email,
    fullName: row.fullName,
    role: "admin",
    isOwner: true,
    companyId: row.companyId,
    companyName: row.companyName,
    timeZone: null,
  };
  /** The Cookie header of the session sign-up started. */
  const cookie = cookieFrom(cookies);
  return { staff, cookie, email };
}

/**
 * A member of `company`'s team with `role` (decision 096), as accepting an invitation makes them:
 * registered like any staff member (with a company of their own, as sign-up makes one, left empty),
 * then moved into this one.
 */
export async function createMember(db: Database, auth: Auth, company: Actor, role: Role = "recruiter", overrides: { email?: string; fullName?: string } = {}) {
  const member = await createStaff(db, auth, { email: overrides.email, fullName: overrides.fullName ?? `Test ${role}` });
  await db.update(profiles).set({ companyId: company.companyId, role }).where(eq(profiles.id, member.staff.userId));
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, company.companyId));
  const staff: Staff = { ...member.staff, role, isOwner: false, companyId: company.companyId, companyName: row!.name };
  return { ...member, staff };
}

/** A recruiter of `owner`'s company (the notes' tests, decision 098). */
export const createTeammate = (db: Database, auth: Auth, owner: Actor, overrides: { email?: string; fullName?: string } = {}) =>
  createMember(db, auth, owner, "recruiter", { fullName: TEST_FULL_NAME, ...overrides });

export async function setCompanyName(db: Database, companyId: string, name: string) {
  await db.update(companies).set({ name }).where(eq(companies.id, companyId));
}

export async function setProfile(
  db: Database,
  userId: string,
  values: { fullName?: string | null; emailNotifications?: boolean; mentionEmails?: "immediate" | "digest" | "never" },
) {
  await db.update(profiles).set(values).where(eq(profiles.id, userId));
}

// ---------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------

/** A required select and an optional text field, as the post-job form would store them. */
export const SAMPLE_FORM_SCHEMA: FormField[] = [
  { id: "notice", type: "select", label: "Notice period", required: true, options: ["Now", "1 month"], order: 1 },
  { id: "github", type: "text", label: "GitHub profile", required: false, order: 2 },
];

export function jobInput(overrides: Partial<CreateJobInput> = {}) {
  return CreateJobSchema.parse({
    title: "Backend Engineer",
    description: "Build the services behind our hiring platform.",
    location: "Lisbon, Portugal",
    ...overrides,
  });
}

/** A job's stages in order. */
export async function stagesOf(db: Database, jobId: string) {
  return db
    .select({ id: pipelineStages.id, name: pipelineStages.name })
    .from(pipelineStages)
    .where(eq(pipelineStages.jobId, jobId))
    .orderBy(asc(pipelineStages.order));
}

/** A published job of the actor's company, posted as staff post it (the default stages unless given), with its stages. */
export async function createTestJob(db: Database, actor: Actor, overrides: Partial<CreateJobInput> = {}) {
  const job = await createJob(db, actor, jobInput(overrides));
  return { id: job.id, companyId: actor.companyId, stages: await stagesOf(db, job.id) };
}

/** Sets a job's status without the rules of `setJobStatus` (a job that became a draft or closed meanwhile). */
export async function setJobStatusDirectly(db: Database, jobId: string, status: "published" | "draft" | "closed") {
  await db.update(jobs).set({ status }).where(eq(jobs.id, jobId));
}

// ---------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------

export interface TestApplicationOverrides {
  candidateName?: string;
  candidateEmail?: string;
  resumeUrl?: string | null;
  stageName?: string;
  status?: "active" | "withdrawn" | "rejected";
  createdAt?: Date;
  formData?: { cover_letter?: string; custom_fields?: Record<string, string | boolean> };
}

/**
 * An application inserted straight into the table, in the job's Applied stage unless another
 * stage is named. Tests of applying itself go through `applyTo`.
 */
export async function createTestApplication(db: Database, job: { id: string; companyId: string }, overrides: TestApplicationOverrides = {}) {
  const stageName = overrides.stageName ?? "Applied";
  const [stage] = await db
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.jobId, job.id), eq(pipelineStages.name, stageName)));
  if (!stage) throw new Error(`createTestApplication: no stage ${stageName}`);
  const suffix = randomBytes(4).toString("hex");
  const [row] = await db
    .insert(applications)
    .values({
      companyId: job.companyId,
      jobId: job.id,
      candidateName: overrides.candidateName ?? `Candidate ${suffix}`,
      candidateEmail: overrides.candidateEmail ?? `candidate-${suffix}@example.test`,
      resumeUrl: overrides.resumeUrl === undefined ? "https://example.test/resume.pdf" : overrides.resumeUrl,
      formData: overrides.formData ?? { cover_letter: "I would love to join." },
      currentPipelineStageId: stage.id,
      status: overrides.status ?? "active",
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning({
      id: applications.id,
      stageId: applications.currentPipelineStageId,
      candidateName: applications.candidateName,
      candidateEmail: applications.candidateEmail,
      // Found or made by the database for the email (decision 078).
      candidateId: applications.candidateId,
    });
  if (!row) throw new Error("createTestApplication: nothing inserted");
  return { ...row, stageId: row.stageId!, jobId: job.id, companyId: job.companyId };
}

/** Valid flat form values for a job's apply form (`SAMPLE_FORM_SCHEMA`'s fields included). */
export function applicationValues(overrides: Record<string, string> = {}) {
  return {
    candidate_name: "Ada Lovelace",
    candidate_email: uniqueEmail("candidate"),
    resume_url: "https://example.com/ada.pdf",
    cover_letter: "I would love to work with you.",
    "custom_fields.notice": "Now",
    privacy_consent: "on",
    ...overrides,
  };
}

/** Applies to a job as a candidate does, through `submitApplication` (the service under test). */
export async function applyTo(
  db: Database,
  jobId: string,
  formSchema: FormField[],
  overrides: Record<string, string> = {},
  rateLimit?: ApplyRateLimit,
) {
  const application = applicationSchema(formSchema).parse(applicationValues(overrides));
  // The notice the job's apply form shows (decision 114); a missing job's (refused anyway) is a default.
  const job = await getPublicJob(db, jobId);
  const notice = shownPrivacyNotice(job?.privacyNotice ?? privacyNoticeOf({ name: "Company", kind: null, url: null, text: null }));
  return submitApplication(db, { jobId, application, notice, rateLimit });
}

// ---------------------------------------------------------------------------
// Email templates
// ---------------------------------------------------------------------------

/** An email template of the actor's company, made as the template editor makes it. */
export async function createTestTemplate(db: Database, actor: Actor, values: EmailTemplateInput) {
  return createEmailTemplate(db, actor, values);
}

/**
 * Rejects an application for the company's reason called `reason` (a starter reason by default),
 * without an email unless one is given: the reject dialog's service, as the page calls it.
 */
export async function rejectFor(
  db: Database,
  actor: Actor,
  applicationId: string,
  options: { reason?: string; email?: { subject: string; body: string; delaySeconds: number } } = {},
) {
  const reasons = await listRejectionReasons(db, actor);
  const reason = reasons.find((candidate) => candidate.name === (options.reason ?? "Not qualified"));
  if (!reason) throw new Error(`rejectFor: the company has no reason "${options.reason}"`);
  return rejectApplication(db, actor, applicationId, { reasonId: reason.id, email: options.email ?? null });
}
