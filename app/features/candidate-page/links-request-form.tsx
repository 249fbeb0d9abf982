import { Form, useNavigation } from "react-router";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { ApplicationLinksRequestSchema } from "~/schemas/candidate-page";
import type { FieldErrors } from "~/schemas/parse-form";

/** What "Email me my links" answers (decision 119). */
export type LinksRequestResult = { ok: true; message: string } | { ok: false; errors: FieldErrors; email: string };

/**
 * "Email me my links": the address the candidate applied with. A plain POST to /my-application, so it
 * works without JavaScript and from any page that shows it (an expired link's among them).
 */
export function LinksRequestForm({ result }: { result: LinksRequestResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/my-application";
  const { errors, onSubmit, onChange } = useValidatedForm(ApplicationLinksRequestSchema, result && !result.ok ? result.errors : undefined);
  if (result?.ok) return <Alert tone="success">{result.message}</Alert>;
  return (
    <Form method="post" action="/my-application" noValidate onSubmit={onSubmit} onChange={onChange} className="grid gap-3 sm:flex sm:items-start">
      <Field
        label="The email address you applied with"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={result && !result.ok ? result.email : ""}
        error={errors.email ?? errors.form}
        className="sm:flex-1"
      />
      <button type="submit" disabled={busy} className="btn btn-primary whitespace-nowrap sm:mt-6">
        {busy ? "Sending…" : "Email me my links"}
      </button>
    </Form>
  );
}
