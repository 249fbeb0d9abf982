import type { ACTIVITY_TYPES } from "../../../db/schema";
import { activityEvents } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The data each kind of event carries (names are copied so history reads well after renames). */
export interface ActivityData {
  application_received: { candidateName: string; jobId: string; jobTitle: string };
  /** A staff member added the candidate to the job themselves (issue 12). */
  application_added: { candidateName: string; jobId: string; jobTitle: string; stageName: string };
  /** A staff member imported the candidate into the job from a CSV file (issue 12, decision 085). */
  application_imported: { candidateName: string; jobId: string; jobTitle: string; stageName: string; fileName: string };
  application_stage_moved: {
    candidateName: string;
    jobId: string;
    fromStageId: string | null;
    fromStageName: string | null;
    toStageId: string;
    toStageName: string;
  };
  application_status_changed: { candidateName: string; jobId: string; from: string; to: string };
  /** Two candidates were one person: `mergedName` (`mergedEmail`) was merged into the subject, the kept candidate (decision 085). */
  candidates_merged: { keptName: string; mergedName: string; mergedEmail: string; applicationsMoved: number };
  job_posted: { jobTitle: string };
  job_status_changed: { jobTitle: string; from: string; to: string };
}

export type ActivityEventInput = {
  [T in ActivityType]: {
    companyId: string;
    /** The staff member who acted; null for a candidate. */
    actorId: string | null;
    type: T;
    subjectType: T extends `application_${string}` ? "application" : T extends `candidate${string}` ? "candidate" : "job";
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

/** Events inserted per statement by recordActivities (6 parameters each). */
const EVENTS_PER_STATEMENT = 1_000;

/** recordActivity for many events at once (an import's applications), in statements of a thousand. */
export async function recordActivities(tx: Queryable, events: readonly ActivityEventInput[]): Promise<void> {
  for (let start = 0; start < events.length; start += EVENTS_PER_STATEMENT) {
    await tx.insert(activityEvents).values(
      events.slice(start, start + EVENTS_PER_STATEMENT).map((event) => ({
        companyId: event.companyId,
        actorId: event.actorId,
        type: event.type,
        subjectType: event.subjectType,
        subjectId: event.subjectId,
        data: event.data as unknown as Record<string, unknown>,
      })),
    );
  }
}
