import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";

/**
 * Validates a form in the browser with the same schema the action uses, so mistakes show
 * at once; the action validates again and its errors replace these after a round trip.
 * Without JavaScript the form simply posts and the server answers the same messages.
 */
export function useValidatedForm(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>(undefined);
  // New errors from the server replace the browser's own.
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (seenServerErrors !== serverErrors) {
    setSeenServerErrors(serverErrors);
    setClientErrors(undefined);
  }
  const errors = clientErrors ?? serverErrors ?? {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = parseForm(schema, formValues(new FormData(event.currentTarget)));
    if (result.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
    const first = Object.keys(result.errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  return { errors, onSubmit };
}
