import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { applicationEmailQueue, applications, companies, pipelineStages, user } from "../../../db/schema";
import { applicationSchema } from "~/schemas/application";
import { privacyNoticeOf, shownPrivacyNotice } from "~/schemas/privacy";
import { CreateJobSchema, type CreateJobInput } from "~/schemas/job";
import type { Auth } from "../accounts/auth.server";
import type { Database } from "../platform/db.server";
import { registerAccount } from "../accounts/sign-up.server";
import { submitApplication } from "../applications/apply.server";
import { owned } from "../platform/tenancy.server";
import { createJob } from "../jobs/jobs.server";
import { moveApplication } from "../applications/pipeline.server";

export const DEMO_EMAIL = "demo@openhire.local";

const DEMO_JOBS: CreateJobInput[] = [
  {
    title: "Senior Frontend Engineer",
    description:
      "Build the interfaces recruiters and candidates use every day. You will own features from design review to release, with React, TypeScript and a strong eye for accessibility.",
    requirements: "5+ years building web applications with React and TypeScript. Care for accessibility and performance.",
    location: "Berlin, Germany",
    type: "full-time",
    salary_min: "70000",
    salary_max: "90000",
    salary_currency: "EUR",
    salary_period: "yearly",
    remote_type: "hybrid",
    department: "Engineering",
    form_schema: [
      { id: "portfolio", type: "text", label: "Portfolio or GitHub link", required: false, placeholder: "https://", order: 1 },
      { id: "notice", type: "select", label: "Notice period", required: true, options: ["Immediately", "1 month", "3 months"], order: 2 },
    ],
  },
  {
    title: "Customer Success Manager",
    description:
      "Help hiring teams get the most out of OpenHire: onboarding, training and being the voice of our customers inside the product team.",
    requirements: "3+ years in customer success or account management for a software product.",
    location: "New York, NY",
    type: "full-time",
    salary_min: "65000",
    salary_max: "80000",
    salary_currency: "USD",
    salary_period: "yearly",
    remote_type: "office",
    department: "Customer Success",
    form_schema: [
      { id: "why", type: "textarea", label: "Why do you want to work in customer success?", required: true, order: 1 },
    ],
  },
  {
    title: "Data Analyst (Contract)",
    description: "A six-month contract to build the hiring analytics our customers ask for most: time to hire, source quality and funnel conversion.",
    requirements: "SQL, a BI tool of your choice, and clear writing.",
    location: "Remote",
    type: "contract",
    salary_min: "60",
    salary_max: "85",
    salary_currency: "USD",
    salary_period: "hourly",
    remote_type: "remote",
    remote_countries: "Germany, Portugal, Spain, United Kingdom",
    department: "Data",
    form_schema: [
      { id: "timezone", type: "radio", label: "Working hours overlap with US Eastern time", required: true, options: ["Full", "Partial", "None"], order: 1 },
      { id: "rights", type: "checkbox", label: "I can work as a contractor in my country", required: true, order: 2 },
    ],
  },
  {
    title: "Recruiting Coordinator Intern",
    description: "Learn how great hiring works by running interview loops with our talent team for a summer.",
    location: "London, UK",
    type: "internship",
    remote_type: "hybrid",
    department: "People",
  },
];


/** Candidates of the demo jobs (by job index), with the stage each has reached. */
const DEMO_CANDIDATES: { job: number; name: string; stage?: string; answers: Record<string, string> }[] = [
  { job: 0, name: "Maya Patel", stage: "Offer", answers: { "custom_fields.notice": "1 month", "custom_fields.portfolio": "https://github.com/mayap" } },
  { job: 0, name: "Leo Martins", stage: "Technical Assessment", answers: { "custom_fields.notice": "3 months" } },
  { job: 0, name: "Aisha Bello", stage: "First Interview", answers: { "custom_fields.notice": "Immediately" } },
  { job: 0, name: "Tom Becker", stage: "Screening", answers: { "custom_fields.notice": "1 month" } },
  { job: 0, name: "Sofia Rossi", answers: { "custom_fields.notice": "Immediately" } },
  { job: 0, name: "Kenji Watanabe", answers: { "custom_fields.notice": "3 months" } },
  { job: 1, name: "Grace Okafor", stage: "Screening", answers: { "custom_fields.why": "I love helping teams get value from the tools they choose." } },
  { job: 1, name: "Daniel Kim", answers: { "custom_fields.why": "Customer success is where product and people meet." } },
];

/** True when the database has no company yet (a new install). */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length === 0;
}

/**
 * Seeds a demo company with published jobs and a demo staff login, so that a new user sees a
 * living product. Answers the login to print.
 */
export async function seedDemo(db: Database, auth: Auth): Promise<{ email: string; password: string }> {
  const password = `demo-${randomBytes(6).toString("hex")}`;
  const { userId } = await registerAccount(
    auth,
    { email: DEMO_EMAIL, password, fullName: "Demo Recruiter", companyName: "Acme Robotics" },
    new Headers(),
    { skipVerificationEmail: true },
  );
  const [company] = await db
    .update(companies)
    .set({ website: "https://acme-robotics.example" })
    .where(eq(companies.createdBy, userId))
    .returning({ id: companies.id, name: companies.name });
  if (!company) throw new Error("The demo company was not created");
  // The demo login needs no confirmation link.
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  const actor = { userId, companyId: company.id };
  const jobs: { id: string; input: CreateJobInput }[] = [];
  for (const input of DEMO_JOBS) jobs.push({ ...(await createJob(db, actor, CreateJobSchema.parse(input))), input });

  for (const candidate of DEMO_CANDIDATES) {
    const job = jobs[candidate.job]!;
    const email = `${candidate.name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`;
    const application = applicationSchema(job.input.form_schema ?? []).parse({
      candidate_name: candidate.name,
      candidate_email: email,
      resume_url: `https://example.com/resumes/${email.split("@")[0]}.pdf`,
      cover_letter: `Hello! I am excited to apply for the ${job.input.title} role.`,
      privacy_consent: "on",
      ...candidate.answers,
    });
    const notice = shownPrivacyNotice(privacyNoticeOf({ name: company.name, kind: null, url: null, text: null }));
    const { id } = await submitApplication(db, { jobId: job.id, application, notice });
    if (!candidate.stage) continue;
    const [stage] = await db
      .select({ id: pipelineStages.id })
      .from(pipelineStages)
      .where(and(eq(pipelineStages.jobId, job.id), eq(pipelineStages.name, candidate.stage), owned(pipelineStages, actor)));
    if (stage) await moveApplication(db, actor, id, stage.id);
  }
  // The demo candidates are made up: nobody is told of their applications.
  await db.delete(applicationEmailQueue).where(
    inArray(applicationEmailQueue.applicationId, db.select({ id: applications.id }).from(applications).where(owned(applications, actor))),
  );
  return { email: DEMO_EMAIL, password };
}
