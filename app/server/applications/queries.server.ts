import { and, asc, count, desc, eq, gt, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { applicationCounts, applications, jobs, pipelineStages, stageCounts } from "../../../db/schema";
import { type ApplicationStatus } from "~/schemas/application-review";
import type { ApplicationSourceKind } from "~/schemas/application-source";
import { isUuid } from "~/schemas/id";
import { can } from "~/lib/permissions";
import { isSalaryQuestion } from "~/lib/salary";
import type { FormField } from "~/schemas/form-field";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, owned, ownedSql, preparedRead, seesApplication, seesJob, seesWholeCompany } from "../platform/tenancy.server";
import { likePattern } from "../jobs/queries.server";
import { cursorAt, keysetPage, keysetQuery, keysetQueryBy, type KeysetPosition, newestFirst } from "../platform/keyset.server";

export const APPLICATIONS_PAGE_SIZE = 25;
/** The list counts its matches up to this many, then says "10,000+" (decision 060). */
export const APPLICATIONS_COUNT_CAP = 10_000;

export interface ApplicationFilters extends KeysetPosition, ReportedApplications {
  jobId?: string;
  stageId?: string;
  status?: ApplicationStatus;
  q?: string;
}

/**
 * What a report counts (decision 104), as filters of the list: a number of a report links to the
 * list with them, and the list shows exactly the applications the number counted.
 */
export interface ReportedApplications {
  jobId?: string;
  source?: ApplicationSourceKind;
  /** A member of the company: the applications of the jobs whose hiring team they are on. */
  memberId?: string;
  /** Made at or after this instant. */
  appliedFrom?: Date;
  /** Made before this instant. */
  appliedBefore?: Date;
  /** Reached the job's stage of this name (any case) or a later one: their furthest stage is at or after it. */
  reached?: string;
  /** Hired (a hire day recorded, decision 094). */
  hired?: boolean;
  /** Given at least one interview that was not cancelled. */
  interviewed?: boolean;
  /** Hired on or after this day (YYYY-MM-DD; decision 105)… */
  hiredFrom?: string;
  /** …and before this one. */
  hiredBefore?: string;
  /** Active, not hired, and in their stage since before this instant (stuck there; decision 105). */
  waitingSince?: Date;
  /** With `waitingSince`: in the job's stage of this name (any case). */
  waitingIn?: string;
}

/** Whether any of the report's filters beyond the job is set: the stage counters do not count them. */
function hasReportFilters(filters: ReportedApplications): boolean {
  return Boolean(
    filters.source || filters.memberId || filters.appliedFrom || filters.appliedBefore || filters.reached || filters.hired || filters.interviewed || filters.waitingSince || filters.hiredFrom,
  );
}

/**
 * The company's applications, newest first, filtered, one keyset page at a time (decision 060),
 * with how many match up to APPLICATIONS_COUNT_CAP. Each filter has an index in the list's order;
 * a search by part of a name or an email reads the trigram indexes.
 */
export async function listApplications(db: Queryable, actor: Actor, filters: ApplicationFilters) {
  const where = applicationsMatching(actor, filters);
  const q = filters.q?.trim();
  if (q) {
    const found = await searchApplications(db, where, filters);
    if (found) return found;
  }
  const keyset = keysetQuery(applications.createdAt, applications.id, filters, APPLICATIONS_PAGE_SIZE);
  // How many match, in the page's own statement (one round trip); on its own only when the page
  // is empty and no row carries it. Exact from the counters where they count the filters (the
  // company's, a job's stages'), else counted up to the cap from the filter's index.
  const upToCap = db.select({ one: sql`1`.as("one") }).from(applications).where(where).limit(APPLICATIONS_COUNT_CAP + 1);
  const exact = countedByCounters(actor, filters);
  const matchedSql = exact ?? sql<number>`(select count(*) from (${upToCap}) as "matches")::int`;
  const rows = await db
    .select({
      id: applications.id,
      cursorAt: cursorAt(applications.createdAt),
      candidateName: applications.candidateName,
      candidateEmail: applications.candidateEmail,
      status: applications.status,
      createdAt: applications.createdAt,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      stageName: pipelineStages.name,
      matched: matchedSql,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .leftJoin(pipelineStages, eq(pipelineStages.id, applications.currentPipelineStageId))
    .where(and(where, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  const matched =
    rows[0]?.matched ??
    (exact
      ? (await queryRows<{ n: number }>(db, sql`select ${exact} as n`))[0]?.n
      : (await db.select({ n: count() }).from(upToCap.as("matches")))[0]?.n) ??
    0;
  return applicationsPage(
    rows.map(({ matched: _, ...row }) => row),
    filters,
    Number(matched),
    exact !== undefined,
  );
}

/**
 * The job and hiring-team-member filters (the one job; the jobs whose hiring team the member is on) as
 * conditions on a job id: what the list and every report narrow by (decision 104). The member's jobs
 * are read first, as an array (`= any(array(…))`): PostgreSQL then looks each of them up in an index
 * that leads with the job, where `in (select …)` made it read every job's rows and join (decision 121).
 */
export function jobFilters(jobId: SQL | typeof applications.jobId, actor: Actor, filters: Pick<ReportedApplications, "jobId" | "memberId">): SQL[] {
  return [
    filters.jobId && isUuid(filters.jobId) ? sql`${jobId} = ${filters.jobId}` : undefined,
    filters.memberId ? sql`${jobId} = any(array(select m.job_id from job_team_members m where m.user_id = ${filters.memberId} and ${ownedSql("m", actor)}))` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

/**
 * The condition of the list's filters and search, among the applications the actor sees: also what
 * every report counts (decision 104).
 */
export function applicationsMatching(actor: Actor, filters: Omit<ApplicationFilters, "after" | "before">): SQL {
  const conditions: (SQL | undefined)[] = [owned(applications, actor), seesApplication(applications, actor)];
  conditions.push(...jobFilters(applications.jobId, actor, filters));
  if (filters.source) conditions.push(eq(applications.source, filters.source));
  if (filters.appliedFrom) conditions.push(gte(applications.createdAt, filters.appliedFrom));
  if (filters.appliedBefore) conditions.push(lt(applications.createdAt, filters.appliedBefore));
  if (filters.reached) {
    // The stages at or after the named one in each job (the one job when filtered by it), leaving out
    // a stage named Rejected as the furthest stage does (migration 0028).
    const job = filters.jobId && isUuid(filters.jobId) ? sql`and named.job_id = ${filters.jobId}` : sql``;
    conditions.push(sql`${applications.furthestStageId} in (
      select later.id from pipeline_stages named join pipeline_stages later on later.job_id = named.job_id and later."order" >= named."order"
      where lower(named.name) = lower(${filters.reached}) and lower(later.name) <> 'rejected' and ${ownedSql("named", actor)} ${job})`);
  }
  if (filters.hired) conditions.push(isNotNull(applications.hiredOn));
  if (filters.hiredFrom && filters.hiredBefore) conditions.push(gte(applications.hiredOn, filters.hiredFrom), lt(applications.hiredOn, filters.hiredBefore));
  // Its interviews not cancelled, counted by the database (migration 0028).
  if (filters.interviewed) conditions.push(gt(applications.interviews, 0));
  if (filters.waitingSince) {
    // What the waiting index holds (applications_waiting_idx): active, not hired, by when they entered their stage.
    conditions.push(eq(applications.status, "active"), isNull(applications.hiredOn), lt(applications.stageEnteredAt, filters.waitingSince));
    if (filters.waitingIn) {
      conditions.push(sql`${applications.currentPipelineStageId} in (
        select s.id from pipeline_stages s where lower(s.name) = lower(${filters.waitingIn}) and ${ownedSql("s", actor)})`);
    }
  }
  if (filters.stageId && isUuid(filters.stageId)) conditions.push(eq(applications.currentPipelineStageId, filters.stageId));
  if (filters.status) conditions.push(eq(applications.status, filters.status));
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    // An email has no spaces: a search with one reads the name's index only.
    conditions.push(/\s/.test(q) ? nameContains(q) : or(ilike(applications.candidateName, pattern), ilike(applications.candidateEmail, pattern))!);
  }
  return and(...conditions)!;
}

/**
 * The ids of the applications the list's filters match, newest first, at most `limit`: "Select all
 * matching" for the bulk actions (issue 13), acting on what the list shows, not on one page of it.
 */
export async function matchingApplicationIds(db: Queryable, actor: Actor, filters: Omit<ApplicationFilters, "after" | "before">, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(applicationsMatching(actor, filters))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * A name containing `q`, which has spaces: each word with three letters or digits in a row is its
 * own condition for the trigram index, and the whole text is then checked in the rows it finds.
 * One condition for the whole text also made the index read the trigrams of its words' edges
 * ("  s", " sm": every name with a word starting with s), twice the work ("Olivia Smith" among
 * 1,000,000 names: 4.8 → 2.4 ms). Without such a word it is the one condition it was.
 */
function nameContains(q: string): SQL {
  const words = q.split(/\s+/).filter((word) => /[\p{L}\p{N}]{3}/u.test(word));
  if (words.length === 0) return ilike(applications.candidateName, likePattern(q));
  return and(...words.map((word) => ilike(applications.candidateName, likePattern(word))), sql`strpos(lower(${applications.candidateName}), lower(${q})) > 0`)!;
}

/**
 * How many applications match, exactly, from the counters when the filters are ones they count: a
 * job, a stage, and any status or "active"; else undefined. A job's count was 5,000 rows read from
 * the heap for their company (6 ms); its stage counters (decision 060) are five rows. The whole
 * company's is its one counter row (decision 137), "995,000" where the capped count said "10,000+".
 * A job's applications without a stage (none are made so, but the column allows it) are counted
 * from their index.
 */
function countedByCounters(actor: Actor, filters: ApplicationFilters): SQL<number> | undefined {
  if (filters.q?.trim() || (filters.status && filters.status !== "active") || hasReportFilters(filters)) return undefined;
  // The counters count whole stages: not the applications a hiring manager or interviewer sees (decision 096).
  if (!seesWholeCompany(actor)) return undefined;
  const jobId = filters.jobId && isUuid(filters.jobId) ? filters.jobId : undefined;
  const stageId = filters.stageId && isUuid(filters.stageId) ? filters.stageId : undefined;
  const active = filters.status === "active";
  // The whole company: its own counter, one row (decision 137), applications without a stage included.
  if (!jobId && !stageId) {
    const counted = active ? sql`${applicationCounts.active}` : sql`${applicationCounts.applications}`;
    return sql<number>`(select coalesce(sum(${counted}), 0) from ${applicationCounts} where ${owned(applicationCounts, actor)})::int`;
  }
  const counters = and(
    owned(stageCounts, actor),
    jobId ? eq(stageCounts.jobId, jobId) : undefined,
    stageId ? eq(stageCounts.stageId, stageId) : undefined,
  );
  const counted = active ? sql`${stageCounts.active}` : sql`${stageCounts.applications}`;
  const stageless = stageId
    ? sql`0`
    : sql`(select count(*) from ${applications} a where a.current_pipeline_stage_id is null and ${ownedSql("a", actor)}
           ${jobId ? sql`and a.job_id = ${jobId}` : sql``} ${active ? sql`and a.status = 'active'` : sql``})`;
  return sql<number>`((select coalesce(sum(${counted}), 0) from ${stageCounts} where ${counters}) + ${stageless})::int`;
}

type ApplicationRow = {
  id: string;
  cursorAt: string;
  candidateName: string;
  candidateEmail: string;
  status: ApplicationStatus;
  createdAt: Date;
  jobId: string;
  jobTitle: string;
  stageName: string | null;
};

/** The answer of listApplications: a keyset page of rows, and how many match (capped). */
function applicationsPage(rows: ApplicationRow[], filters: ApplicationFilters, matches: number, exact = false) {
  const page = keysetPage(rows, filters, APPLICATIONS_PAGE_SIZE);
  return {
    rows: page.rows.map(({ cursorAt: _, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    next: page.next,
    previous: page.previous,
    /** How many match: exactly when the stage counters count them, else at most APPLICATIONS_COUNT_CAP. */
    total: exact ? matches : Math.min(matches, APPLICATIONS_COUNT_CAP),
    /** More than APPLICATIONS_COUNT_CAP match, and they were counted only that far. */
    totalCapped: !exact && matches > APPLICATIONS_COUNT_CAP,
  };
}

/**
 * A search reads its matches once (decision 076): the trigram indexes give them in no order, so one
 * statement collects them (up to the cap), counts them and sorts the page out of them, where the
 * list's other path reads its page in index order and counts in an index-only scan. When more than
 * the cap match, the collected rows are not the newest ones, and it answers undefined: the caller
 * reads the page in order then. Also undefined for a page past the last match (no row to carry the
 * count).
 */
async function searchApplications(db: Queryable, where: SQL | undefined, filters: ApplicationFilters) {
  // One SQL text, run as it is written: the query builder's CTEs, selection proxies and row mapping
  // cost more of the server's time than the statement's own text (decision 139).
  const byPosition = keysetQueryBy(newestFirst(sql`m.created_at`, sql`m.id`), filters, APPLICATIONS_PAGE_SIZE);
  const inOrder = keysetQueryBy(newestFirst(sql`p.created_at`, sql`p.id`), filters, APPLICATIONS_PAGE_SIZE);
  type Row = Omit<ApplicationRow, "createdAt"> & { createdAt: Date | string; matched: number };
  // The page is sorted out of the matches before the joins, so they read 26 rows whatever the
  // planner guesses of the matches (a guess of thousands made it hash-join every job and stage).
  const rows = await queryRows<Row>(
    db,
    sql`with matches as (
          select ${applications.id} as id, ${applications.createdAt} as created_at, ${applications.candidateName} as candidate_name,
                 ${applications.candidateEmail} as candidate_email, ${applications.status} as status, ${applications.jobId} as job_id,
                 ${applications.currentPipelineStageId} as stage_id
          from ${applications}
          where ${where ?? sql`true`}
          limit ${APPLICATIONS_COUNT_CAP + 1}
        ),
        page as (
          select * from matches m
          where ${byPosition.where ?? sql`true`}
          order by ${sql.join(byPosition.orderBy, sql`, `)}
          limit ${byPosition.limit}
        )
        select p.id, ${cursorAt(sql`p.created_at`)} as "cursorAt", p.candidate_name as "candidateName", p.candidate_email as "candidateEmail",
               p.status, p.created_at as "createdAt", p.job_id as "jobId", j.title as "jobTitle", s.name as "stageName",
               (select count(*) from matches)::int as matched
        from page p
        join ${jobs} j on j.id = p.job_id
        left join ${pipelineStages} s on s.id = p.stage_id
        order by ${sql.join(inOrder.orderBy, sql`, `)}`,
  );
  const matched = rows[0]?.matched;
  if (matched === undefined || matched > APPLICATIONS_COUNT_CAP) return undefined;
  return applicationsPage(
    rows.map((row) => ({
      id: row.id,
      cursorAt: row.cursorAt,
      candidateName: row.candidateName,
      candidateEmail: row.candidateEmail,
      status: row.status,
      createdAt: new Date(row.createdAt),
      jobId: row.jobId,
      jobTitle: row.jobTitle,
      stageName: row.stageName,
    })),
    filters,
    matched,
  );
}

/**
 * What the filters show for the chosen job: its title and its stages. The list of jobs to choose
 * from is not part of the page, whose size must not grow with the company's jobs; the job filter
 * asks `findJobChoices` for a few at a time as the user types (decision 077).
 */
export async function getApplicationFilterChoices(db: Queryable, actor: Actor, jobId: string | undefined) {
  if (!jobId || !isUuid(jobId)) return { job: null, stages: [] };
  const [[job], stages] = await Promise.all([
    db
      .select({ id: jobs.id, title: jobs.title })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), owned(jobs, actor), seesJob(jobs.id, actor))),
    db
      .select({ id: pipelineStages.id, name: pipelineStages.name })
      .from(pipelineStages)
      .where(and(eq(pipelineStages.jobId, jobId), owned(pipelineStages, actor)))
      .orderBy(asc(pipelineStages.order)),
  ]);
  return { job: job ?? null, stages };
}

/** How many jobs the job filter offers at a time. */
export const JOB_CHOICES_LIMIT = 20;

/**
 * The company's jobs whose title contains `q` (every job when empty), newest first, at most
 * JOB_CHOICES_LIMIT, and whether there are more: what the applications list's job filter offers.
 */
export async function findJobChoices(db: Queryable, actor: Actor, q: string) {
  const conditions: (SQL | undefined)[] = [owned(jobs, actor), seesJob(jobs.id, actor)];
  if (q.trim()) conditions.push(ilike(jobs.title, likePattern(q.trim())));
  const rows = await db
    .select({ id: jobs.id, title: jobs.title, status: jobs.status })
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(JOB_CHOICES_LIMIT + 1);
  return { jobs: rows.slice(0, JOB_CHOICES_LIMIT), more: rows.length > JOB_CHOICES_LIMIT };
}

export interface CustomAnswer {
  fieldId: string;
  label: string;
  /** The answer as text; "" when left empty. */
  answer: string;
  /** The job's form no longer has this field. */
  removed: boolean;
}

type FormData = { cover_letter?: string; custom_fields?: Record<string, string | boolean>; form_schema?: FormField[] };

const answerText = (value: string | boolean | undefined) =>
  value === true ? "Yes" : value === false ? "No" : (value ?? "").toString();

/**
 * Every custom field's label and answer in the form's order. Fields the job later removed
 * keep their label when the application carries a copy of the form it was submitted
 * with (form_data.form_schema), and follow the current ones.
 */
export function customAnswers(formSchema: FormField[], formData: FormData): CustomAnswer[] {
  const answers = formData.custom_fields ?? {};
  const current = [...formSchema].sort((a, b) => a.order - b.order);
  const currentIds = new Set(current.map((field) => field.id));
  const snapshot = [...(formData.form_schema ?? [])].sort((a, b) => a.order - b.order);
  const result: CustomAnswer[] = current.map((field) => ({
    fieldId: field.id,
    label: field.label,
    answer: answerText(answers[field.id]),
    removed: false,
  }));
  const seen = new Set(currentIds);
  for (const field of snapshot) {
    if (seen.has(field.id)) continue;
    seen.add(field.id);
    result.push({ fieldId: field.id, label: field.label, answer: answerText(answers[field.id]), removed: true });
  }
  for (const [fieldId, value] of Object.entries(answers)) {
    if (seen.has(fieldId)) continue;
    result.push({ fieldId, label: "Removed question", answer: answerText(value), removed: true });
  }
  return result;
}

/** Whether the actor's role may see pay: a task acting for the company (no role) may. */
function seesSalary(actor: Actor): boolean {
  return !actor.role || can(actor.role, "salary.view");
}

/**
 * One application of the company with its job, stage and the job's stages; null otherwise. Answers
 * about pay are left out for a role that may not see salary details (an interviewer, decision 096).
 * Every application page asks it: a prepared statement (decision 100).
 */
export async function getApplicationDetail(db: Queryable, actor: Actor, applicationId: string) {
  if (!isUuid(applicationId)) return null;
  const [row] = await preparedRead(
    db,
    actor,
    "application_detail",
    (actor) =>
      db
        .select({
          id: applications.id,
          candidateId: applications.candidateId,
          candidateName: applications.candidateName,
          candidateEmail: applications.candidateEmail,
          resumeUrl: applications.resumeUrl,
          source: applications.source,
          sourceDetail: applications.sourceDetail,
          formData: applications.formData,
          status: applications.status,
          rejectionReason: applications.rejectionReason,
          rejectedAt: applications.rejectedAt,
          hiredOn: applications.hiredOn,
          createdAt: applications.createdAt,
          privacyNoticeKind: applications.privacyNoticeKind,
          privacyNoticeShown: applications.privacyNoticeShown,
          privacyConsentedAt: applications.privacyConsentedAt,
          talentPoolConsent: applications.talentPoolConsent,
          talentPoolConsentedAt: applications.talentPoolConsentedAt,
          stageId: applications.currentPipelineStageId,
          jobId: jobs.id,
          jobTitle: jobs.title,
          formSchema: jobs.formSchema,
          // The job's stages in their order, in the same statement (a second one was a second round trip).
          stages: sql<{ id: string; name: string }[]>`(
            select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s."order"), '[]'::json)
            from ${pipelineStages} s where s.job_id = ${jobs.id} and ${ownedSql("s", actor)})`,
        })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(and(eq(applications.id, sql.placeholder("applicationId")), owned(applications, actor), seesApplication(applications, actor))),
    { applicationId },
  );
  if (!row) return null;
  const stages = row.stages;
  const formData = row.formData as FormData;
  const answers = customAnswers(row.formSchema, formData);
  return {
    id: row.id,
    candidateId: row.candidateId,
    candidateName: row.candidateName,
    candidateEmail: row.candidateEmail,
    resumeUrl: row.resumeUrl,
    source: row.source,
    sourceDetail: row.sourceDetail,
    coverLetter: formData.cover_letter?.trim() || null,
    answers: seesSalary(actor) ? answers : answers.filter((answer) => !isSalaryQuestion(answer.label)),
    status: row.status,
    rejectionReason: row.rejectionReason,
    rejectedAt: row.rejectedAt?.toISOString() ?? null,
    hiredOn: row.hiredOn,
    createdAt: row.createdAt.toISOString(),
    // What the candidate agreed to as they applied (decision 114); null when staff added or imported them.
    consent:
      row.privacyConsentedAt && row.privacyNoticeKind
        ? {
            noticeKind: row.privacyNoticeKind,
            noticeShown: row.privacyNoticeShown ?? "",
            agreedAt: row.privacyConsentedAt.toISOString(),
            talentPool: row.talentPoolConsent === true,
            talentPoolAt: row.talentPoolConsentedAt?.toISOString() ?? null,
          }
        : null,
    job: { id: row.jobId, title: row.jobTitle },
    stage: stages.find((stage) => stage.id === row.stageId) ?? null,
    stages,
  };
}
