import type { ACTIVITY_TYPES } from "../../../db/schema";
import { activityEvents } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The data each kind of event carries (names are copied so history reads well after renames). */
export interface ActivityData {
  application_received: { candidateName: string; jobId: string; jobTitle: string };
  /** A staff member added the candidate to the job themselves (issue 12). */
  application_added: { candidateName: string; jobId: string; jobTitle: string; stageName: string };
  application_stage_moved: {
    candidateName: string;
    jobId: string;
    fromStageId: string | null;
    fromStageName: string | null;
    toStageId: string;
    toStageName: string;
  };
  application_status_changed: { candidateName: string; jobId: string; from: string; to: string };
  job_posted: { jobTitle: string };
  job_status_changed: { jobTitle: string; from: string; to: string };
}

export type ActivityEventInput = {
  [T in ActivityType]: {
    companyId: string;
    /** The staff member who acted; null for a candidate. */
    actorId: string | null;
    type: T;
    subjectType: T extends `application_${string}` ? "application" : "job";
    subjectId: string;
    data: ActivityData[T];
  };
}[ActivityType];

/**
 * Records one company event. Call it with the transaction that makes the change it
 * describes, so the event exists exactly when the change does.
 */
export async function recordActivity(tx: Queryable, event: ActivityEventInput): Promise<void> {
  await tx.insert(activityEvents).values({
    companyId: event.companyId,
    actorId: event.actorId,
    type: event.type,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    data: event.data as unknown as Record<string, unknown>,
  });
}
