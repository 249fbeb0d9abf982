import { sql } from "drizzle-orm";
import { companies, emailTemplates, rejectionReasons } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned, ownCompany, preparedRead } from "../platform/tenancy.server";
import { REJECTION_REASON_ORDER } from "./rejection-reasons.server";
import { EMAIL_TEMPLATE_ORDER, REJECTION_TEMPLATE_NAME, templateByNameColumn, templateNameKey } from "../mail/email-templates.server";
import { type MentionableMember, mentionableMembersColumn } from "../notes/members.server";
import { suggestedTagsColumn } from "../candidates/tags.server";

/*
 * What the pages offer to act on applications with: the bulk bar's reasons and templates, the
 * candidates list's tags, and the reject dialog's template and team. Each is one prepared statement
 * of JSON columns, read on every visit of a list, a board or an application (decisions 134, 135, 145);
 * the actions themselves are in bulk.server.ts and pipeline.server.ts.
 */

export interface BulkChoices {
  reasons: { id: string; name: string }[];
  templates: { id: string; name: string }[];
}

/**
 * What the bulk bar offers (issue 13): the company's rejection reasons, as the reject dialog orders
 * them, and its email templates, the newest first. One prepared statement: the pipeline and the
 * lists ask it on every visit, and two statements were two round trips (decision 134).
 */
export async function listBulkChoices(db: Queryable, actor: Actor): Promise<BulkChoices> {
  const [row] = await preparedRead(db, actor, "bulk_choices", (actor) => db.select(bulkChoiceColumns(actor)).from(companies).where(ownCompany(actor)));
  return row ?? { reasons: [], templates: [] };
}

/**
 * listBulkChoices with the tags to suggest (listCompanyTags's, A to Z), for the candidates list, whose
 * tag filter and bulk bar offer them: one statement where there were two (decision 135).
 */
export async function listBulkChoicesAndTags(db: Queryable, actor: Actor): Promise<BulkChoices & { tags: string[] }> {
  const [row] = await preparedRead(db, actor, "bulk_choices_and_tags", (actor) =>
    db
      .select({
        ...bulkChoiceColumns(actor),
        tags: suggestedTagsColumn(db, actor),
      })
      .from(companies)
      .where(ownCompany(actor)),
  );
  return row ?? { reasons: [], templates: [], tags: [] };
}

/**
 * What an application's page needs to reject it and to name the team, in one statement where there
 * were four (decision 145): the bulk bar's reasons and templates (the reject dialog offers the same,
 * in the same orders), the company's "Rejection" template for the dialog's email, and its members
 * (listMentionableMembers's list, for the Overview's interviews and the Notes and Feedback tabs).
 */
export async function listRejectionChoices(db: Queryable, actor: Actor): Promise<RejectionChoices> {
  const [row] = await preparedRead(
    db,
    actor,
    "rejection_choices",
    (actor) =>
      db
        .select({
          ...bulkChoiceColumns(actor),
          rejectionTemplate: templateByNameColumn(actor, sql.placeholder("templateName")),
          members: mentionableMembersColumn(actor),
        })
        .from(companies)
        .where(ownCompany(actor)),
    { templateName: templateNameKey(REJECTION_TEMPLATE_NAME) },
  );
  return row ?? { reasons: [], templates: [], rejectionTemplate: null, members: [] };
}

export interface RejectionChoices extends BulkChoices {
  rejectionTemplate: { id: string; subject: string; body: string } | null;
  members: MentionableMember[];
}

function bulkChoiceColumns(actor: Actor) {
  return {
    reasons: sql<BulkChoices["reasons"]>`(
      select coalesce(json_agg(json_build_object('id', ${rejectionReasons.id}, 'name', ${rejectionReasons.name}) order by ${sql.join(REJECTION_REASON_ORDER, sql`, `)}), '[]'::json)
      from ${rejectionReasons} where ${owned(rejectionReasons, actor)})`,
    templates: sql<BulkChoices["templates"]>`(
      select coalesce(json_agg(json_build_object('id', ${emailTemplates.id}, 'name', ${emailTemplates.name}) order by ${sql.join(EMAIL_TEMPLATE_ORDER, sql`, `)}), '[]'::json)
      from ${emailTemplates} where ${owned(emailTemplates, actor)})`,
  };
}
