import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { applicationEmailQueue, applications, companies, emailMessages, emailTemplates, jobs, pipelineStages, profiles, user } from "../../../db/schema";
import { fillMergeFields, type MergeValues } from "~/lib/merge-fields";
import { isUuid } from "~/schemas/id";
import { config } from "../platform/config.server";
import type { Database, Queryable } from "../platform/db.server";
import { type Mailer, mailerFor, type OutgoingEmail } from "./mailer.server";
import { WAITING } from "./queries.server";
import { applicationPageParagraph, issueApplicationLinks } from "../privacy/application-links.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, acrossCompanies, owned } from "../platform/tenancy.server";
import { absoluteUrl } from "~/lib/absolute-url";
import { applicationHref } from "~/lib/application-href";

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

/**
 * Applications with what their emails' merge fields need. `scope` is `owned(applications, actor)`
 * for a staff member, or `acrossCompanies(applications)` for the email worker: there is no default.
 */
async function loadApplications(db: Queryable, applicationIds: readonly string[], scope: SQL): Promise<ApplicationContext[]> {
  if (applicationIds.length === 0) return [];
  const rows = await db
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
    .where(and(inArray(applications.id, [...applicationIds]), scope));
  return rows.map((row) => ({
    applicationId: row.applicationId,
    companyId: row.companyId,
    candidateEmail: row.candidateEmail,
    values: {
      candidate_name: row.candidateName,
      job_title: row.jobTitle,
      company_name: row.companyName,
      stage_name: row.stageName ?? "",
    },
  }));
}

/**
 * The "Application received" emails of some applications: the confirmation and staff notifications.
 * The worker's batch holds applications of many companies: this is the one read across companies
 * (decision 052), each email built only from its own application's company's rows.
 */
async function composeApplicationReceivedEmails(
  db: Queryable,
  applicationIds: readonly string[],
  linkBaseUrl: string,
): Promise<OutgoingEmail[]> {
  const rows = await loadApplications(db, applicationIds, acrossCompanies(applications));
  if (rows.length === 0) return [];
  const companyIds = [...new Set(rows.map((row) => row.companyId))];
  // Each company's newest "Application received" template, and its staff who want notifications.
  const templates = await db
    .selectDistinctOn([emailTemplates.companyId], {
      companyId: emailTemplates.companyId,
      subject: emailTemplates.subject,
      body: emailTemplates.body,
    })
    .from(emailTemplates)
    .where(
      and(
        acrossCompanies(emailTemplates, companyIds),
        sql`lower(trim(${emailTemplates.name})) = ${APPLICATION_RECEIVED_TEMPLATE.toLowerCase()}`,
      ),
    )
    .orderBy(emailTemplates.companyId, desc(emailTemplates.createdAt));
  const staff = await db
    .select({ companyId: profiles.companyId, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(acrossCompanies(profiles, companyIds), eq(profiles.emailNotifications, true)));
  const templateOf = new Map(templates.map((template) => [template.companyId, template]));
  // Each confirmation ends with the link to the candidate's own page of the application (decision 119).
  const pageTokens = await issueApplicationLinks(db, rows);

  return rows.flatMap((row) => {
    const { values } = row;
    const template = templateOf.get(row.companyId);
    const source = template && template.body.trim() !== "" ? template : DEFAULT_APPLICATION_RECEIVED;
    const confirmation: OutgoingEmail = {
      kind: "application-received",
      to: row.candidateEmail,
      subject: fillMergeFields(source.subject, values),
      body: `${fillMergeFields(source.body, values)}\n\n${applicationPageParagraph(linkBaseUrl, pageTokens.get(row.applicationId)!)}`,
      companyId: row.companyId,
      applicationId: row.applicationId,
    };
    const link = absoluteUrl(linkBaseUrl, applicationHref(row.applicationId));
    const notifications = staff
      .filter((member) => member.companyId === row.companyId)
      .map(
        (member): OutgoingEmail => ({
          kind: "staff-notification",
          to: member.email,
          subject: `New application: ${values.candidate_name} for ${values.job_title}`,
          body:
            `${values.candidate_name} (${row.candidateEmail}) applied for ${values.job_title}.\n\n` +
            `Open the application:\n${link}\n\n` +
            "You get these emails because email notifications are on in your Settings.\n\n— OpenHire",
          companyId: row.companyId,
        }),
      );
    return [confirmation, ...notifications];
  });
}

/**
 * Sends the "Application received" emails of some applications now: the candidate's confirmation
 * from the company's template (or the built-in one when the company deleted it) and a notification
 * to each staff member of the company with email notifications on. Delivery happens in the
 * background; failures are recorded on the messages and retried by the mail service.
 */
export async function sendApplicationReceivedEmails(
  db: Database,
  mailer: Mailer,
  applicationIds: readonly string[],
  options: { linkBaseUrl?: string } = {},
): Promise<void> {
  const messages = await composeApplicationReceivedEmails(db, applicationIds, options.linkBaseUrl ?? config.baseUrl);
  mailer.deliver(await mailer.record(messages, db));
}

/** Applications whose emails one pass of the queue writes at most. */
export const APPLICATION_EMAIL_BATCH = 200;

/**
 * One pass over the application email queue: takes up to `limit` queued applications (skipping
 * ones another node holds), writes their emails and removes them from the queue in one
 * transaction, then starts delivering. Answers how many applications it took.
 */
export async function processApplicationEmailQueue(
  db: Database,
  mailer: Mailer,
  options: { limit?: number; linkBaseUrl?: string } = {},
): Promise<number> {
  const limit = options.limit ?? APPLICATION_EMAIL_BATCH;
  const ids = await db.transaction(async (tx) => {
    const taken = await tx
      .delete(applicationEmailQueue)
      .where(
        inArray(
          applicationEmailQueue.applicationId,
          sql`(select application_id from application_email_queue order by created_at limit ${limit} for update skip locked)`,
        ),
      )
      .returning({ applicationId: applicationEmailQueue.applicationId });
    const messages = await composeApplicationReceivedEmails(
      tx,
      taken.map((row) => row.applicationId),
      options.linkBaseUrl ?? config.baseUrl,
    );
    return { taken: taken.length, messageIds: await mailer.record(messages, tx) };
  });
  mailer.deliver(ids.messageIds);
  return ids.taken;
}

interface QueueWorker {
  /** Asks for a pass soon; passes repeat while applications keep arriving. */
  kick(): void;
  /** Resolves when no pass is running or asked for (tests, shutdown). */
  idle(): Promise<void>;
}

const workers = new WeakMap<Database, QueueWorker>();

/**
 * The worker that drains the application email queue of a database: one per database and
 * process. A submitted application kicks it; under load one pass takes every application that
 * arrived meanwhile, so the emails cost a few statements per batch, not per application.
 */
export function applicationEmailWorker(db: Database, mailer: Mailer = mailerFor(db)): QueueWorker {
  let worker = workers.get(db);
  if (worker) return worker;
  let running: Promise<void> | undefined;
  let again = false;
  async function drain() {
    do {
      again = false;
      try {
        while ((await processApplicationEmailQueue(db, mailer)) === APPLICATION_EMAIL_BATCH) {
          // A full batch: more may be waiting.
        }
      } catch (error) {
        // The queue keeps them: the periodic sweep tries again.
        console.error("Could not write the emails of new applications:", error);
        return;
      }
    } while (again);
  }
  worker = {
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = drain().finally(() => {
        running = undefined;
      });
    },
    async idle() {
      while (running) await running;
    },
  };
  workers.set(db, worker);
  return worker;
}

/** A template filled in for one application of the actor's company: what would be sent. */
export async function previewTemplateForApplication(
  db: Queryable,
  actor: Actor,
  applicationId: string,
  templateId: string,
): Promise<{ to: string; subject: string; body: string }> {
  const [app] = await loadApplications(db, [applicationId], owned(applications, actor));
  if (!app) throw new DomainError("NOT_FOUND", "Application not found");
  const [template] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), owned(emailTemplates, actor)));
  if (!template) throw new DomainError("NOT_FOUND", "Template not found");
  return { to: app.candidateEmail, subject: fillMergeFields(template.subject, app.values), body: fillMergeFields(template.body, app.values) };
}

/**
 * Sends an email to an application's candidate as the recruiter wrote it (free-form, or a template
 * filled in and then edited: issue 13), stored with the application. Another company's application
 * is NOT_FOUND. Answers the stored message's id; delivery happens in the background.
 */
export async function sendEmailToCandidate(
  db: Database,
  actor: Actor,
  applicationId: string,
  email: { subject: string; body: string },
  mailer: Mailer = mailerFor(db),
): Promise<{ id: string }> {
  const [application] = await db
    .select({ id: applications.id, candidateEmail: applications.candidateEmail })
    .from(applications)
    .where(and(eq(applications.id, applicationId), owned(applications, actor)));
  if (!application) throw new DomainError("NOT_FOUND", "Application not found");
  const id = await mailer.send({
    kind: "message",
    to: application.candidateEmail,
    subject: email.subject,
    body: email.body,
    companyId: actor.companyId,
    applicationId,
    sentBy: actor.userId,
  });
  if (!id) throw new Error("The email could not be recorded");
  return { id };
}

/**
 * A template filled in for one application's candidate, as the message to record for them: the one
 * filling of the merge fields for emails sent on a recruiter's behalf to many (bulk actions, decision
 * 093; stage automations, decision 095).
 */
export function templateEmailFor(
  application: { id: string; candidateName: string; candidateEmail: string; jobTitle: string; stageName: string | null },
  template: { subject: string; body: string },
  /** The company; and the member sending, when one does (a bulk action), not for the app's automations. */
  sender: { companyId: string; companyName: string; userId?: string },
  kind: string,
  sendAfterSeconds?: number,
): OutgoingEmail {
  const values = {
    candidate_name: application.candidateName,
    job_title: application.jobTitle,
    company_name: sender.companyName,
    stage_name: application.stageName ?? "",
  };
  return {
    kind,
    to: application.candidateEmail,
    subject: fillMergeFields(template.subject, values),
    body: fillMergeFields(template.body, values),
    companyId: sender.companyId,
    applicationId: application.id,
    sentBy: sender.userId,
    sendAfterSeconds,
  };
}

export const EMAIL_NOT_WAITING = "That email is no longer waiting to be sent: it has left, or was cancelled.";

/**
 * Calls off messages to an application's candidate that still wait to leave (a delayed rejection
 * email), all of them or one (`messageId`). Answers how many were cancelled; a message the retry
 * pass has claimed meanwhile is past recall and stays as it is.
 */
export async function cancelWaitingEmails(
  db: Queryable,
  actor: Actor,
  applicationId: string,
  only: { messageId?: string; kind?: string } = {},
): Promise<number> {
  const rows = await db
    .update(emailMessages)
    .set({ status: "cancelled", error: null })
    .where(
      and(
        owned(emailMessages, actor),
        eq(emailMessages.applicationId, applicationId),
        WAITING,
        only.messageId ? eq(emailMessages.id, only.messageId) : undefined,
        only.kind ? eq(emailMessages.kind, only.kind) : undefined,
      ),
    )
    .returning({ id: emailMessages.id });
  return rows.length;
}

/**
 * Cancels one waiting message of an application (its "Cancel sending"): NOT_FOUND for an application
 * that is not the actor's company's, CONFLICT when the message has left or was cancelled already.
 */
export async function cancelWaitingEmail(db: Queryable, actor: Actor, applicationId: string, messageId: string): Promise<void> {
  if (isUuid(messageId) && (await cancelWaitingEmails(db, actor, applicationId, { messageId })) > 0) return;
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), owned(applications, actor)));
  if (!application) throw new DomainError("NOT_FOUND", "Application not found");
  throw new DomainError("CONFLICT", EMAIL_NOT_WAITING);
}
