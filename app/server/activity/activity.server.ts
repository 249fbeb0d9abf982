import { sql } from "drizzle-orm";
import type { ACTIVITY_TYPES } from "../../../db/schema";
import { activityEvents } from "../../../db/schema";
import { type Queryable, queryRows } from "../platform/db.server";
import { webhookEventOf } from "../webhooks/events.server";
import { enqueueWebhookDeliveries, queueWebhookDeliveriesSql } from "../webhooks/delivery.server";

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
  /** Hired (decision 094): `hiredOn` is the day, YYYY-MM-DD. */
  application_hired: { candidateName: string; jobId: string; hiredOn: string };
  /** Teammates were asked for their feedback (decision 096): `reviewers`, their names as they were then. */
  application_feedback_requested: { candidateName: string; jobId: string; reviewers: string[] };
  /** A teammate submitted their scorecard (decision 099): `recommendation` as the scorecard says it. */
  application_feedback_submitted: { candidateName: string; jobId: string; recommendation: string };
  /** The candidate replied to an email (decision 097): the reply is the thread's email `emailId`. */
  application_reply_received: { candidateName: string; jobId: string; emailId: string; subject: string };
  /** An interview was scheduled, moved or cancelled (decision 102): `when` as stated in the interview's own zone. */
  application_interview_scheduled: { candidateName: string; jobId: string; title: string; when: string; interviewers: string[] };
  application_interview_rescheduled: { candidateName: string; jobId: string; title: string; when: string; interviewers: string[] };
  application_interview_cancelled: { candidateName: string; jobId: string; title: string; when: string; interviewers: string[] };
  /** A self-scheduling link was sent (decision 103): `until`, the day it expires, as the sender read it. */
  application_scheduling_link_sent: { candidateName: string; jobId: string; title: string; until: string };
  /** The candidate booked a slot from a link (decision 103): no staff member acted. */
  application_interview_booked: { candidateName: string; jobId: string; title: string; when: string; interviewers: string[] };
  /** `reason`: why it was rejected (decision 090); absent on other changes and on older events. */
  application_status_changed: { candidateName: string; jobId: string; from: string; to: string; reason?: string };
  /** Two candidates were one person: `mergedName` (`mergedEmail`) was merged into the subject, the kept candidate (decision 085). */
  candidates_merged: { keptName: string; mergedName: string; mergedEmail: string; applicationsMoved: number };
  job_posted: { jobTitle: string };
  /** `reason`: why no staff member did it (a closing date passed, decision 107). */
  job_status_changed: { jobTitle: string; from: string; to: string; reason?: string };
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
 * describes, so the event exists exactly when the change does (and so do its webhook deliveries).
 */
export async function recordActivity(tx: Queryable, event: ActivityEventInput): Promise<void> {
  await recordActivities(tx, [event]);
}

/**
 * recordActivity for many events at once (an import's applications): one statement, the events
 * passed as one jsonb parameter whatever their number. The same statement queues each event for the
 * company's enabled webhook endpoints that subscribe to it (decision 113), so a company without
 * endpoints pays nothing more than the insert; the deliveries' tasks commit with the change.
 */
export async function recordActivities(tx: Queryable, events: readonly ActivityEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => {
    const hook = webhookEventOf(event);
    return {
      company_id: event.companyId,
      actor_id: event.actorId,
      type: event.type,
      subject_type: event.subjectType,
      subject_id: event.subjectId,
      data: event.data,
      hook_type: hook?.type ?? null,
      hook_data: hook?.data ?? null,
    };
  });
  const deliveries = await queryRows<{ id: string }>(
    tx,
    sql`
      with r as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(company_id uuid, actor_id text, type text, subject_type text, subject_id uuid, data jsonb, hook_type text, hook_data jsonb)
      ),
      events as (
        insert into ${activityEvents} (company_id, actor_id, type, subject_type, subject_id, data)
        select r.company_id, r.actor_id, r.type, r.subject_type, r.subject_id, r.data from r
      )
      ${queueWebhookDeliveriesSql(sql`r`)}`,
  );
  await enqueueWebhookDeliveries(
    tx,
    deliveries.map((delivery) => delivery.id),
  );
}
