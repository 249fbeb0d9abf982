import { sql } from "drizzle-orm";
import { jobs } from "../../../db/schema";
import { isUuid } from "~/schemas/id";
import { isoFromJsonTimestamp, jsonTimestamp, type Queryable } from "../platform/db.server";
import { type Actor, ownedSql, preparedRowsRead, seesJob } from "../platform/tenancy.server";

/**
 * Cards each column shows at first: about what a column shows without scrolling on a large screen (its
 * height is the window's less 16rem: eight cards at 1080 px, twelve at 1440). The board's HTML and its
 * server time grow with every card (decision 135).
 */
export const CARDS_PER_PAGE = 12;
/** Cards each "Show more" adds to a column: a list's page. */
export const CARDS_PER_MORE = 25;

/** A card's feedback badge (decision 099): scorecards submitted of those asked for, and how many say yes or no. */
export interface CardFeedback {
  asked: number;
  submitted: number;
  yes: number;
  no: number;
}

export interface BoardCard {
  id: string;
  candidateName: string;
  candidateEmail: string;
  /** ISO timestamp. */
  createdAt: string;
  /** Null when nobody was asked and nobody gave feedback. */
  feedback?: CardFeedback | null;
  /** When the next interview starts (ISO), when one is coming (issue 14). */
  nextInterview?: string;
}

export interface BoardColumn {
  id: string;
  name: string;
  count: number;
  cards: BoardCard[];
  /** More cards than shown are in this stage. */
  hasMore: boolean;
}

/** A card of the lane of applications that are not active: why, and from which stage. */
export interface InactiveCard extends BoardCard {
  status: string;
  rejectionReason: string | null;
  stageName: string | null;
}

/** The board's lane of rejected and withdrawn applications, behind "Show rejected" (decision 090). */
export interface InactiveLane {
  count: number;
  /** Null while the lane is hidden: only its count is read. */
  cards: InactiveCard[] | null;
  hasMore: boolean;
}

interface CardRow {
  id: string;
  stage_id: string;
  candidate_name: string;
  candidate_email: string;
  status: string;
  /** Milliseconds since the epoch (JSON), with microseconds as a fraction. */
  created_at: number | string;
  feedback?: CardFeedback | null;
  /** Milliseconds since the epoch (JSON), or null. */
  next_interview?: number | string | null;
}

interface InactiveRow extends CardRow {
  rejection_reason: string | null;
  stage_name: string | null;
}


function toCard(row: CardRow): BoardCard {
  return {
    id: row.id,
    candidateName: row.candidate_name,
    candidateEmail: row.candidate_email,
    createdAt: isoFromJsonTimestamp(row.created_at),
    ...(row.feedback === undefined ? {} : { feedback: row.feedback }),
    ...(row.next_interview == null ? {} : { nextInterview: isoFromJsonTimestamp(row.next_interview) }),
  };
}

/**
 * When an application's next interview starts (JSON milliseconds), or null: one lookup of the index
 * of an application's interviews by time, the cancelled ones passed over.
 */
const nextInterview = (applicationId: ReturnType<typeof sql>, actor: Actor) => sql`(
  select ${jsonTimestamp(sql`i.starts_at`)} from interviews i
  where i.application_id = ${applicationId} and i.starts_at > now() and i.cancelled_at is null and ${ownedSql("i", actor)}
  order by i.starts_at limit 1)`;

/**
 * A card's feedback badge as a JSON value, or null: two index lookups by the application's id
 * (the requests' and the scorecards' unique keys start with it).
 */
const cardFeedback = (applicationId: ReturnType<typeof sql>) => sql`(
  select case when f.asked + s.submitted = 0 then null
         else json_build_object('asked', greatest(f.asked, s.submitted), 'submitted', s.submitted, 'yes', s.yes, 'no', s.no) end
  from (select count(*)::int as asked from feedback_requests r where r.application_id = ${applicationId}) f,
       (select count(*)::int as submitted,
               (count(*) filter (where sc.recommendation in ('yes', 'strong_yes')))::int as yes,
               (count(*) filter (where sc.recommendation in ('no', 'strong_no')))::int as no
        from scorecards sc where sc.application_id = ${applicationId} and sc.submitted_at is not null) s)`;


/**
 * The pipeline board of one of the company's jobs: its stages in order, each with its count of
 * active applications (its counter, decision 060) and its newest active cards (one range per stage
 * of the index of active applications, in its order), and the count of the rest, rejected or
 * withdrawn, with their newest cards when the lane is shown (decision 090); or null for an unknown job.
 */
export async function getPipelineBoard(
  db: Queryable,
  actor: Actor,
  jobId: string,
  /** Cards to show per stage id, beyond the first page ("Show more"). */
  shown: Record<string, number> = {},
  /** Cards of the not-active lane to read; 0 leaves the lane hidden. */
  inactiveShown = 0,
) {
  const limitOf = (stageId: string) => Math.max(CARDS_PER_PAGE, shown[stageId] ?? 0);
  const maxLimit = Math.max(CARDS_PER_PAGE, ...Object.values(shown));
  if (!isUuid(jobId)) return null;
  // One statement: the job, its stages with their counts, and each stage's newest cards (three
  // statements were three round trips to PostgreSQL, the first before the other two). No row: no
  // such job in the company. Prepared, with one plan for any job and page sizes (decision 132):
  // planning it anew cost PostgreSQL more than running it. Its text is one per role scope and lane.
  const [job] = await preparedRowsRead<{
    id: string;
    title: string;
    status: (typeof jobs.$inferSelect)["status"];
    stages: { id: string; name: string; count: number | string; all: number | string }[];
    cards: CardRow[];
    inactive: InactiveRow[] | null;
  }>(
    db,
    actor,
    inactiveShown > 0 ? "pipeline_board_lane" : "pipeline_board",
    sql`select j.id, j.title, j.status,
          (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'count', coalesce(c.active, 0), 'all', coalesce(c.applications, 0)) order by s."order"), '[]'::json)
           from pipeline_stages s
           left join stage_counts c on c.stage_id = s.id and ${ownedSql("c", actor)}
           where s.job_id = ${jobId} and ${ownedSql("s", actor)}) as stages,
          (select coalesce(json_agg(json_build_object(
                    'id', c.id, 'stage_id', s.id, 'candidate_name', c.candidate_name, 'candidate_email', c.candidate_email,
                    'status', c.status, 'created_at', ${jsonTimestamp(sql`c.created_at`)}, 'feedback', ${cardFeedback(sql`c.id`)},
                    'next_interview', ${nextInterview(sql`c.id`, actor)}
                  ) order by s.id, c.created_at desc, c.id desc), '[]'::json)
           from pipeline_stages s
           cross join lateral (
             select a.id, a.candidate_name, a.candidate_email, a.status, a.created_at, a.company_id
             from applications a
             where a.current_pipeline_stage_id = s.id and a.status = 'active'
             order by a.created_at desc, a.id desc
             limit ${maxLimit + 1}
           ) c
           -- The company is checked on the stage's newest cards, not inside the range: with it there, the
           -- plan for any company took a large one's million rows for a few thousand and and-ed the
           -- company's index with the stage's (300 ms instead of 1, decision 132).
           where ${ownedSql("c", actor)} and s.job_id = ${jobId} and ${ownedSql("s", actor)}) as cards,
          ${
            inactiveShown > 0
              ? sql`(select coalesce(json_agg(json_build_object(
                        'id', a.id, 'stage_id', a.current_pipeline_stage_id, 'candidate_name', a.candidate_name,
                        'candidate_email', a.candidate_email, 'status', a.status, 'created_at', ${jsonTimestamp(sql`a.created_at`)},
                        'rejection_reason', a.rejection_reason,
                        'stage_name', (select s.name from pipeline_stages s where s.id = a.current_pipeline_stage_id and ${ownedSql("s", actor)})
                      ) order by a.created_at desc, a.id desc), '[]'::json)
                 from (
                   select * from applications a
                   where a.job_id = j.id and a.status <> 'active'
                   order by a.created_at desc, a.id desc
                   limit ${inactiveShown + 1}
                 ) a
                 where ${ownedSql("a", actor)})`
              : sql`null`
          } as inactive
        from ${jobs} j
        where j.id = ${jobId} and ${ownedSql("j", actor)} and ${seesJob(sql`j.id`, actor) ?? sql`true`}`,
    { genericPlan: true },
  );
  if (!job) return null;
  const { stages, cards } = job;

  const byStage = new Map<string, CardRow[]>();
  for (const row of cards) {
    const list = byStage.get(row.stage_id) ?? [];
    list.push(row);
    byStage.set(row.stage_id, list);
  }
  const columns: BoardColumn[] = stages.map((stage) => {
    const list = byStage.get(stage.id) ?? [];
    const perStage = limitOf(stage.id);
    const page = list.slice(0, perStage);
    return {
      id: stage.id,
      name: stage.name,
      count: Number(stage.count),
      cards: page.map(toCard),
      hasMore: list.length > perStage,
    };
  });
  const total = stages.reduce((sum, stage) => sum + Number(stage.all), 0);
  const inactive: InactiveLane = {
    count: total - columns.reduce((sum, column) => sum + column.count, 0),
    cards: job.inactive
      ? job.inactive.slice(0, inactiveShown).map((row) => ({
          ...toCard(row),
          status: row.status,
          rejectionReason: row.rejection_reason,
          stageName: row.stage_name,
        }))
      : null,
    hasMore: (job.inactive?.length ?? 0) > inactiveShown,
  };
  return { job: { id: job.id, title: job.title, status: job.status }, columns, total, inactive };
}
