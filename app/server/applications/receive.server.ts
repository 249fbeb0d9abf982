import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { APPLICATION_MESSAGES, applicationSchema, HONEYPOT_FIELD } from "~/schemas/application";
import type { ApplicationSource } from "~/schemas/application-source";
import { CV_FIELD_NAME, type CvFieldSetting } from "~/schemas/cv";
import type { EeoQuestionKey } from "~/schemas/eeo";
import { shownPrivacyNotice } from "~/schemas/privacy";
import type { FormField } from "~/schemas/form-field";
import { type FieldErrors, parseForm } from "~/schemas/parse-form";
import { type FormWithCv, readFormWithCv } from "../cvs/cv-upload.server";
import { cachedValue } from "../job-board/cache.server";
import { getPublicJob, type PublicJob } from "../job-board/queries.server";
import { applicationEmailWorker } from "../mail/candidate-emails.server";
import { appMailer } from "../mail/mailer.server";
import type { Database } from "../platform/db.server";
import { answerDomainError, type DomainErrorCode } from "../platform/errors.server";
import { RATE_LIMITS } from "../platform/rate-limit.server";
import { NOT_ACCEPTING_MESSAGE, submitApplication } from "./apply.server";

/**
 * An application as a request brings it, by the job's apply form or by the public API (decision
 * 110): one way in, so both check the same schema, limits (size, CV, rate) and honeypot, and queue
 * the same emails. Each caller answers the outcome in its own shape.
 */
export type ReceivedApplication =
  | { outcome: "applied"; job: PublicJob }
  /** The honeypot was filled: a bot. Answer as if it had applied; nothing is stored. */
  | { outcome: "ignored" }
  | {
      outcome: "refused";
      /** The refusal's code in the one error table (decision 053); the status is its. */
      code: DomainErrorCode | "UNEXPECTED";
      init: { status: number; headers: Record<string, string> };
      /** Messages on fields (the form shows them beside each). */
      errors?: FieldErrors;
      /** A message for the whole form. */
      failure?: string;
      /** What the form may show again: its own fields, none longer than its maximum. */
      values: Record<string, string>;
    };

type ReceivedRefusal = Extract<ReceivedApplication, { outcome: "refused" }>;

export interface ReceiveOptions {
  jobId: string;
  /** Who sends it, for the per-client rate limit. */
  clientIp: string;
  /** Where it came from (decision 079), from the submitted fields. */
  sourceOf(submitted: Record<string, string>): ApplicationSource;
  /** Only this company's jobs (the public API's board); any company's when absent. */
  companyId?: string;
}

export async function receiveApplication(db: Database, request: Request, options: ReceiveOptions): Promise<ReceivedApplication> {
  const refused = (code: ReceivedRefusal["code"], status: number, failure: string, headers: Record<string, string> = {}): ReceivedRefusal => ({
    outcome: "refused",
    code,
    init: { status, headers },
    failure,
    values: {},
  });
  // The job's form and status for validation, read through the board cache; submitApplication
  // checks the status again in its own statement.
  const job = await cachedValue(`apply-job ${options.jobId}`, () => getPublicJob(db, options.jobId));
  if (!job || (options.companyId && job.companyId !== options.companyId)) return refused("NOT_FOUND", 404, "Job not found");
  if (job.status !== "published") return refused("CLOSED", 410, NOT_ACCEPTING_MESSAGE);
  // The text fields, and the CV (when the job asks for one) streamed to a temporary file and
  // checked by its bytes (decision 083).
  let form: FormWithCv;
  try {
    form = await readFormWithCv(request, { acceptCv: job.cvField !== "hidden" });
  } catch (error) {
    // A form too large to read, or not a form: nothing came through to keep.
    const answer = answerDomainError(error, { unexpected: { log: "Error reading an application:", message: APPLICATION_MESSAGES.fallback } });
    return refused(answer.code, answer.init.status, answer.message, answer.init.headers);
  }
  try {
    const submitted = form.values;
    if (submitted[HONEYPOT_FIELD]) return { outcome: "ignored" };
    const { schema, maxLengths } = applicationSchemaOf(job.formSchema, job.cvField, job.eeoQuestions);
    // Whether a file had been chosen is kept too (the browser forgets it: the field says so).
    const values = { ...echoFormValues(submitted, maxLengths), ...(submitted[CV_FIELD_NAME] ? { [CV_FIELD_NAME]: submitted[CV_FIELD_NAME] } : {}) };
    const parsed = parseForm(schema, submitted);
    if (!parsed.success || form.cvError) {
      const errors = { ...(parsed.success ? {} : parsed.errors), ...(form.cvError ? { [CV_FIELD_NAME]: form.cvError } : {}) };
      return { outcome: "refused", code: "INVALID", init: { status: 400, headers: {} }, errors, values };
    }
    try {
      await submitApplication(db, {
        jobId: job.id,
        application: parsed.data,
        // What the form showed (the same cached job, so the same notice), which the candidate agreed to.
        notice: shownPrivacyNotice(job.privacyNotice),
        source: options.sourceOf(submitted),
        rateLimit: { rule: RATE_LIMITS.apply, subject: options.clientIp },
        cv: form.cv,
      });
    } catch (error) {
      // Spec section 8: "Job not found", "Failed to get pipeline stage" and the fallback are the form's own messages.
      const answer = answerDomainError(error, {
        answerNotFound: true,
        unexpected: { log: "Error submitting application:", message: APPLICATION_MESSAGES.fallback },
      });
      const onField = answer.field !== "form";
      return { outcome: "refused", code: answer.code, init: answer.init, values, ...(onField ? { errors: answer.errors } : { failure: answer.message }) };
    }
  } finally {
    await form.cv?.dispose();
  }
  // The application's statement queued its emails (the candidate's confirmation and the staff
  // notifications): the worker writes and sends them in the background, never delaying the answer.
  applicationEmailWorker(db, appMailer()).kick();
  return { outcome: "applied", job };
}

/**
 * The apply schema of a job's form, built once per form: the board cache hands out the same job
 * (and so the same form array) for a few seconds, and building a zod schema costs more than using it.
 */
interface ApplySchema {
  schema: ReturnType<typeof applicationSchema>;
  maxLengths: ReadonlyMap<string, number>;
}

/** By the job's form, then its CV setting and the survey's questions (decision 118). */
const schemaCache = new WeakMap<readonly FormField[], Map<string, ApplySchema>>();

export function applicationSchemaOf(formSchema: readonly FormField[], cvField: CvFieldSetting, eeoQuestions: readonly EeoQuestionKey[] = []): ApplySchema {
  let byOptions = schemaCache.get(formSchema);
  if (!byOptions) schemaCache.set(formSchema, (byOptions = new Map()));
  const key = `${cvField} ${eeoQuestions.join(",")}`;
  let cached = byOptions.get(key);
  if (!cached) {
    const schema = applicationSchema(formSchema, cvField, eeoQuestions);
    cached = { schema, maxLengths: maxLengthsOf(schema) };
    byOptions.set(key, cached);
  }
  return cached;
}
