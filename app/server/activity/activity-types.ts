import type { ACTIVITY_TYPES } from "../../../db/schema";

/** A company event's kinds and the data each carries: what recordActivity writes and the webhooks' map reads. */
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
  /**
   * The candidate changed something from their own page (decision 119): corrected their contact
   * details, uploaded a new CV or asked to be erased. (Withdrawing is an `application_status_changed`
   * with `byCandidate`.)
   */
  application_candidate_update: { candidateName: string; jobId: string; change: "contact_details" | "cv" | "erasure_requested" };
  /** `reason`: why it was rejected (decision 090); absent on other changes and on older events. */
  application_status_changed: { candidateName: string; jobId: string; from: string; to: string; reason?: string; byCandidate?: boolean };
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

