import { sql } from "drizzle-orm";
import type { Queryable } from "../platform/db.server";
import { type Actor, ownedSql, preparedRowsRead, seesApplicationSql } from "../platform/tenancy.server";

/*
 * The signed-in member's own to-dos on the dashboard (issue 15), beside "Today's interviews": the
 * feedback they owe, and the candidates of their hiring teams' jobs who wait on them. Each is one
 * statement that answers the oldest few rows and how many there are in all, prepared once per
 * connection and role scope (decision 126): planning them cost more than running them.
 */

/** How many rows a to-do panel lists; the panel says how many there are in all. */
export const TODOS_SHOWN = 5;

/** How recent an application in its job's first stage is still "new" (days). */
export const NEW_APPLICATION_DAYS = 7;

export interface FeedbackTodo {
  applicationId: string;
  candidateName: string;
  jobTitle: string;
  /** When the feedback became due: the end of the member's first interview on it that has ended, else when they were asked. */
  dueSince: Date;
  /** That interview's title; null when the feedback is due because they were asked. */
  interviewTitle: string | null;
  /** Who asked them (their name, else their email); null for an interview, or when the asker has left. */
  askedBy: string | null;
}

/**
 * The applications the actor owes feedback on, the longest due first (at most `TODOS_SHOWN`), and how
 * many in all: active applications they see with no submitted scorecard of theirs (a draft still owes
 * it). On an application whose interviews they sit on, feedback is due once the first of those has
 * ended, not cancelled (the notion of the ask after an interview, feedback-asks.server.ts); scheduling
 * an interview asks its interviewers for feedback, so that request alone does not make it due before
 * the interview, nor after the interview is cancelled. Elsewhere it is due once they were asked
 * (`feedback_requests`, reviewer = the actor).
 *
 * Driven by the actor's own rows: their requests (`feedback_requests_reviewer_idx`) and their
 * interviews (`interview_interviewers_user_starts_idx`, then the interviews' primary key); each
 * application found is checked by primary keys and the scorecards' unique key (application, author).
 * The count is over that per-member set.
 */
export async function listFeedbackTodos(db: Queryable, actor: Actor, now: Date = new Date()): Promise<{ rows: FeedbackTodo[]; total: number }> {
  const at = now.toISOString();
  const rows = await preparedRowsRead<{
    application_id: string;
    candidate_name: string;
    job_title: string;
    due_since: Date | string;
    interview_title: string | null;
    asked_by: string | null;
    total: number;
  }>(
    db,
    actor,
    "feedback_todos",
    sql`with mine as (
          select i.id, i.application_id, i.title, i.starts_at + make_interval(mins => i.duration_minutes) as ends_at,
                 i.cancelled_at is null and i.starts_at + make_interval(mins => i.duration_minutes) <= ${at}::timestamptz as ended
          from interview_interviewers ii
          -- By primary key, one at a time (\`limit 1\` keeps the planner from hashing the whole table for a member's few hundred).
          cross join lateral (
            select i.id, i.application_id, i.title, i.starts_at, i.duration_minutes, i.cancelled_at from interviews i where i.id = ii.interview_id and ${ownedSql("i", actor)} limit 1
          ) i
          where ii.user_id = ${actor.userId} and ${ownedSql("ii", actor)}
        ),
        -- On their interviews' applications, the feedback is due once the first of them has ended (none, if cancelled).
        ended as (
          select distinct on (m.application_id) m.application_id, m.ends_at, m.title
          from mine m where m.ended
          order by m.application_id, m.ends_at, m.id
        ),
        -- Elsewhere, once they were asked.
        owed as (
          select e.application_id, e.ends_at as due_since, e.title as interview_title, null as requested_by from ended e
          union all
          select r.application_id, r.created_at, null, r.requested_by
          from feedback_requests r
          where r.reviewer_id = ${actor.userId} and ${ownedSql("r", actor)} and not exists (select 1 from mine m where m.application_id = r.application_id)
        ),
        -- Most of a member's past asks are answered: their own scorecards leave those out before the applications are read.
        unanswered as materialized (
          select o.* from owed o
          where not exists (
            select 1 from scorecards s
            where s.application_id = o.application_id and s.author_id = ${actor.userId} and s.submitted_at is not null and ${ownedSql("s", actor)}
          )
        )
        select o.application_id, a.candidate_name, j.title as job_title, o.due_since, o.interview_title,
               coalesce(nullif(trim(p.full_name), ''), u.email) as asked_by, (count(*) over ())::int as total
        from unanswered o
        cross join lateral (
          select a.candidate_name, a.job_id from applications a
          where a.id = o.application_id and ${ownedSql("a", actor)} and a.status = 'active' and ${seesApplicationSql("a", actor)}
          limit 1
        ) a
        join jobs j on j.id = a.job_id and ${ownedSql("j", actor)}
        left join profiles p on p.id = o.requested_by and ${ownedSql("p", actor)}
        left join "user" u on u.id = p.id
        order by o.due_since, o.application_id
        limit ${TODOS_SHOWN}`,
    // Index probes of the member's own rows: one plan serves every member (decision 130).
    { genericPlan: true },
  );
  return {
    rows: rows.map((row) => ({
      applicationId: row.application_id,
      candidateName: row.candidate_name,
      jobTitle: row.job_title,
      dueSince: new Date(row.due_since),
      interviewTitle: row.interview_title,
      askedBy: row.asked_by,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export interface WaitingCandidate {
  applicationId: string;
  candidateName: string;
  jobTitle: string;
  /** `decision`: the feedback is in; `new`: a new application nobody has looked at. */
  reason: "decision" | "new";
  /** Since when: the last scorecard's submission, or when they applied. */
  waitingSince: Date;
  /** For a decision: how many submitted scorecards. */
  scorecards: number;
}

/**
 * The candidates of the jobs whose hiring team the actor is on (`job_team_members`) who wait on them,
 * as "My tasks" of other ATSs have them: those ready for a decision first, then new applications,
 * each the longest waiting first (at most `TODOS_SHOWN`), and how many of each in all.
 *
 * Ready for a decision: an active application with at least one submitted scorecard, nobody it was asked
 * of still owing theirs (feedback requests, and interviewers of its interviews that have ended), no
 * interview still to come, and not moved to another stage since the last scorecard was submitted (its
 * stage history, `stage_entries`). New: an active application of the last `NEW_APPLICATION_DAYS` days
 * still in its job's first stage (the lowest order), with no feedback asked or given yet.
 *
 * Reads: the member's jobs (`job_team_members_user_idx`) and their stages. New applications: each job's first
 * stage (`pipeline_stages_job_order_unique`) and its active applications of the week (`applications_stage_active_idx`,
 * one short range each). Decisions: the team jobs' submitted scorecards (`scorecards_job_submitted_idx`), their
 * applications that are active by primary key, then for each of those only, index probes of its requests, scorecards,
 * interviews (`interviews_application_starts_idx`) and stage history (`stage_entries_application_idx`). That grows
 * with the team's submitted scorecards, not with the company's.
 */
export async function listWaitingCandidates(
  db: Queryable,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ rows: WaitingCandidate[]; decisions: number; newApplications: number }> {
  const at = now.toISOString();
  const rows = await preparedRowsRead<{
    application_id: string;
    candidate_name: string;
    job_title: string;
    reason: "decision" | "new";
    waiting_since: Date | string;
    scorecards: number;
    decisions: number;
    new_applications: number;
  }>(
    db,
    actor,
    "waiting_candidates",
    sql`with team as (
          select m.job_id from job_team_members m where m.user_id = ${actor.userId} and ${ownedSql("m", actor)}
        ),
        -- The team's active applications with a submitted scorecard, first (materialized: the checks below run on these only),
        -- found from the team jobs' submitted scorecards (scorecards_job_submitted_idx).
        scored as materialized (
          select a.id, a.job_id, a.candidate_name
          from (
            select distinct s.application_id from team t
            join scorecards s on s.job_id = t.job_id and s.submitted_at is not null and ${ownedSql("s", actor)}
          ) sc
          join applications a on a.id = sc.application_id
          where a.status = 'active' and ${ownedSql("a", actor)} and ${seesApplicationSql("a", actor)}
        ),
        decisions as (
          select a.id, a.job_id, a.candidate_name, last.submitted_at as waiting_since, last.scorecards
          from scored a
          cross join lateral (
            select max(s.submitted_at) as submitted_at, count(*)::int as scorecards
            from scorecards s
            where s.application_id = a.id and s.submitted_at is not null and ${ownedSql("s", actor)}
          ) last
          -- Each check an index probe of this application's rows (in the select list, the planner keeps them per row
          -- rather than scanning whole tables for an anti-join).
          cross join lateral (
            select
              -- Someone owes feedback (as listFeedbackTodos has it): asked, sitting on none of its interviews, not submitted…
              exists (
                select 1 from feedback_requests r
                where r.application_id = a.id and ${ownedSql("r", actor)}
                  and not exists (
                    select 1 from scorecards s
                    where s.application_id = a.id and s.author_id = r.reviewer_id and s.submitted_at is not null and ${ownedSql("s", actor)}
                  )
                  and not exists (
                    select 1 from interviews i
                    join interview_interviewers ii on ii.interview_id = i.id and ii.user_id = r.reviewer_id and ${ownedSql("ii", actor)}
                    where i.application_id = a.id and ${ownedSql("i", actor)}
                  )
              )
              -- …or an interviewer of an interview that has ended, not submitted; or an interview is still to come.
              or exists (
                select 1 from interviews i
                where i.application_id = a.id and ${ownedSql("i", actor)} and i.cancelled_at is null
                  and (
                    i.starts_at + make_interval(mins => i.duration_minutes) > ${at}::timestamptz
                    or exists (
                      select 1 from interview_interviewers ii
                      where ii.interview_id = i.id and ${ownedSql("ii", actor)}
                        and not exists (
                          select 1 from scorecards s
                          where s.application_id = a.id and s.author_id = ii.user_id and s.submitted_at is not null and ${ownedSql("s", actor)}
                        )
                    )
                  )
              ) as pending,
              -- Moved to another stage since the last scorecard.
              exists (
                select 1 from stage_entries e where e.application_id = a.id and e.entered_at > last.submitted_at and ${ownedSql("e", actor)}
              ) as moved
          ) checks
          where not checks.pending and not checks.moved
        ),
        first_stages as (
          select first.id
          from team t
          cross join lateral (
            select st.id from pipeline_stages st where st.job_id = t.job_id and ${ownedSql("st", actor)} order by st."order" limit 1
          ) first
        ),
        fresh as (
          select a.id, a.job_id, a.candidate_name, a.created_at as waiting_since, 0 as scorecards
          from applications a
          where a.current_pipeline_stage_id in (select id from first_stages) and a.status = 'active'
            and a.created_at > ${at}::timestamptz - make_interval(days => ${NEW_APPLICATION_DAYS}) and ${ownedSql("a", actor)}
            and ${seesApplicationSql("a", actor)}
            and not exists (select 1 from feedback_requests r where r.application_id = a.id and ${ownedSql("r", actor)})
            and not exists (select 1 from scorecards s where s.application_id = a.id and s.submitted_at is not null and ${ownedSql("s", actor)})
        ),
        waiting as (
          select d.*, 'decision' as reason, 0 as rank from decisions d
          union all
          select f.*, 'new' as reason, 1 as rank from fresh f
        )
        select w.id as application_id, w.candidate_name, j.title as job_title, w.reason, w.waiting_since, w.scorecards,
               (count(*) filter (where w.reason = 'decision') over ())::int as decisions,
               (count(*) filter (where w.reason = 'new') over ())::int as new_applications
        from waiting w
        join jobs j on j.id = w.job_id and ${ownedSql("j", actor)}
        order by w.rank, w.waiting_since, w.id
        limit ${TODOS_SHOWN}`,
    // Index probes of the member's own rows: one plan serves every member (decision 130).
    { genericPlan: true },
  );
  return {
    rows: rows.map((row) => ({
      applicationId: row.application_id,
      candidateName: row.candidate_name,
      jobTitle: row.job_title,
      reason: row.reason,
      waitingSince: new Date(row.waiting_since),
      scorecards: Number(row.scorecards),
    })),
    decisions: Number(rows[0]?.decisions ?? 0),
    newApplications: Number(rows[0]?.new_applications ?? 0),
  };
}

export interface ErasureRequestTodo {
  candidateId: string;
  candidateName: string;
  requestedAt: Date;
}

/**
 * The company's candidates who asked from their own page to be erased and are not yet (decision 119),
 * the oldest request first (at most `TODOS_SHOWN`), and how many in all: for the admins who answer
 * them, within a month. From the partial index of requests, so a company without any reads nothing.
 */
export async function listErasureRequests(db: Queryable, actor: Actor): Promise<{ rows: ErasureRequestTodo[]; total: number }> {
  const rows = await preparedRowsRead<{ id: string; name: string; erasure_requested_at: Date | string; total: number }>(
    db,
    actor,
    "erasure_requests",
    sql`select c.id, c.name, c.erasure_requested_at, count(*) over ()::int as total
        from candidates c
        where ${ownedSql("c", actor)} and c.erasure_requested_at is not null
        order by c.erasure_requested_at, c.id
        limit ${TODOS_SHOWN}`,
  );
  return {
    rows: rows.map((row) => ({ candidateId: row.id, candidateName: row.name, requestedAt: new Date(row.erasure_requested_at) })),
    total: rows[0]?.total ?? 0,
  };
}
