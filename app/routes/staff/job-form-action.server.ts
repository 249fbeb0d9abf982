import { data, redirect } from "react-router";
import { applyBuilderIntent, parseBuilderIntent } from "~/features/job-form/builder";
import { type CreateJobData, JobFormSchema, jobFormStateFromValues } from "~/schemas/job";
import { formValues, parseForm } from "~/schemas/parse-form";
import { answerDomainError } from "~/server/errors.server";
import { JobWriteError } from "~/server/services/jobs.server";

/**
 * The post of the job form, shared by New and Edit. Without JavaScript the builder's buttons post
 * here too and get the changed form back; a real submit is validated and handed to `save`.
 * Failures keep everything typed and answer the error box's message (spec section 8).
 */
export async function handleJobFormPost(
  request: Request,
  save: (input: CreateJobData) => Promise<unknown>,
  messages: { log: string; fallback: string },
) {
  const values = formValues(await request.formData());
  const state = jobFormStateFromValues(values);
  const intent = parseBuilderIntent(values.intent);
  if (intent) return data({ state: applyBuilderIntent(state, intent), errors: undefined, failure: undefined });

  const parsed = parseForm(JobFormSchema, values);
  if (!parsed.success) return data({ state, errors: parsed.errors, failure: undefined }, { status: 400 });
  try {
    await save(parsed.data);
  } catch (error) {
    const answer = answerDomainError(error, {
      notFound: "Job not found",
      unexpected: { log: messages.log, message: (failure) => (failure instanceof JobWriteError ? failure.message : messages.fallback) },
    });
    return data({ state, errors: answer.field === "form" ? undefined : answer.errors, failure: answer.message }, answer.init);
  }
  return redirect("/manage/jobs");
}
