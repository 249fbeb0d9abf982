import { sql } from "drizzle-orm";
import { readSalary } from "~/lib/salary";
import { jobPath } from "~/lib/slug";
import { CV_FIELD_LABEL, CV_FIELD_NAME, type CvFieldSetting } from "~/schemas/cv";
import { customFieldName } from "~/schemas/application-messages";
import type { FormField } from "~/schemas/form-field";
import { PRIVACY_CONSENT_FIELD, type PrivacyNotice, privacyConsentLabel, TALENT_POOL_FIELD, talentPoolLabel } from "~/schemas/privacy";
import { EEO_SURVEY_TITLE, eeoFieldName, eeoQuestion, type EeoQuestionKey, eeoSurveyExplanation } from "~/schemas/eeo";
import { jobPostingHtml } from "../job-board/job-text.server";
import { type CareersCompany, POSTING_COLUMNS, type PostingRow, type PublicJob } from "../job-board/queries.server";
import { type Queryable, queryRows } from "../platform/db.server";

/**
 * The public job board API (decision 110): a company's published jobs as JSON, shaped like
 * Greenhouse's Job Board API (`jobs[]` with `id`, `title`, `updated_at`, `location.name`,
 * `absolute_url`, `content`, `departments`, `offices`, `metadata`; a job's `questions` with
 * `fields[].name/type/values`), so integrations written for it map across. Read without a key;
 * a company is named by its careers page address (decision 108).
 */

/** Jobs a list answers at most at once; `page` reads further (Greenhouse answers every job at once). */
export const API_PAGE_SIZE = 500;


const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** One job as the API shows it. */
function apiJob(baseUrl: string, company: Pick<CareersCompany, "name">, row: PostingRow, withContent: boolean) {
  const salary = readSalary({ salaryMin: row.salary_min, salaryMax: row.salary_max, salaryCurrency: row.salary_currency, salaryPeriod: row.salary_period });
  return {
    id: row.id,
    title: row.title,
    updated_at: iso(row.updated_at),
    first_published: iso(row.published_at),
    requisition_id: null,
    location: { name: row.location ?? "" },
    absolute_url: `${baseUrl}${jobPath(row)}`,
    language: "en",
    company_name: company.name,
    departments: row.department ? [{ id: null, name: row.department }] : [],
    offices: [],
    metadata: null,
    employment_type: row.type,
    remote_type: row.remote_type,
    remote_countries: row.remote_countries ?? [],
    salary: salary ? { min: salary.min, max: salary.max, currency: salary.currency, period: salary.period } : null,
    closes_on: row.closes_on,
    featured: row.featured,
    ...(withContent ? { content: jobPostingHtml(row) } : {}),
  };
}


/**
 * A page of a company's published jobs, newest first (from `jobs_company_board_idx`), with the
 * total; `content` adds each job's HTML.
 */
export async function boardJobsAnswer(db: Queryable, baseUrl: string, company: CareersCompany, options: { content: boolean; page: number }) {
  const offset = (options.page - 1) * API_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    queryRows<PostingRow>(
      db,
      sql`select ${POSTING_COLUMNS} from jobs j where j.company_id = ${company.id} and j.status = 'published'
          order by j.published_at desc nulls last, j.id desc nulls last limit ${API_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from jobs j where j.company_id = ${company.id} and j.status = 'published'`),
  ]);
  const total = Number(count?.total ?? 0);
  return {
    jobs: rows.map((row) => apiJob(baseUrl, company, row, options.content)),
    meta: { total, page: options.page, per_page: API_PAGE_SIZE, next_page: offset + rows.length < total ? options.page + 1 : null },
  };
}

/** A question of the apply form, as Greenhouse describes one: a label, whether it is required, and its field(s). */
interface ApiQuestion {
  label: string;
  required: boolean;
  description: string | null;
  fields: { name: string; type: string; values: { label: string; value: string }[] }[];
}

const question = (label: string, required: boolean, name: string, type: string, values: { label: string; value: string }[] = [], description: string | null = null): ApiQuestion => ({
  label,
  required,
  description,
  fields: [{ name, type, values }],
});

const YES_NO = [{ label: "Yes", value: "on" }, { label: "No", value: "" }];

/**
 * The job's apply form as questions: the standard fields, the CV when it asks for one, its own
 * fields in order, then the consent boxes (decision 114), described with the notice they agree to.
 */
export function applyQuestions(formSchema: readonly FormField[], cvField: CvFieldSetting, companyName: string, notice: PrivacyNotice): ApiQuestion[] {
  const questions = [
    question("Full name", true, "candidate_name", "input_text"),
    question("Email", true, "candidate_email", "input_text"),
    ...(cvField === "hidden" ? [] : [question(CV_FIELD_LABEL, cvField === "required", CV_FIELD_NAME, "input_file", [], "PDF, DOCX, ODT, RTF or TXT, at most 10 MB")]),
    question("Resume URL", false, "resume_url", "input_text", [], "A link to a resume or LinkedIn profile"),
    question("Cover letter", false, "cover_letter", "textarea"),
  ];
  for (const field of [...formSchema].sort((a, b) => a.order - b.order)) {
    const name = customFieldName(field);
    if (field.type === "select" || field.type === "radio") {
      questions.push(question(field.label, field.required, name, "multi_value_single_select", (field.options ?? []).map((option) => ({ label: option, value: option }))));
    } else if (field.type === "checkbox") {
      questions.push(question(field.label, field.required, name, "multi_value_single_select", YES_NO));
    } else {
      questions.push(question(field.label, field.required, name, field.type === "textarea" ? "textarea" : "input_text"));
    }
  }
  const noticeText = notice.kind === "link" ? `The privacy notice: ${notice.url}` : notice.text;
  questions.push(
    question(privacyConsentLabel(companyName), true, PRIVACY_CONSENT_FIELD, "multi_value_single_select", YES_NO, noticeText),
    question(talentPoolLabel(companyName), false, TALENT_POOL_FIELD, "multi_value_single_select", YES_NO),
  );
  return questions;
}

/**
 * The job's consent, as Greenhouse's `data_compliance` describes it (one "gdpr" entry): consent to
 * the processing is required, to keeping the candidate for future roles it is asked but optional.
 * `fields` names the questions that carry each answer; `privacy_notice` is the notice agreed to.
 */
function dataCompliance(notice: PrivacyNotice) {
  return [
    {
      type: "gdpr",
      requires_consent: true,
      requires_processing_consent: true,
      requires_retention_consent: false,
      retention_period: null,
      demographic_data_consent_applies: false,
      fields: { processing_consent: PRIVACY_CONSENT_FIELD, retention_consent: TALENT_POOL_FIELD },
      privacy_notice: notice.kind === "link" ? { kind: "link", url: notice.url, text: null } : { kind: notice.kind, url: null, text: notice.text },
    },
  ];
}

/**
 * The company's equal-opportunity survey (decision 118), as Greenhouse's `demographic_questions`: a
 * header, the plain-words explanation, and each question (never required) with its answers, whose
 * `value` is what to send in the question's field (`eeo.gender`). Null when the company asks none.
 */
function demographicQuestions(companyName: string, asked: readonly EeoQuestionKey[]) {
  if (asked.length === 0) return null;
  return {
    header: EEO_SURVEY_TITLE,
    description: eeoSurveyExplanation(companyName),
    questions: asked.map((key) => {
      const { label, options } = eeoQuestion(key);
      return question(label, false, eeoFieldName(key), "multi_value_single_select", options.map((option) => ({ label: option.label, value: option.value })));
    }),
  };
}

/** One published job of the company with its content and its apply form's questions, or null. */
export function boardJobAnswer(baseUrl: string, company: CareersCompany, job: PublicJob) {
  if (job.companyId !== company.id || job.status !== "published") return null;
  const row: PostingRow = {
    id: job.id,
    title: job.title,
    description: job.description,
    requirements: job.requirements,
    location: job.location,
    type: job.type,
    remote_type: job.remoteType,
    remote_countries: job.remoteCountries,
    department: job.department,
    featured: job.featured,
    salary_min: job.salaryMin,
    salary_max: job.salaryMax,
    salary_currency: job.salaryCurrency,
    salary_period: job.salaryPeriod,
    closes_on: job.closesOn,
    published_at: job.publishedAt,
    updated_at: job.updatedAt,
  };
  return {
    ...apiJob(baseUrl, company, row, true),
    questions: applyQuestions(job.formSchema, job.cvField, job.companyName, job.privacyNotice),
    data_compliance: dataCompliance(job.privacyNotice),
    demographic_questions: demographicQuestions(job.companyName, job.eeoQuestions),
    apply_url: `${baseUrl}/api/v1/boards/${company.slug}/jobs/${job.id}/applications`,
  };
}

/** The API's one error shape (decision 110): a code, a message, and messages per field when a form was refused. */
export function apiError(code: string, message: string, fields?: Partial<Record<string, string>>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}
