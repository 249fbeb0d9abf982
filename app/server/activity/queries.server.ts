import { and, desc, eq, sql } from "drizzle-orm";
import { activityEvents, profiles, user } from "../../../db/schema";
import { type Queryable, queryRowsPrepared } from "../platform/db.server";
import { type Actor, owned, ownedSql, preparedRead, seesApplicationSql, seesJob, seesWholeCompany } from "../platform/tenancy.server";

export interface ActivityItem {
  id: string;
  type: string;
  subjectType: string;
  subjectId: string;
  data: Record<string, unknown>;
  /** Full name, else email; null for a candidate or a deleted user. */
  actorName: string | null;
  /** ISO timestamp. */
  createdAt: string;
}

function selectActivity(db: Queryable) {
  return db
    .select({
      id: activityEvents.id,
      type: activityEvents.type,
      subjectType: activityEvents.subjectType,
      subjectId: activityEvents.subjectId,
      data: activityEvents.data,
      actorFullName: profiles.fullName,
      actorEmail: user.email,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .leftJoin(user, eq(user.id, activityEvents.actorId))
    .leftJoin(profiles, eq(profiles.id, activityEvents.actorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectActivity>["where"]>>[number];

function toItem(row: Row): ActivityItem {
  return {
    id: row.id,
    type: row.type,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    data: row.data,
    actorName: row.actorFullName?.trim() || row.actorEmail || null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's newest events, for the dashboard. */
export async function listRecentActivity(db: Queryable, actor: Actor, limit = 10): Promise<ActivityItem[]> {
  // A hiring manager or an interviewer sees the events of the jobs and applications they see (decision 096).
  const seen = (actor: Actor) =>
    seesWholeCompany(actor)
      ? undefined
      : sql`((${activityEvents.subjectType} = 'application' and exists (
             select 1 from applications a where a.id = ${activityEvents.subjectId} and ${ownedSql("a", actor)} and ${seesApplicationSql("a", actor)}))
           or (${activityEvents.subjectType} = 'job' and ${seesJob(activityEvents.subjectId, actor)}))`;
  // Prepared with the generic plan (decision 137): the company's index read backwards until `limit`
  // are found, the same plan for every company, where parsing and planning it on every visit cost
  // PostgreSQL six times running it (0.49 against 0.08 ms).
  const rows = await preparedRead(
    db,
    actor,
    "recent_activity",
    (actor) =>
      selectActivity(db)
        .where(and(owned(activityEvents, actor), seen(actor)))
        .orderBy(desc(activityEvents.createdAt), desc(activityEvents.seq))
        .limit(sql.placeholder("limit")),
    { limit },
    { genericPlan: true },
  );
  return rows.map(toItem);
}

/** The newest events of one subject (an application's history), up to `limit`, oldest first. */
export async function listSubjectActivity(db: Queryable, actor: Actor, subjectId: string, limit = HISTORY_MAX): Promise<ActivityItem[]> {
  // The newest `limit` (the subject's index read backwards), told oldest first. Prepared: the
  // application page's History tab asks it on every visit (decision 100).
  const rows = await preparedRead(
    db,
    actor,
    "subject_activity",
    (actor) =>
      selectActivity(db)
        .where(and(eq(activityEvents.subjectId, sql.placeholder("subjectId")), owned(activityEvents, actor)))
        .orderBy(desc(activityEvents.createdAt), desc(activityEvents.seq))
        .limit(sql.placeholder("limit")),
    { subjectId, limit: Math.min(limit, HISTORY_MAX) },
  );
  return rows.reverse().map(toItem);
}

/** The most of one subject's history a page tells at once: a longer one is told from its newest. */
export const HISTORY_MAX = 1000;

/**
 * A candidate's history, newest first: their own events (a merge) and those of each of their
 * applications, at most `limit`. Read as the newest `limit` of each subject (its index, backwards)
 * and merged: one condition over all of them made PostgreSQL walk the company's whole history in
 * order until 20 matched, which for a candidate with few events is every event (5 s at 1,000,000).
 */
export async function listCandidateActivity(db: Queryable, actor: Actor, candidateId: string, limit = 20): Promise<ActivityItem[]> {
  const rows = await queryRowsPrepared<{
    id: string;
    type: Row["type"];
    subject_type: Row["subjectType"];
    subject_id: string;
    data: Record<string, unknown>;
    actor_full_name: string | null;
    actor_email: string | null;
    created_at: Date | string;
  }>(
    db,
    // Prepared: a candidate's page asks it on every visit (decision 101).
    "candidate_activity",
    sql`select e.id, e.type, e.subject_type, e.subject_id, e.data, p.full_name as actor_full_name, u.email as actor_email, e.created_at
        from (select ${candidateId}::uuid as id
              union all
              select a.id from applications a where a.candidate_id = ${candidateId} and ${ownedSql("a", actor)}) s
        cross join lateral (
          select e.* from activity_events e
          where e.subject_id = s.id and ${ownedSql("e", actor)}
          order by e.created_at desc, e.seq desc
          limit ${limit}
        ) e
        left join "user" u on u.id = e.actor_id
        left join profiles p on p.id = e.actor_id
        order by e.created_at desc, e.seq desc
        limit ${limit}`,
  );
  return rows.map((row) =>
    toItem({
      id: row.id,
      type: row.type,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      data: row.data,
      actorFullName: row.actor_full_name,
      actorEmail: row.actor_email,
      createdAt: new Date(row.created_at),
    }),
  );
}

/** Where an event's subject is shown: its application, candidate or job. */
export function activityHref(item: Pick<ActivityItem, "subjectType" | "subjectId">): string {
  if (item.subjectType === "application") return `/applications/${item.subjectId}`;
  if (item.subjectType === "candidate") return `/candidates/${item.subjectId}`;
  return `/manage/jobs/${item.subjectId}`;
}

/** Events a candidate caused (applying, replying): no staff member acted. */
export function isCandidateEvent(item: Pick<ActivityItem, "type" | "data">): boolean {
  return (
    item.type === "application_received" ||
    item.type === "application_reply_received" ||
    item.type === "application_interview_booked" ||
    item.type === "application_candidate_update" ||
    (item.type === "application_status_changed" && item.data.byCandidate === true)
  );
}

/** One line describing an event, for people. */
export function describeActivity(item: Pick<ActivityItem, "type" | "data">): string {
  const d = item.data as Record<string, string | null | undefined>;
  switch (item.type) {
    case "application_received":
      return `${d.candidateName} applied to ${d.jobTitle}`;
    case "application_added":
      return `${d.candidateName} was added to ${d.jobTitle} in ${d.stageName}`;
    case "application_imported":
      return `${d.candidateName} was imported to ${d.jobTitle} in ${d.stageName} from ${d.fileName}`;
    case "application_stage_moved":
      return d.fromStageName
        ? `${d.candidateName} moved from ${d.fromStageName} to ${d.toStageName}`
        : `${d.candidateName} moved to ${d.toStageName}`;
    case "application_status_changed":
      if (item.data.byCandidate === true && d.to === "withdrawn") return `${d.candidateName} withdrew their application`;
      return `${d.candidateName}'s status changed from ${d.from} to ${d.to}${d.reason ? ` (${d.reason})` : ""}`;
    case "application_hired":
      return `${d.candidateName} was hired (${d.hiredOn})`;
    case "application_feedback_submitted":
      // Not the recommendation: the history is read by teammates who owe their own feedback (decision 099).
      return `Feedback on ${d.candidateName} submitted`;
    case "application_feedback_requested":
      return `Feedback on ${d.candidateName} asked of ${((item.data.reviewers as string[] | undefined) ?? []).join(", ")}`;
    case "application_reply_received":
      return `${d.candidateName} replied: ${d.subject}`;
    case "application_interview_scheduled":
    case "application_interview_rescheduled": {
      const people = ((item.data.interviewers as string[] | undefined) ?? []).join(", ");
      const verb = item.type === "application_interview_scheduled" ? "scheduled for" : "moved to";
      // The title is the stage's name by default ("Screening"): quoted, it reads as the interview's name.
      return `Interview “${d.title}” with ${d.candidateName} ${verb} ${d.when}, with ${people}`;
    }
    case "application_interview_cancelled":
      return `Interview “${d.title}” with ${d.candidateName} on ${d.when} cancelled`;
    case "application_scheduling_link_sent":
      return `Scheduling link for “${d.title}” sent to ${d.candidateName}, open until ${d.until}`;
    case "application_interview_booked":
      return `${d.candidateName} booked Interview “${d.title}” for ${d.when}, with ${((item.data.interviewers as string[] | undefined) ?? []).join(", ")}`;
    case "application_candidate_update":
      return d.change === "cv"
        ? `${d.candidateName} uploaded a new CV`
        : d.change === "erasure_requested"
          ? `${d.candidateName} asked to be erased`
          : `${d.candidateName} corrected their contact details`;
    case "candidates_merged":
      return `${d.mergedName} (${d.mergedEmail}) was merged into ${d.keptName}`;
    case "job_posted":
      return `Job posted: ${d.jobTitle}`;
    case "job_status_changed":
      return `${d.jobTitle} changed from ${d.from} to ${d.to}${d.reason ? ` (${d.reason})` : ""}`;
    default:
      return "Activity";
  }
}
