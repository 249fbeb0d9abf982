import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { applications, candidates, jobs, notes, notifications, profiles, user } from "../../../db/schema";
import { mentionedUserIds, noteAsPlainText } from "~/schemas/note";
import { z } from "~/schemas/zod";
import { mailerFor, type Mailer } from "../mail/mailer.server";
import type { Queryable } from "../platform/db.server";
import { acrossCompanies } from "../platform/tenancy.server";
import { defineTask } from "../queue/tasks.server";
import { mentionDigestEmail } from "./emails.server";

/** A digest leaves once the oldest mention it holds is a day old: at most one email a day per person. */
export const DIGEST_AFTER_HOURS = 24;
/** Mentions older than this are not emailed any more (a member who turns the digest on later). */
export const DIGEST_LOOKBACK_DAYS = 7;

/**
 * Records the daily digest of every member whose digest is due (decision 098): for each member who
 * chose "Daily digest" and has an unread mention not yet emailed that is DIGEST_AFTER_HOURS old, one
 * email listing all such mentions, recorded on `tx` with the mentions marked emailed, so a digest
 * is written exactly once. Reads across companies by nature: each recipient's rows are their own
 * company's (the rows are joined by id, and a notification's note is of its company). Answers the recorded messages' ids.
 */
export async function recordMentionDigests(tx: Queryable, mailer: Mailer): Promise<string[]> {
  const pending = acrossCompanies(notifications);
  const base = and(
    pending,
    isNull(notifications.emailedAt),
    isNull(notifications.readAt),
    eq(notifications.kind, "mention"),
    sql`${notifications.createdAt} > now() - make_interval(days => ${DIGEST_LOOKBACK_DAYS})`,
  );
  const due = await tx
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.userId))
    .where(and(base, eq(profiles.mentionEmails, "digest"), lte(notifications.createdAt, sql`now() - make_interval(hours => ${DIGEST_AFTER_HOURS})`)));
  if (due.length === 0) return [];

  const author = sql<string>`coalesce(nullif(trim(author_profile.full_name), ''), author_user.email, 'A former teammate')`;
  const rows = await tx
    .select({
      id: notifications.id,
      userId: notifications.userId,
      to: user.email,
      companyId: notifications.companyId,
      noteId: notes.id,
      body: notes.body,
      candidateId: notes.candidateId,
      candidateName: candidates.name,
      applicationId: notes.applicationId,
      jobTitle: jobs.title,
      authorName: author,
    })
    .from(notifications)
    .innerJoin(user, eq(user.id, notifications.userId))
    .innerJoin(notes, eq(notes.id, notifications.noteId))
    .innerJoin(candidates, eq(candidates.id, notes.candidateId))
    .leftJoin(applications, eq(applications.id, notes.applicationId))
    .leftJoin(jobs, eq(jobs.id, applications.jobId))
    .leftJoin(sql`${profiles} author_profile`, sql`author_profile.id = ${notifications.actorId}`)
    .leftJoin(sql`${user} author_user`, sql`author_user.id = author_profile.id`)
    .where(and(base, inArray(notifications.userId, due.map((row) => row.userId))))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .for("update", { of: notifications, skipLocked: true });
  if (rows.length === 0) return [];

  // Mentions read with the current names of the mentioned members of the note's company.
  const mentioned = [...new Set(rows.flatMap((row) => mentionedUserIds(row.body)))];
  const named =
    mentioned.length === 0
      ? []
      : await tx
          .select({ userId: profiles.id, companyId: profiles.companyId, name: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})` })
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.id))
          .where(and(acrossCompanies(profiles), inArray(profiles.id, mentioned)));
  const namesIn = (companyId: string) => new Map(named.filter((row) => row.companyId === companyId).map((row) => [row.userId, row.name]));

  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const ids = await mailer.record(
    [...byUser.values()].map((mentions) => ({
      ...mentionDigestEmail(
        mentions[0]!.to,
        mentions.map((row) => ({ ...row, id: row.noteId, body: noteAsPlainText(row.body, namesIn(row.companyId)) })),
      ),
      companyId: mentions[0]!.companyId,
    })),
    tx,
  );
  await tx
    .update(notifications)
    .set({ emailedAt: new Date() })
    .where(and(pending, inArray(notifications.id, rows.map((row) => row.id))));
  return ids;
}

/** Each hour: the digests that are due, recorded with the task's completion, then delivered. */
export const mentionDigestTask = defineTask({
  name: "mention-digest",
  schema: z.object({}),
  cron: "0 * * * *",
  retryLimit: 0,
  expireInSeconds: 10 * 60,
  handler: async (_data, ctx) => {
    const mailer = mailerFor(ctx.db);
    const ids = await ctx.transaction((tx) => recordMentionDigests(tx, mailer));
    mailer.deliver(ids);
  },
});
