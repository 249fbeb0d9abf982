import { and, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { emailTemplates } from "../../../db/schema";
import { isUuid } from "~/schemas/id";
import type { EmailTemplateInput } from "~/schemas/email-template";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, preparedRead } from "../platform/tenancy.server";

const TEMPLATE_NOT_FOUND = "Email template not found";

/** The template the reject dialog fills in for its email (the starter one when the company deleted it). */
export const REJECTION_TEMPLATE_NAME = "Rejection";

/** The templates every new company starts with. */
export const DEFAULT_EMAIL_TEMPLATES: readonly EmailTemplateInput[] = [
  {
    name: "Application received",
    subject: "We received your application for {{job_title}}",
    body: "Hi {{candidate_name}},\n\nThank you for applying for the {{job_title}} position at {{company_name}}. We have received your application and our team will review it shortly. We will be in touch about next steps.\n\nBest regards,\nThe {{company_name}} hiring team",
  },
  {
    name: "Interview invitation",
    subject: "Interview invitation: {{job_title}} at {{company_name}}",
    body: "Hi {{candidate_name}},\n\nThank you for your interest in the {{job_title}} role. We would like to invite you to the {{stage_name}} stage of our process.\n\nPlease reply with a few times that suit you over the next week, and we will send a calendar invitation.\n\nBest regards,\nThe {{company_name}} hiring team",
  },
  {
    name: REJECTION_TEMPLATE_NAME,
    subject: "Your application for {{job_title}}",
    body: "Hi {{candidate_name}},\n\nThank you for the time you put into applying for the {{job_title}} position at {{company_name}}. After careful consideration, we have decided not to move forward with your application.\n\nWe appreciate your interest and wish you every success in your search.\n\nBest regards,\nThe {{company_name}} hiring team",
  },
];

/** Gives a new company (the actor's, just created) its starter templates; call it inside sign-up's transaction. */
export async function createDefaultEmailTemplates(tx: Queryable, actor: Actor): Promise<void> {
  // Distinct timestamps keep "newest first" in the order above.
  const base = Date.now();
  await tx.insert(emailTemplates).values(
    DEFAULT_EMAIL_TEMPLATES.map((template, index) => ({
      companyId: actor.companyId,
      ...template,
      createdAt: new Date(base - index),
      updatedAt: new Date(base - index),
    })),
  );
}

/** How a template's name is compared: letter case and the spaces around it aside. */
export const templateNameKey = (name: string) => name.trim().toLowerCase();

/**
 * The company's template of a name (the newest of that name, or null) as one JSON value, for a
 * statement that reads it beside other things: the application page's reject choices (decisions 100
 * and 145). `key` is the name's `templateNameKey`.
 */
export function templateByNameColumn(actor: Actor, key: SQL | SQL.Aliased | Placeholder): SQL<{ id: string; subject: string; body: string } | null> {
  return sql<{ id: string; subject: string; body: string } | null>`(
    select json_build_object('id', ${emailTemplates.id}, 'subject', ${emailTemplates.subject}, 'body', ${emailTemplates.body})
    from ${emailTemplates}
    where ${owned(emailTemplates, actor)} and lower(trim(${emailTemplates.name})) = ${key}
    order by ${emailTemplates.createdAt} desc
    limit 1)`;
}

/** The templates' order wherever they are offered: the newest first. */
export const EMAIL_TEMPLATE_ORDER = [desc(emailTemplates.createdAt), desc(emailTemplates.id)];

/** The company's templates, newest first. */
export async function listEmailTemplates(db: Queryable, actor: Actor) {
  // A company's few templates, on every application page: prepared (decision 100).
  return preparedRead(db, actor, "email_templates", (actor) =>
    db
      .select({ id: emailTemplates.id, name: emailTemplates.name, subject: emailTemplates.subject, createdAt: emailTemplates.createdAt })
      .from(emailTemplates)
      .where(owned(emailTemplates, actor))
      .orderBy(...EMAIL_TEMPLATE_ORDER),
  );
}

/** One of the company's templates, or null. */
export async function getEmailTemplate(db: Queryable, actor: Actor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: emailTemplates.id, name: emailTemplates.name, subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, id), owned(emailTemplates, actor)));
  return row ?? null;
}

export async function createEmailTemplate(db: Database, actor: Actor, input: EmailTemplateInput): Promise<{ id: string }> {
  const [row] = await db
    .insert(emailTemplates)
    .values({ companyId: actor.companyId, name: input.name, subject: input.subject, body: input.body })
    .returning({ id: emailTemplates.id });
  if (!row) throw new Error("Failed to create email template");
  return row;
}

export async function updateEmailTemplate(db: Database, actor: Actor, id: string, input: EmailTemplateInput): Promise<void> {
  if (!isUuid(id)) throw new DomainError("NOT_FOUND", TEMPLATE_NOT_FOUND);
  const rows = await db
    .update(emailTemplates)
    .set({ name: input.name, subject: input.subject, body: input.body })
    .where(and(eq(emailTemplates.id, id), owned(emailTemplates, actor)))
    .returning({ id: emailTemplates.id });
  if (rows.length === 0) throw new DomainError("NOT_FOUND", TEMPLATE_NOT_FOUND);
}

export async function deleteEmailTemplate(db: Database, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw new DomainError("NOT_FOUND", TEMPLATE_NOT_FOUND);
  const rows = await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.id, id), owned(emailTemplates, actor)))
    .returning({ id: emailTemplates.id });
  if (rows.length === 0) throw new DomainError("NOT_FOUND", TEMPLATE_NOT_FOUND);
}
