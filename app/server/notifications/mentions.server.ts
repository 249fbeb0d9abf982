import { and, eq, inArray, isNull } from "drizzle-orm";
import { notifications, profiles } from "../../../db/schema";
import { noteAsPlainText } from "~/schemas/note";
import type { Mailer } from "../mail/mailer.server";
import type { Transaction } from "../platform/db.server";
import { type Actor, owned } from "../platform/tenancy.server";
import type { MentionableMember } from "../notes/members.server";
import { mentionEmail, type MentionedNote } from "./emails.server";

/**
 * Notifies the people a note now mentions (decision 098), in the transaction that saved the note:
 * one notification per note and person (a person already notified of this note is not notified
 * again when it is edited), none for the writer themselves, none for anyone outside the company.
 * Those who chose "at once" get their email recorded in the same transaction, and their
 * notification marked emailed with it. Answers the recorded messages' ids, to deliver after commit.
 */
export async function notifyMentions(
  tx: Transaction,
  actor: Actor,
  note: MentionedNote,
  mentioned: readonly string[],
  members: readonly MentionableMember[],
  mailer: Mailer,
): Promise<string[]> {
  const memberIds = new Set(members.map((member) => member.userId));
  const recipients = mentioned.filter((userId) => userId !== actor.userId && memberIds.has(userId));
  if (recipients.length === 0) return [];
  const created = await tx
    .insert(notifications)
    .values(recipients.map((userId) => ({ companyId: actor.companyId, userId, kind: "mention" as const, noteId: note.id, actorId: actor.userId })))
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId });
  if (created.length === 0) return [];

  const atOnce = await tx
    .select({ userId: profiles.id })
    .from(profiles)
    .where(and(owned(profiles, actor), inArray(profiles.id, created.map((row) => row.userId)), eq(profiles.mentionEmails, "immediate")));
  if (atOnce.length === 0) return [];
  const names = new Map(members.map((member) => [member.userId, member.name]));
  const emails = new Map(members.map((member) => [member.userId, member.email]));
  const text = noteAsPlainText(note.body, names);
  const authorName = names.get(actor.userId) ?? "A teammate";
  const ids = await mailer.record(
    atOnce.map(({ userId }) => ({ ...mentionEmail(emails.get(userId)!, { ...note, body: text, authorName }), companyId: actor.companyId })),
    tx,
  );
  await tx
    .update(notifications)
    .set({ emailedAt: new Date() })
    .where(
      and(
        owned(notifications, actor),
        inArray(notifications.id, created.filter((row) => atOnce.some((p) => p.userId === row.userId)).map((row) => row.id)),
        isNull(notifications.emailedAt),
      ),
    );
  return ids;
}
