import { and, eq, sql } from "drizzle-orm";
import { emailMessages } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned, preparedRead } from "../platform/tenancy.server";
import { withoutPrivateLinks } from "../privacy/application-links.server";

/**
 * A message recorded and not yet tried: one sent with a delay waits so until it is due (decision 090).
 * Claiming it for sending makes `attempts` 1 in the same row lock, so from then on it is on its way
 * and can no longer be cancelled.
 */
export const WAITING = sql`(${emailMessages.status} = 'pending' and ${emailMessages.attempts} = 0)`;

/** One email of an application's thread: one sent to the candidate, or their reply (decision 097). */
export interface ThreadEmail {
  id: string;
  direction: (typeof emailMessages.$inferSelect)["direction"];
  /** A reply's sender as its From header gave it; null for emails sent. */
  from: string | null;
  to: string;
  subject: string;
  body: string;
  status: (typeof emailMessages.$inferSelect)["status"];
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** When a message sent with a delay leaves, while it still waits (it can be cancelled until then). */
  scheduledFor: Date | null;
  /** A reply's attachments, by name and size (their contents are not kept). */
  attachments: { name: string; bytes: number }[];
}

/** The most of a thread one page shows (the page shows its newest first, and all of it on request). */
export const THREAD_MAX = 500;

/** The thread of one application of the company: emails sent to its candidate and their replies, newest first, at most `limit`. */
export async function listApplicationEmails(db: Queryable, actor: Actor, applicationId: string, limit = THREAD_MAX): Promise<ThreadEmail[]> {
  const rows = await preparedRead(
    db,
    actor,
    "application_thread",
    (actor) =>
      db
        .select({
          id: emailMessages.id,
          direction: emailMessages.direction,
          from: emailMessages.from,
          to: emailMessages.to,
          subject: emailMessages.subject,
          body: emailMessages.body,
          status: emailMessages.status,
          error: emailMessages.error,
          createdAt: emailMessages.createdAt,
          sentAt: emailMessages.sentAt,
          scheduledFor: sql<Date | null>`case when ${WAITING} then ${emailMessages.nextAttemptAt} end`.mapWith(emailMessages.nextAttemptAt),
          attachments: emailMessages.attachments,
        })
        .from(emailMessages)
        .where(and(owned(emailMessages, actor), eq(emailMessages.applicationId, sql.placeholder("applicationId"))))
        .orderBy(sql`${emailMessages.createdAt} desc`)
        .limit(sql.placeholder("limit")),
    { applicationId, limit: Math.min(limit, THREAD_MAX) },
  );
  // The candidate's private links are theirs, not the team's (decision 122).
  return rows.map((row) => ({ ...row, body: withoutPrivateLinks(row.body), attachments: row.attachments ?? [] }));
}
