import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Field, SelectField } from "~/components/ui/field";
import { JOB_ALERT_FREQUENCIES, JOB_ALERT_FREQUENCY_LABELS } from "~/schemas/job-alerts";
import type { FieldErrors } from "~/schemas/parse-form";

/** What the job alert action answers (decision 111). */
export type JobAlertActionData = { ok: true; message: string } | { ok: false; errors: FieldErrors; email: string; frequency: string };

const FREQUENCY_OPTIONS = JOB_ALERT_FREQUENCIES.map((value) => ({ value, label: JOB_ALERT_FREQUENCY_LABELS[value] }));

/**
 * "Get job alerts" for the search and filters a page shows: a plain POST to the page (its address
 * keeps the search, so the page answers with the same list), carrying them in hidden fields. Works
 * without JavaScript; the answer replaces the form with its message.
 */
export function JobAlertForm({
  action,
  description,
  search,
  result,
}: {
  /** The page's address with its search and filters. */
  action: string;
  /** What the alert will match, in words. */
  description: string;
  /** The search and filters as the form's hidden fields. */
  search: Record<string, string>;
  result: JobAlertActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "job-alert";
  const errors = result && !result.ok ? result.errors : {};
  return (
    <section aria-labelledby="job-alert-title" className="rounded-xl border border-brand-100 bg-brand-50/60 p-4">
      <h2 id="job-alert-title" className="text-base font-semibold text-slate-900">
        Get job alerts
      </h2>
      <p className="mt-1 text-sm font-medium text-slate-900">{description}</p>
      <p className="mt-0.5 text-sm text-slate-600">By email, only when there are new jobs. Unsubscribe at any time.</p>
      {result?.ok ? (
        <div className="mt-3">
          <Alert tone="success">{result.message}</Alert>
        </div>
      ) : (
        <Form method="post" action={action} noValidate preventScrollReset className="mt-3 grid grid-cols-[1fr_auto] items-start gap-3 sm:flex">
          <input type="hidden" name="intent" value="job-alert" />
          {Object.entries(search).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={result && !result.ok ? result.email : ""}
            error={errors.email ?? errors.form}
            className="col-span-2 sm:flex-1"
          />
          <SelectField
            label="How often"
            name="frequency"
            options={FREQUENCY_OPTIONS}
            defaultValue={result && !result.ok ? result.frequency : "daily"}
            error={errors.frequency}
            className="sm:w-36"
          />
          <button type="submit" disabled={busy} className="btn btn-primary mt-6 whitespace-nowrap">
            {busy ? "Sending…" : "Get job alerts"}
          </button>
        </Form>
      )}
    </section>
  );
}
