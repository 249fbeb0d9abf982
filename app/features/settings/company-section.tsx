import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { CompanySettingsSchema } from "~/schemas/settings";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, useSubmitting } from "./settings-section";

export interface CompanyData {
  name: string;
  website: string;
  /** Only the owner edits the company's details; everyone else reads them. */
  isOwner: boolean;
}

/** Settings › Company: the name and website candidates see on every job page. */
export function CompanySection({ company, answer }: { company: CompanyData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(CompanySettingsSchema, errorsFor(answer, "company"));
  const busy = useSubmitting("company");
  const values = valuesFor(answer, "company");
  const readOnly = !company.isOwner;
  return (
    <SettingsSection id="company" title="Company" description="Shown to candidates on your job postings.">
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
        <input type="hidden" name="intent" value="company" />
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        {readOnly ? <Alert tone="info">Only your company&apos;s owner can change these details.</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Company name" name="companyName" autoComplete="organization" defaultValue={values?.companyName ?? company.name} error={errors.companyName} disabled={readOnly} required />
          <Field label="Website" name="website" type="url" inputMode="url" placeholder="https://example.com" defaultValue={values?.website ?? company.website} error={errors.website} disabled={readOnly} />
        </div>
        {readOnly ? null : (
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save company"}
          </Button>
        )}
      </Form>
    </SettingsSection>
  );
}
