/**
 * Team activity (issue 15, decision 105): what each member did in a report's days, and each
 * interviewer's recommendations.
 */
import { type SQL, sql } from "drizzle-orm";
import type { TEAM_ACTIVITY_KINDS } from "../../../db/schema";
import type { Recommendation } from "~/schemas/scorecard";
import { jobFilters, type ReportedApplications } from "../applications/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, ownedSql, seesJob, seesWholeCompany } from "../platform/tenancy.server";
import { day, type DayTiers, dayTiers, hourTiers } from "./tiers.server";

/** What one member did in the report's days: moves, feedback submitted (by recommendation) and emails sent. */
export interface MemberActivity {
  memberId: string;
  name: string;
  moved: number;
  feedback: number;
  emailed: number;
  /** Their feedback submitted, by its overall recommendation. */
  recommendations: Record<Recommendation, number>;
}

/**
 * Team activity (decision 105): what each member did in the report's days (not of the applications
 * made in them: the actions themselves), on the applications of the report's job and member's jobs
 * that the reader sees; not by source. A report of every job, read by someone who sees them all, is
 * counted from `team_totals` (decision 120): whole UTC months, days and hours, and at most an hour at
 * either end from the history. Any other from `team_counts`: the whole UTC months inside the
 * days from its months, the whole UTC days around them from its days, and the hours at either end (the
 * reader's midnight is not UTC's) from the history events and the emails themselves: at most half a day
 * each, as a whole day counted less the hours outside the days where that is shorter. The most active first.
 */
export async function teamReport(db: Queryable, actor: Actor, filters: ReportedApplications): Promise<MemberActivity[]> {
  if (!filters.appliedFrom || !filters.appliedBefore) return [];
  // The history and emails of the report's jobs (one, or a member's: from the history's index by job).
  const raw = (from: Date, before: Date, sign: 1 | -1 = 1) => {
    const [lo, hi] = [sql`${from.toISOString()}::timestamptz`, sql`${before.toISOString()}::timestamptz`];
    return sql`select e.actor_id as member_id, j.id as job_id, k.kind, ${sign}::int * count(*)::int as n
        from activity_events e cross join lateral team_activity_kinds(e.type, e.data) k
        join jobs j on j.id = (e.data->>'jobId')::uuid and ${sql.join([ownedSql("j", actor), ...jobFilters(sql`j.id`, actor, filters)], sql` and `)}
        where ${ownedSql("e", actor)} and e.created_at >= ${lo} and e.created_at < ${hi} and e.actor_id is not null and e.subject_type = 'application'
          and e.type in ('application_stage_moved', 'application_feedback_submitted')
        group by 1, 2, 3
        union all
        select m.sent_by, a.job_id, 'emailed', ${sign}::int * count(*)::int from email_messages m
        join applications a on a.id = m.application_id and ${sql.join([ownedSql("a", actor), ...jobFilters(sql`a.job_id`, actor, filters)], sql` and `)}
        where ${ownedSql("m", actor)} and m.sent_by is not null and m.direction = 'outbound' and m.status <> 'cancelled' and m.created_at >= ${lo} and m.created_at < ${hi}
        group by 1, 2`;
  };
  // The whole UTC months inside the whole days from the month counts, the days around them from the day
  // counts, the hours at either end from the events and emails (`dayTiers`).
  const counts = ({ span, from, before }: DayTiers["counted"][number]) =>
    sql`select r.member_id, r.job_id, r.kind, r.n from team_counts r
        where ${ownedSql("r", actor)} and r.span = ${span} and r.starts_on >= ${day(from)} and r.starts_on < ${day(before)}`;
  // A report of every job by someone who sees them all reads the totals over every job (decision 120):
  // whole months, days and hours, and none of the history unless the reader's offset is not whole hours.
  const totals = seesWholeCompany(actor) && !filters.jobId && !filters.memberId ? hourTiers(filters.appliedFrom, filters.appliedBefore) : undefined;
  const tiers = totals ? undefined : dayTiers(filters.appliedFrom, filters.appliedBefore);
  const parts = totals
    ? [
        ...totals.counted.map(
          ({ span, from, before }) =>
            sql`select r.member_id, null::uuid as job_id, r.kind, r.n from team_totals r
                where ${ownedSql("r", actor)} and r.span = ${span} and r.starts_at >= ${from.toISOString()}::timestamptz and r.starts_at < ${before.toISOString()}::timestamptz`,
        ),
        ...totals.ends.map((end) => raw(end.from, end.before)),
      ]
    : tiers
      ? [...tiers.counted.map(counts), ...tiers.ends.map((end) => raw(end.from, end.before, end.sign))]
      : [raw(filters.appliedFrom, filters.appliedBefore)];
  const narrowing = [seesJob(sql`x.job_id`, actor), ...jobFilters(sql`x.job_id`, actor, filters)].filter((condition): condition is SQL => condition !== undefined);
  const rows = await queryRows<{ member_id: string; name: string; kind: (typeof TEAM_ACTIVITY_KINDS)[number]; n: number }>(
    db,
    // Summed per member and kind first, then named: a year's counts are thousands of rows, its members a few.
    sql`select t.member_id, coalesce(nullif(trim(p.full_name), ''), u.email) as name, t.kind, t.n
        from (select x.member_id, x.kind, sum(x.n)::int as n from (${sql.join(parts, sql` union all `)}) as x
              ${narrowing.length > 0 ? sql`where ${sql.join(narrowing, sql` and `)}` : sql``}
              group by 1, 2) as t
        join "user" u on u.id = t.member_id
        left join profiles p on p.id = t.member_id and ${ownedSql("p", actor)}`,
  );
  const members = new Map<string, MemberActivity>();
  for (const row of rows) {
    const member =
      members.get(row.member_id) ??
      members
        .set(row.member_id, { memberId: row.member_id, name: row.name, moved: 0, feedback: 0, emailed: 0, recommendations: { strong_no: 0, no: 0, yes: 0, strong_yes: 0 } })
        .get(row.member_id)!;
    if (row.kind === "moved" || row.kind === "feedback" || row.kind === "emailed") member[row.kind] += row.n;
    else member.recommendations[row.kind] += row.n;
  }
  const total = (member: MemberActivity) => member.moved + member.feedback + member.emailed;
  return [...members.values()].filter((member) => total(member) > 0).sort((a, b) => total(b) - total(a) || a.name.localeCompare(b.name));
}
