import { data } from "react-router";
import type { Staff } from "~/server/accounts/session.server";
import { bulkEmailApplications, bulkMoveApplications, bulkRejectApplications, bulkTagApplications } from "~/server/applications/bulk.server";
import { appMailer } from "~/server/mail/mailer.server";
import type { Database } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { BulkEmailSchema, BulkMoveSchema, BulkRejectSchema, BulkTagSchema } from "~/schemas/bulk";
import { type FieldErrors, parseForm } from "~/schemas/parse-form";
import { REJECTION_EMAIL_DELAYS } from "~/schemas/rejection";

const plural = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "application" : "applications"}`;
const people = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "candidate" : "candidates"}`;

/** The bulk actions' intents. */
export const BULK_INTENTS = ["bulk-move", "bulk-reject", "bulk-email", "bulk-tag"] as const;

/**
 * A bulk action on applications (issue 13) answered as the lists show it: move them to a stage of
 * their job, reject them with a reason and an optional email, email their candidates a template, or
 * tag their candidates; each is one transaction. The applications list (and the pipeline, which
 * posts to it) acts on the applications picked; the candidates list on the picked candidates'
 * applications. The answer: what was done, or the refusal for the bar (400 or 404), never an error page.
 */
export async function answerBulkApplications(db: Database, staff: Staff, values: Record<string, string>, ids: readonly string[]) {
  try {
    if (values.intent === "bulk-move") {
      const parsed = parseForm(BulkMoveSchema, values);
      if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
      const result = await bulkMoveApplications(db, staff, ids, parsed.data.stageId);
      const already = result.unchanged > 0 ? ` ${plural(result.unchanged)} already there.` : "";
      return { errors: null, done: `Moved ${plural(result.changed)}.${already}` };
    }
    if (values.intent === "bulk-reject") {
      const parsed = parseForm(BulkRejectSchema, values);
      if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
      const { reasonId, templateId, delay } = parsed.data;
      const email = templateId ? { templateId, delaySeconds: Number(delay) } : null;
      const result = await bulkRejectApplications(db, staff, ids, { reasonId, email }, appMailer());
      const when = REJECTION_EMAIL_DELAYS.find((option) => option.value === delay);
      const emailNote = !email || result.changed === 0 ? "" : delay === "0" ? " Their emails are on their way." : ` Their emails leave ${when!.label.toLowerCase()}.`;
      const already = result.unchanged > 0 ? ` ${plural(result.unchanged)} already rejected: left as they were.` : "";
      return { errors: null, done: `Rejected ${plural(result.changed)}.${emailNote}${already}` };
    }
    if (values.intent === "bulk-email") {
      const parsed = parseForm(BulkEmailSchema, values);
      if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
      const result = await bulkEmailApplications(db, staff, ids, parsed.data.emailTemplateId, appMailer());
      return { errors: null, done: `Emailed the candidates of ${plural(result.changed)}.` };
    }
    if (values.intent === "bulk-tag") {
      const parsed = parseForm(BulkTagSchema, values);
      if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
      const result = await bulkTagApplications(db, staff, ids, parsed.data.tag);
      const already = result.unchanged > 0 ? ` ${people(result.unchanged)} already had it.` : "";
      return { errors: null, done: `Tagged ${people(result.changed)} “${parsed.data.tag}”.${already}` };
    }
    throw data("Unknown action", { status: 400 });
  } catch (error) {
    // Applications removed meanwhile are the bar's message (404), not an error page.
    const answer = answerDomainError(error, { answerNotFound: true });
    return data({ errors: answer.errors as FieldErrors, done: null }, answer.init);
  }
}
