import type { ActivityEventInput } from "../activity/activity-types";
import type { WebhookEvent } from "~/schemas/webhooks";

/**
 * What a company event tells the company's webhooks (decision 113). Every change that has an event in
 * an application's history or on the dashboard is recorded once, by recordActivity, in the
 * transaction that makes it; the same call queues its webhook deliveries. This maps an activity
 * event to the webhook event it is, and to the data the payload carries (snake_case, like the APIs).
 * The delivery adds `candidate_id` to an application's events.
 */
export interface WebhookEventBody {
  type: WebhookEvent;
  data: Record<string, unknown>;
}

export function webhookEventOf(event: ActivityEventInput): WebhookEventBody | null {
  const actor = { actor_id: event.actorId };
  switch (event.type) {
    case "application_received":
    case "application_added":
    case "application_imported": {
      const how = { application_received: "applied", application_added: "added", application_imported: "imported" } as const;
      return {
        type: "application.created",
        data: {
          application_id: event.subjectId,
          job_id: event.data.jobId,
          job_title: event.data.jobTitle,
          candidate_name: event.data.candidateName,
          source: how[event.type],
          ...actor,
        },
      };
    }
    case "application_stage_moved":
      return {
        type: "application.stage_changed",
        data: {
          application_id: event.subjectId,
          job_id: event.data.jobId,
          candidate_name: event.data.candidateName,
          from_stage: event.data.fromStageId ? { id: event.data.fromStageId, name: event.data.fromStageName } : null,
          to_stage: { id: event.data.toStageId, name: event.data.toStageName },
          ...actor,
        },
      };
    case "application_status_changed":
      return {
        type: "application.status_changed",
        data: {
          application_id: event.subjectId,
          job_id: event.data.jobId,
          candidate_name: event.data.candidateName,
          from_status: event.data.from,
          to_status: event.data.to,
          reason: event.data.reason ?? null,
          ...actor,
        },
      };
    case "application_hired":
      return {
        type: "candidate.hired",
        data: { application_id: event.subjectId, job_id: event.data.jobId, candidate_name: event.data.candidateName, hired_on: event.data.hiredOn, ...actor },
      };
    case "application_interview_scheduled":
    case "application_interview_booked":
    case "application_interview_rescheduled":
    case "application_interview_cancelled": {
      const type =
        event.type === "application_interview_rescheduled"
          ? "interview.rescheduled"
          : event.type === "application_interview_cancelled"
            ? "interview.cancelled"
            : "interview.scheduled";
      return {
        type,
        data: {
          application_id: event.subjectId,
          job_id: event.data.jobId,
          candidate_name: event.data.candidateName,
          title: event.data.title,
          when: event.data.when,
          interviewers: event.data.interviewers,
          booked_by_candidate: event.type === "application_interview_booked",
          ...actor,
        },
      };
    }
    case "application_feedback_submitted":
      return {
        type: "scorecard.submitted",
        data: {
          application_id: event.subjectId,
          job_id: event.data.jobId,
          candidate_name: event.data.candidateName,
          recommendation: event.data.recommendation,
          ...actor,
        },
      };
    case "candidates_merged":
      return {
        type: "candidate.merged",
        data: {
          candidate_id: event.subjectId,
          candidate_name: event.data.keptName,
          merged_name: event.data.mergedName,
          merged_email: event.data.mergedEmail,
          applications_moved: event.data.applicationsMoved,
          ...actor,
        },
      };
    case "job_posted":
      return { type: "job.created", data: { job_id: event.subjectId, job_title: event.data.jobTitle, ...actor } };
    case "job_status_changed":
      return {
        type: "job.status_changed",
        data: { job_id: event.subjectId, job_title: event.data.jobTitle, from_status: event.data.from, to_status: event.data.to, reason: event.data.reason ?? null, ...actor },
      };
    case "application_candidate_update":
    case "application_feedback_requested":
    case "application_reply_received":
    case "application_scheduling_link_sent":
      // Internal to the hiring team: no webhook event.
      return null;
  }
}
