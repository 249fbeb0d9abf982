import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { LocalDate } from "~/components/ui/local-date";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { RETENTION_MONTHS, RetentionSettingsSchema, TALENT_POOL_RETENTION_MONTHS } from "~/schemas/retention";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, useSubmitting } from "./settings-section";

export interface RetentionData {
  retentionMonths: number | null;
  talentPoolMonths: number | null;
  /** The next daily run, and how many candidates it anonymises. */
  nextRun: string;
  due: number;
}

const monthsLabel = (months: number) => `${months} months`;

/**
 * Settings › Privacy › Retention (decision 117): how long candidates are kept after their last
 * application closes, how long the talent pool is kept, and what the next daily run will anonymise.
 */
export function RetentionSection({ retention, answer }: { retention: RetentionData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(RetentionSettingsSchema, errorsFor(answer, "retention"));
  const busy = useSubmitting("retention");
  const values = valuesFor(answer, "retention");
  return (
    <SettingsSection
      id="retention"
      title="Retention"
      description="How long you keep candidates once their last application has closed (rejected, withdrawn or hired). Then they are anonymised for good: their applications stay in your reports, without anything that names them."
    >
      <div className="space-y-4">
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700" aria-live="polite">
          {retention.retentionMonths === null ? (
            "Candidates are kept until you erase them."
          ) : (
            <>
              {retention.due === 0 ? "No candidates" : retention.due === 1 ? "1 candidate" : `${retention.due.toLocaleString("en-US")} candidates`} will be
              anonymised on <LocalDate value={retention.nextRun} withTime />.
            </>
          )}
        </p>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
          <input type="hidden" name="intent" value="retention" />
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Keep candidates for"
              name="retentionMonths"
              defaultValue={values?.retentionMonths ?? (retention.retentionMonths === null ? "" : String(retention.retentionMonths))}
              error={errors.retentionMonths}
              hint="After their last application closes"
              options={[{ value: "", label: "Until erased by hand" }, ...RETENTION_MONTHS.map((months) => ({ value: String(months), label: monthsLabel(months) }))]}
            />
            <SelectField
              label="Candidates in your talent pool"
              name="talentPoolMonths"
              defaultValue={values?.talentPoolMonths ?? (retention.talentPoolMonths === null ? "" : String(retention.talentPoolMonths))}
              error={errors.talentPoolMonths}
              hint="Those who ticked “keep me in your talent pool” when applying"
              options={[
                { value: "", label: "The same as everyone" },
                ...TALENT_POOL_RETENTION_MONTHS.map((months) => ({ value: String(months), label: monthsLabel(months) })),
              ]}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save retention"}
          </Button>
        </Form>
      </div>
    </SettingsSection>
  );
}
