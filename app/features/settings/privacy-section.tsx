import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, TextAreaField } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { PRIVACY_TEXT_MAX, PRIVACY_URL_MAX, PrivacySettingsSchema, privacyConsentLabel } from "~/schemas/privacy";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { EeoSurveySection, type EeoSurveyData } from "./eeo-survey-section";
import { RetentionSection, type RetentionData } from "./retention-section";
import { SettingsSection, SettingsSubsection, useSubmitting } from "./settings-section";

export interface PrivacyData {
  companyName: string;
  kind: "default" | "link" | "text";
  url: string | null;
  text: string | null;
  defaultText: string;
}

const KINDS = [
  { kind: "default", label: "The default notice", hint: "A short notice written from your company's name, shown below." },
  { kind: "link", label: "A link to your own notice", hint: "Your privacy page on your website, opened from the apply form." },
  { kind: "text", label: "Your own text", hint: "Shown on the apply form, folded under the box until opened. Markdown works here." },
] as const;

/**
 * Settings › Privacy (decision 114): the privacy notice the apply form shows beside the box candidates
 * must tick. The link and the text are both kept, so switching between them loses neither.
 */
export function PrivacySection({
  privacy,
  retention,
  eeoSurvey,
  answer,
}: {
  privacy: PrivacyData;
  retention: RetentionData;
  eeoSurvey: EeoSurveyData;
  answer?: SettingsAnswer;
}) {
  const { errors, onSubmit, onChange } = useValidatedForm(PrivacySettingsSchema, errorsFor(answer, "privacy"));
  const busy = useSubmitting("privacy");
  const values = valuesFor(answer, "privacy");
  const chosen = values?.kind ?? privacy.kind;
  return (
    <div className="space-y-6">
      <SettingsSection
        id="privacy"
        title="Privacy notice"
        description={`Candidates agree to it as they apply: the apply form's required box reads “${privacyConsentLabel(privacy.companyName)}”. Each application keeps the notice it was sent with.`}
      >
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5">
          <input type="hidden" name="intent" value="privacy" />
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Which notice the apply form shows</legend>
            <div className="mt-2 space-y-2">
              {KINDS.map((item) => (
                <label key={item.kind} className="flex items-start gap-2 text-sm">
                  <input type="radio" name="kind" value={item.kind} defaultChecked={chosen === item.kind} className="mt-0.5 size-4 shrink-0 border-slate-300 text-brand-600" />
                  <span>
                    <span className="font-medium text-slate-900">{item.label}</span>
                    <span className="block text-slate-600">{item.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.kind ? <p className="mt-1 text-sm text-red-600">{errors.kind}</p> : null}
          </fieldset>
          <Field
            label="Link to your privacy notice"
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={PRIVACY_URL_MAX}
            defaultValue={values?.url ?? privacy.url ?? ""}
            error={errors.url}
            hint="Used when a link is chosen: an https:// address"
          />
          <TextAreaField
            label="Your privacy notice"
            name="text"
            rows={8}
            maxLength={PRIVACY_TEXT_MAX}
            defaultValue={values?.text ?? privacy.text ?? ""}
            error={errors.text}
            hint="Used when your own text is chosen: who you are, what you keep, why, for how long, and how candidates reach you"
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save privacy notice"}
          </Button>
        </Form>
        <div className="mt-6">
          <SettingsSubsection title="The default notice">
            <p className="text-sm whitespace-pre-line text-slate-700">{privacy.defaultText}</p>
            <p className="mt-2 text-xs text-slate-500">
              See it as candidates do on any of your <Link to="/manage/jobs" className="font-medium text-brand-700 hover:text-brand-800">published jobs</Link>&apos; apply pages.
            </p>
          </SettingsSubsection>
        </div>
      </SettingsSection>
      <RetentionSection retention={retention} answer={answer} />
      <EeoSurveySection survey={eeoSurvey} answer={answer} />
    </div>
  );
}
