import { and, eq, sql } from "drizzle-orm";
import { emailMessages } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned } from "../platform/tenancy.server";

export interface SentEmail {
  id: string;
  to: string;
  subject: string;
  body: string;
  status: (typeof emailMessages.$inferSelect)["status"];
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** Messages sent to the candidate of one application of the company, newest first. */
export async function listApplicationEmails(db: Queryable, actor: Actor, applicationId: string): Promise<SentEmail[]> {
  return db
    .select({
      id: emailMessages.id,
      to: emailMessages.to,
      subject: emailMessages.subject,
      body: emailMessages.body,
      status: emailMessages.status,
      error: emailMessages.error,
      createdAt: emailMessages.createdAt,
      sentAt: emailMessages.sentAt,
    })
    .from(emailMessages)
    .where(and(owned(emailMessages, actor), eq(emailMessages.applicationId, applicationId)))
    .orderBy(sql`${emailMessages.createdAt} desc`);
}
