import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { applications, feedbackRequests, profiles, user } from "../../../db/schema";
import { recordActivity } from "../activity/activity.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, preparedRead, seesApplication } from "../platform/tenancy.server";
import { APPLICATION_NOT_FOUND } from "../applications/pipeline.server";

/*
 * Asking teammates for their feedback on an application (decision 096). A request is what opens the
 * application to an interviewer (their whole scope), and what a scorecard will answer.
 */

export const NO_REVIEWERS = "Choose at least one teammate to ask.";
export const REVIEWER_NOT_IN_TEAM = "Only members of your company can be asked for feedback.";

/** The name a teammate goes by in lists: their full name, else their email address. */
const memberName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`;

/**
 * Asks each of `reviewerIds` (members of the company) for their feedback on one application the
 * actor sees, in one transaction with its history entry. Asking someone again changes nothing.
 * Answers the names of those newly asked.
 */
export async function requestFeedback(db: Database, actor: Actor, applicationId: string, reviewerIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(reviewerIds)];
  if (ids.length === 0) throw new DomainError("INVALID", NO_REVIEWERS, { field: "reviewerIds" });
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({ id: applications.id, jobId: applications.jobId, candidateName: applications.candidateName })
      .from(applications)
      .where(and(eq(applications.id, applicationId), owned(applications, actor), seesApplication(applications, actor)))
      .for("update");
    if (!application) throw new DomainError("NOT_FOUND", APPLICATION_NOT_FOUND);
    const members = await tx
      .select({ id: profiles.id, name: memberName })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(inArray(profiles.id, ids), owned(profiles, actor)));
    if (members.length !== ids.length) throw new DomainError("INVALID", REVIEWER_NOT_IN_TEAM, { field: "reviewerIds" });
    const added = await tx
      .insert(feedbackRequests)
      .values(members.map((member) => ({ companyId: actor.companyId, applicationId, reviewerId: member.id, requestedBy: actor.userId })))
      .onConflictDoNothing()
      .returning({ reviewerId: feedbackRequests.reviewerId });
    const asked = new Set(added.map((row) => row.reviewerId));
    const names = members.filter((member) => asked.has(member.id)).map((member) => member.name);
    if (names.length > 0) {
      await recordActivity(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        type: "application_feedback_requested",
        subjectType: "application",
        subjectId: applicationId,
        data: { candidateName: application.candidateName, jobId: application.jobId, reviewers: names },
      });
    }
    return names;
  });
}

export interface FeedbackRequest {
  reviewerId: string;
  reviewerName: string;
  requestedByName: string | null;
  createdAt: string;
}

/** Who was asked for feedback on one application of the company, in the order they were asked. */
export async function listFeedbackRequests(db: Queryable, actor: Actor, applicationId: string): Promise<FeedbackRequest[]> {
  const reviewer = alias(profiles, "reviewer");
  const reviewerUser = alias(user, "reviewer_user");
  const asker = alias(profiles, "asker");
  const askerUser = alias(user, "asker_user");
  // The Feedback tab asks it on every visit: prepared (decision 100).
  const rows = await preparedRead(
    db,
    actor,
    "feedback_requests_of_application",
    (actor) =>
      db
        .select({
          reviewerId: feedbackRequests.reviewerId,
          reviewerName: sql<string>`coalesce(nullif(trim(${reviewer.fullName}), ''), ${reviewerUser.email}, 'Former staff member')`,
          requestedByName: sql<string | null>`coalesce(nullif(trim(${asker.fullName}), ''), ${askerUser.email})`,
          createdAt: feedbackRequests.createdAt,
        })
        .from(feedbackRequests)
        .leftJoin(reviewer, eq(reviewer.id, feedbackRequests.reviewerId))
        .leftJoin(reviewerUser, eq(reviewerUser.id, feedbackRequests.reviewerId))
        .leftJoin(asker, eq(asker.id, feedbackRequests.requestedBy))
        .leftJoin(askerUser, eq(askerUser.id, feedbackRequests.requestedBy))
        .where(and(eq(feedbackRequests.applicationId, sql.placeholder("applicationId")), owned(feedbackRequests, actor)))
        .orderBy(asc(feedbackRequests.createdAt)),
    { applicationId },
  );
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
