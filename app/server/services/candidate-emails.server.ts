import { and, desc, eq, sql } from "drizzle-orm";
import { applications, companies, emailTemplates, jobs, pipelineStages, profiles, user } from "../../../db/schema";
import { fillMergeFields, type MergeValues } from "~/lib/merge-fields";
import type { Staff } from "../auth.server";
import { config } from "../config.server";
import type { Database, Queryable } from "../db.server";
import { type Mailer, mailerFor } from "../email.server";
import { DomainError } from "../errors.server";

/** The name of the template new applications are confirmed with (case does not matter). */
export const APPLICATION_RECEIVED_TEMPLATE = "Application received";

/** Used when a company has deleted its "Application received" template. */
export const DEFAULT_APPLICATION_RECEIVED = {
  subject: "We received your application for {{job_title}}",
  body:
    "Hi {{candidate_name}},\n\nThank you for applying for {{job_title}} at {{company_name}}. " +
    "We have received your application and will be in touch after we have reviewed it.\n\nBest regards,\n{{company_name}}",
};

interface ApplicationContext {
  applicationId: string;
  companyId: string;
  candidateEmail: string;
  values: MergeValues;
}

async function loadApplication(db: Queryable, applicationId: string, companyId?: string): Promise<ApplicationContext | null> {
  const [row] = await db
    .select({
      applicationId: applications.id,
      companyId: applications.companyId,
      candidateName: applications.candidateName,
      candidateEmail: applications.candidateEmail,
      jobTitle: jobs.title,
      companyName: companies.name,
      stageName: pipelineStages.name,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .leftJoin(pipelineStages, eq(pipelineStages.id, applications.currentPipelineStageId))
    .where(companyId ? and(eq(applications.id, applicationId), eq(applications.companyId, companyId)) : eq(applications.id, applicationId));
  if (!row) return null;
  return {
    applicationId: row.applicationId,
    companyId: row.companyId,
    candidateEmail: row.candidateEmail,
    values: {
      candidate_name: row.candidateName,
      job_title: row.jobTitle,
      company_name: row.companyName,
      stage_name: row.stageName ?? "",
    },
  };
}

/**
 * After an application is submitted (call it once the application's transaction has committed):
 * the candidate's confirmation from the company's "Application received" template, and a
 * notification to each staff member of the company with email notifications on.
 * Never throws: a failure is logged, and delivery failures are retried by the mail service.
 */
export async function sendApplicationReceivedEmails(
  db: Database,
  mailer: Mailer,
  applicationId: string,
  options: { linkBaseUrl?: string } = {},
): Promise<void> {
  try {
    const app = await loadApplication(db, applicationId);
    if (!app) return;
    const [template] = await db
      .select({ subject: emailTemplates.subject, body: emailTemplates.body })
      .from(emailTemplates)
      .where(
        and(
          eq(emailTemplates.companyId, app.companyId),
          sql`lower(trim(${emailTemplates.name})) = ${APPLICATION_RECEIVED_TEMPLATE.toLowerCase()}`,
        ),
      )
      .orderBy(desc(emailTemplates.createdAt))
      .limit(1);
    const source = template && template.body.trim() !== "" ? template : DEFAULT_APPLICATION_RECEIVED;
    await mailer.send({
      kind: "application-received",
      to: app.candidateEmail,
      subject: fillMergeFields(source.subject, app.values),
      body: fillMergeFields(source.body, app.values),
      companyId: app.companyId,
      applicationId: app.applicationId,
    });

    const staff = await db
      .select({ email: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(eq(profiles.companyId, app.companyId), eq(profiles.emailNotifications, true)));
    const link = `${(options.linkBaseUrl ?? config.baseUrl).replace(/\/$/, "")}/applications/${app.applicationId}`;
    for (const member of staff) {
      await mailer.send({
        kind: "staff-notification",
        to: member.email,
        subject: `New application: ${app.values.candidate_name} for ${app.values.job_title}`,
        body:
          `${app.values.candidate_name} (${app.candidateEmail}) applied for ${app.values.job_title}.\n\n` +
          `Open the application:\n${link}\n\n` +
          "You get these emails because email notifications are on in your Settings.\n\n— OpenHire",
        companyId: app.companyId,
      });
    }
  } catch (error) {
    console.error(`Could not send the emails for application ${applicationId}:`, error);
  }
}

/** A template filled in for one application of the actor's company: what would be sent. */
export async function previewTemplateForApplication(
  db: Queryable,
  actor: Pick<Staff, "companyId">,
  applicationId: string,
  templateId: string,
): Promise<{ to: string; subject: string; body: string }> {
  const app = await loadApplication(db, applicationId, actor.companyId);
  if (!app) throw new DomainError("NOT_FOUND", "Application not found");
  const [template] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.companyId, actor.companyId)));
  if (!template) throw new DomainError("NOT_FOUND", "Template not found");
  return { to: app.candidateEmail, subject: fillMergeFields(template.subject, app.values), body: fillMergeFields(template.body, app.values) };
}

/**
 * Sends one of the company's templates to an application's candidate, stored with the
 * application. Answers the stored message's id; delivery happens in the background.
 */
export async function sendTemplateToCandidate(
  db: Database,
  actor: Pick<Staff, "companyId">,
  applicationId: string,
  templateId: string,
  mailer: Mailer = mailerFor(db),
): Promise<{ id: string }> {
  const preview = await previewTemplateForApplication(db, actor, applicationId, templateId);
  const id = await mailer.send({
    kind: "template",
    to: preview.to,
    subject: preview.subject,
    body: preview.body,
    companyId: actor.companyId,
    applicationId,
  });
  if (!id) throw new Error("The email could not be recorded");
  return { id };
}
