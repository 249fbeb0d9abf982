import { applicationHref } from "~/lib/application-href";
import { and, type AnyColumn, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { applications, candidates, companies, emailMessages, jobs, notes, notifications, profiles, user } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, ownCompany, preparedRead } from "../platform/tenancy.server";
import { notePath, noteSubject } from "./emails.server";

/** The bell counts this far and shows "99+" beyond (decision 098). */
export const UNREAD_CAP = 100;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_NOT_FOUND = "Notification not found";

/** The actor's own notifications: of their company, and theirs. */
const mine = (actor: Actor) => and(owned(notifications, actor), eq(notifications.userId, actor.userId));

/**
 * The bell's number on every staff page: the actor's unread notifications, counted up to
 * UNREAD_CAP from the partial index of unread ones (notifications_user_unread_idx), never more.
 */
export async function countUnreadNotifications(db: Queryable, actor: Actor): Promise<number> {
  // The bell of every staff page: prepared (decision 100).
  const [row] = await preparedRead(db, actor, "unread_notifications", (actor) => db.select({ n: unreadCount(actor) }).from(companies).where(ownCompany(actor)));
  return row?.n ?? 0;
}

/** The count itself, of the member's own notifications: for the actor, or for a statement's own row. */
function unreadCount(member: Actor): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${notifications} where ${and(mine(member), isNull(notifications.readAt))} limit ${sql.raw(String(UNREAD_CAP))}) as unread)`;
}

/**
 * The same count as a column of another statement: the staff guard reads it with the session, so a
 * staff page runs one statement fewer (decision 134). `companyId` and `userId` are columns of that
 * statement, standing for the member as placeholders stand for the actor in a prepared read.
 */
export function unreadNotificationsColumn(companyId: AnyColumn, userId: AnyColumn): SQL<number> {
  return unreadCount({ companyId: companyId as unknown as string, userId: userId as unknown as string });
}

export interface NotificationItem {
  id: string;
  /** A teammate's mention in a note, or a candidate's reply to an email (decision 097). */
  kind: "mention" | "reply";
  actorName: string | null;
  /** "Jane Doe (Frontend Engineer)" */
  subject: string;
  /** The note's text, or the reply's subject. */
  body: string;
  createdAt: Date;
  read: boolean;
}

/** `/notifications`: the actor's notifications, newest first, a page at a time (1-based). */
export async function listNotifications(db: Queryable, actor: Actor, page: number): Promise<{ items: NotificationItem[]; more: boolean }> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      actorName: sql<string | null>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`,
      candidateName: candidates.name,
      jobTitle: jobs.title,
      body: sql<string>`coalesce(${notes.body}, ${emailMessages.subject}, '')`,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(notes, and(eq(notes.id, notifications.noteId), owned(notes, actor)))
    .leftJoin(emailMessages, and(eq(emailMessages.id, notifications.emailMessageId), owned(emailMessages, actor)))
    .leftJoin(applications, and(eq(applications.id, sql`coalesce(${notes.applicationId}, ${emailMessages.applicationId})`), owned(applications, actor)))
    .innerJoin(candidates, and(eq(candidates.id, sql`coalesce(${notes.candidateId}, ${applications.candidateId})`), owned(candidates, actor)))
    .leftJoin(jobs, and(eq(jobs.id, applications.jobId), owned(jobs, actor)))
    .leftJoin(profiles, and(eq(profiles.id, notifications.actorId), owned(profiles, actor)))
    .leftJoin(user, eq(user.id, profiles.id))
    .where(mine(actor))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE);
  return {
    items: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((row) => ({
      id: row.id,
      kind: row.kind,
      actorName: row.actorName,
      subject: noteSubject(row),
      body: row.body,
      createdAt: row.createdAt,
      read: row.readAt !== null,
    })),
    more: rows.length > NOTIFICATIONS_PAGE_SIZE,
  };
}

/** Opening a notification: marks it read and answers where its note or reply is shown. Another's is not found. */
export async function openNotification(db: Queryable, actor: Actor, notificationId: string): Promise<{ path: string }> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, notificationId), mine(actor)))
    .returning({ noteId: notifications.noteId, emailMessageId: notifications.emailMessageId });
  if (!row) throw new DomainError("NOT_FOUND", NOTIFICATION_NOT_FOUND);
  if (row.emailMessageId) {
    const [reply] = await db
      .select({ applicationId: emailMessages.applicationId })
      .from(emailMessages)
      .where(and(eq(emailMessages.id, row.emailMessageId), owned(emailMessages, actor)));
    if (!reply?.applicationId) throw new DomainError("NOT_FOUND", NOTIFICATION_NOT_FOUND);
    return { path: applicationHref(reply.applicationId, "email", "email-heading") };
  }
  if (!row.noteId) throw new DomainError("NOT_FOUND", NOTIFICATION_NOT_FOUND);
  const [note] = await db
    .select({ id: notes.id, candidateId: notes.candidateId, applicationId: notes.applicationId })
    .from(notes)
    .where(and(eq(notes.id, row.noteId), owned(notes, actor)));
  if (!note) throw new DomainError("NOT_FOUND", NOTIFICATION_NOT_FOUND);
  return { path: notePath(note) };
}

/** "Mark all as read": answers how many were unread. */
export async function markAllNotificationsRead(db: Queryable, actor: Actor): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(actor), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
