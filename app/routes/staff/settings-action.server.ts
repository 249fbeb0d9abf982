import { data } from "react-router";
import type { SettingsAnswer, SettingsForm } from "~/features/settings/settings-answer";
import { echoFormValues } from "~/lib/form-echo";
import type { FieldErrors } from "~/schemas/parse-form";
import { cookieHeaders, type Staff } from "~/server/accounts/session.server";
import type { Database } from "~/server/platform/db.server";
import { answerDomainError, onField } from "~/server/platform/errors.server";
import { type NoticeCode, redirectWithNotice } from "~/server/platform/notice.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";

// How the Settings actions answer, the same on each section's page (decision 057). Each route
// module reads its own form fields and handles only its own intents.

/** Back to the section's page saying what was done; `cookies` are a changed session's, sent beside the notice. */
export function settingsSaved(path: string, notice: NoticeCode, cookies: string[] = []): Response {
  return redirectWithNotice(path, notice, { headers: cookieHeaders(cookies) });
}

/** A form's errors beside its fields (400 unless `init` says otherwise), with what it may show again. */
export function settingsInvalid(form: SettingsForm, errors: FieldErrors, values?: Record<string, string>, init: ResponseInit = { status: 400 }) {
  return data<SettingsAnswer>({ form, errors, values }, init);
}

/**
 * A service's refusal (a domain error) on its form; a missing row is thrown as a 404 and anything
 * else rethrown (`answerDomainError`). Only the form's own fields are shown again, never a password.
 */
export function settingsRefused(form: SettingsForm, error: unknown, echo?: { values: Record<string, string>; limits: ReadonlyMap<string, number> }) {
  const answer = answerDomainError(error);
  return settingsInvalid(form, answer.errors, echo ? echoFormValues(echo.values, echo.limits) : undefined, answer.init);
}

/** An intent this section has no form for (another section's, or none): a 400 to the error boundary, nothing done. */
export function unknownSettingsIntent(): never {
  throw data("Unknown action", { status: 400 });
}

/**
 * Re-entering the password is limited per account like sign-in, so a stolen session cannot guess the
 * password (and then turn two-factor authentication off). The answer goes next to the password field.
 */
export async function limitPasswordAttempts(db: Database, staff: Staff, field: string): Promise<void> {
  try {
    await consumeRateLimit(db, RATE_LIMITS.passwordConfirmAccount, staff.userId);
  } catch (error) {
    throw onField(error, field);
  }
}
