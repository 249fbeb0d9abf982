import { sql } from "drizzle-orm";
import { suppressSmallGroups } from "~/lib/small-groups";
import { EEO_MIN_GROUP, EEO_QUESTIONS, type EeoQuestionKey } from "~/schemas/eeo";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, ownedSql } from "../platform/tenancy.server";

/**
 * The equal-opportunity report (issue 17, decision 118): the survey's answers of a company's
 * applications made in some months, of every job or one, as totals per question and answer. Only
 * totals leave this module, and every group under five is hidden with the subtraction guard of
 * `suppressSmallGroups`: no row is read, so no answer can be traced to an application.
 */

export interface EeoReportFilters {
  /** Months, `YYYY-MM`, both included. */
  from: string;
  to: string;
  jobId?: string;
}

export interface EeoReportQuestion {
  key: EeoQuestionKey;
  title: string;
  /** Each answer's count, or null when hidden ("Fewer than 5"). */
  groups: { label: string; count: number | null }[];
  /** How many answered it, or null when fewer than five did. */
  total: number | null;
}

export interface EeoReport {
  /** How many applications answered the survey at all, or null when fewer than five did. */
  responses: number | null;
  /** Whether there is anything to show: false when no application answered in these months. */
  any: boolean;
  questions: EeoReportQuestion[];
}

/** The default period: the twelve months up to this one (UTC). */
export function defaultEeoMonths(now = new Date()): { from: string; to: string } {
  const month = (date: Date) => date.toISOString().slice(0, 7);
  return { from: month(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))), to: month(now) };
}

/**
 * The report: one statement counting the responses, and each question's answers, in the company's
 * months (`eeo_responses_company_month_idx`, or `…_company_job_month_idx` with a job). The questions
 * shown are those asked now and any answered in these months.
 */
export async function equalOpportunityReport(db: Queryable, actor: Actor, filters: EeoReportFilters, asked: readonly EeoQuestionKey[]): Promise<EeoReport> {
  const scope = sql`${ownedSql("r", actor)} and r.month between ${`${filters.from}-01`}::date and ${`${filters.to}-01`}::date
    ${filters.jobId ? sql`and r.job_id = ${filters.jobId}` : sql``}`;
  const rows = await queryRows<{ question: string | null; answer: string | null; n: number }>(
    db,
    sql`select null::text as question, null::text as answer, count(*)::int as n from eeo_responses r where ${scope}
        union all
        select q.key, r.answers ->> q.key, count(*)::int
        from eeo_responses r cross join lateral jsonb_object_keys(r.answers) q(key)
        where ${scope}
        group by 1, 2`,
  );
  const responses = rows.find((row) => row.question === null)?.n ?? 0;
  const counts = new Map(rows.filter((row) => row.question !== null).map((row) => [`${row.question} ${row.answer}`, row.n]));
  const answered = new Set(rows.filter((row) => row.question !== null).map((row) => row.question));
  const questions = EEO_QUESTIONS.filter((question) => asked.includes(question.key) || answered.has(question.key)).map((question) => {
    const suppressed = suppressSmallGroups(
      question.options.map((option) => ({ key: option.value, count: counts.get(`${question.key} ${option.value}`) ?? 0 })),
      EEO_MIN_GROUP,
    );
    return {
      key: question.key,
      title: question.title,
      groups: suppressed.groups.map((group, index) => ({ label: question.options[index]!.label, count: group.count })),
      total: suppressed.total,
    };
  });
  return { responses: responses < EEO_MIN_GROUP ? null : responses, any: responses > 0, questions };
}
