import type { FieldErrors } from "~/schemas/parse-form";

/** Which form an answer belongs to, so a page with several forms (Security) shows each only its own errors. */
export type SettingsForm = "profile" | "availability" | "blocked-time" | "calendar-mine" | "calendar-company" | "company" | "password" | "2fa-start" | "2fa-confirm" | "2fa-disable" | "sessions" | "team" | "hiring" | "careers" | "privacy" | "retention" | "eeo-survey" | "api-keys" | "webhook";

/** What a Settings action answers when it does not redirect: a form's errors, or a step of two-factor enrolment. */
export interface SettingsAnswer {
  form: SettingsForm;
  errors?: FieldErrors;
  /** What was typed, sent back after a failure: only the form's own fields, none over its maximum. */
  values?: Record<string, string>;
  enrolment?: { qrDataUrl: string; manualKey: string; totpUri: string; recoveryCodes: string[] };
  recoveryCodes?: string[];
  /** A calendar feed's address, just made or reset: shown once, as only its hash is kept (decision 102). */
  calendarUrl?: string;
  /** An API key just made: shown once, as only its hash is kept (decision 112). */
  apiKey?: { name: string; key: string };
}

export function errorsFor(answer: SettingsAnswer | undefined, form: SettingsForm) {
  return answer?.form === form ? answer.errors : undefined;
}

export function valuesFor(answer: SettingsAnswer | undefined, form: SettingsForm) {
  return answer?.form === form ? answer.values : undefined;
}
