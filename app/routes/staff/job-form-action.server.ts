import { data } from "react-router";
import { applyBuilderIntent, parseBuilderIntent } from "~/features/job-form/builder";
import { type CreateJobData, type JobFormIntent, jobFormIntent, JobFormSchema, jobFormStateFromValues } from "~/schemas/job";
import { formValues, parseForm } from "~/schemas/parse-form";
import { answerDomainError } from "~/server/platform/errors.server";
import { JobWriteError } from "~/server/jobs/jobs.server";

/**
 * The post of the job form, shared by New and Edit. Without JavaScript the builder's buttons post
 * here too and get the changed form back; a real submit is validated and handed to `save` with the
 * button that was pressed (`intent`), which answers the redirect (with its notice) of a success.
 * Failures keep everything typed and answer the error box's message (spec section 8).
 */
export async function handleJobFormPost(
  request: Request,
  save: (input: CreateJobData, intent: JobFormIntent) => Promise<Response>,
  messages: { log: string; fallback: string },
) {
  const values = formValues(await request.formData());
  const state = jobFormStateFromValues(values);
  const intent = parseBuilderIntent(values.intent);
  if (intent) return data({ state: applyBuilderIntent(state, intent), errors: undefined, failure: undefined });

  const parsed = parseForm(JobFormSchema, values);
  if (!parsed.success) return data({ state, errors: parsed.errors, failure: undefined }, { status: 400 });
  try {
    return await save(parsed.data, jobFormIntent(values.intent));
  } catch (error) {
    const answer = answerDomainError(error, {
      notFound: "Job not found",
      unexpected: { log: messages.log, message: (failure) => (failure instanceof JobWriteError ? failure.message : messages.fallback) },
    });
    return data({ state, errors: answer.field === "form" ? undefined : answer.errors, failure: answer.message }, answer.init);
  }
}
