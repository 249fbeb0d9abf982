import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";

/** The errors a form shows, and which of them the schema decides (those are re-checked as the user types). */
interface Shown {
  errors: FieldErrors;
  checked: ReadonlySet<string>;
}

/**
 * The errors to show after the user changed the field `name`: the schema's current verdict
 * (`fresh`) for that field and for every error the schema decides, so a fixed field loses its
 * message at once (and "Passwords do not match" goes when either password is fixed). An error
 * only the server knows ("Current password is incorrect") stays until its own field changes.
 * Typing never adds an error that was not shown: that waits for the next submit.
 */
export function errorsAfterChange(shown: Shown, name: string, fresh: FieldErrors): Shown {
  const errors: FieldErrors = {};
  const checked = new Set(shown.checked);
  for (const [key, message] of Object.entries(shown.errors)) {
    if (key === name || checked.has(key)) {
      if (fresh[key]) errors[key] = fresh[key];
      checked.add(key);
    } else {
      errors[key] = message;
    }
  }
  return { errors, checked };
}

const fromServer = (errors: FieldErrors | undefined): Shown => ({ errors: errors ?? {}, checked: new Set() });

/**
 * Validates a form in the browser with the same schema the action uses, so mistakes show
 * at once; the action validates again and its errors replace these after a round trip.
 * Without JavaScript the form simply posts and the server answers the same messages.
 * Each message goes as soon as its field is fixed (`onChange`, on the form).
 */
export function useValidatedForm(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [shown, setShown] = useState<Shown>(() => fromServer(serverErrors));
  // New errors from the server replace the browser's own.
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (seenServerErrors !== serverErrors) {
    setSeenServerErrors(serverErrors);
    setShown(fromServer(serverErrors));
  }

  function check(form: HTMLFormElement) {
    const result = parseForm(schema, formValues(new FormData(form)));
    return result.success ? {} : result.errors;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const errors = check(event.currentTarget);
    if (Object.keys(errors).length === 0) {
      setShown(fromServer(undefined));
      return;
    }
    event.preventDefault();
    setShown({ errors, checked: new Set(Object.keys(errors)) });
    const first = Object.keys(errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (!name || Object.keys(shown.errors).every((key) => key === "form")) return;
    setShown(errorsAfterChange(shown, name, check(event.currentTarget)));
  }

  return { errors: shown.errors, onSubmit, onChange };
}
