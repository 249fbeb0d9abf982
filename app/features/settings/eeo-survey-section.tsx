import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { EEO_QUESTIONS, EEO_SURVEY_TITLE, type EeoQuestionKey, eeoSettingName, EeoSurveySettingsSchema } from "~/schemas/eeo";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, useSubmitting } from "./settings-section";

export interface EeoSurveyData {
  enabled: boolean;
  /** The questions chosen (kept while the survey is off). */
  questions: EeoQuestionKey[];
}

/**
 * Settings › Privacy › Equal-opportunity survey (decision 118): off by default; when on, the apply
 * form asks the questions ticked here, every one optional. The answers are kept apart from the
 * applications and reported only in totals, with groups under five hidden.
 */
export function EeoSurveySection({ survey, answer }: { survey: EeoSurveyData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(EeoSurveySettingsSchema, errorsFor(answer, "eeo-survey"));
  const busy = useSubmitting("eeo-survey");
  const values = valuesFor(answer, "eeo-survey");
  const enabled = values ? values.enabled === "on" : survey.enabled;
  const asked = (key: EeoQuestionKey) => (values ? values[eeoSettingName(key)] === "on" : survey.questions.includes(key));
  return (
    <SettingsSection
      id="eeo-survey"
      title="Equal-opportunity survey"
      description="Ask candidates, voluntarily, a few questions about who they are, to check that your hiring is fair. Their answers are kept apart from their applications with nothing that names them, are never shown to your hiring team, and are reported to admins only as totals, with any group under five hidden."
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5">
        <input type="hidden" name="intent" value="eeo-survey" />
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="enabled" defaultChecked={enabled} className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-brand-600" />
          <span>
            <span className="font-medium text-slate-900">Ask the survey on every apply form</span>
            <span className="block text-slate-600">
              After the job&apos;s own questions, under the heading “{EEO_SURVEY_TITLE}”. Every question can be left blank.
            </span>
          </span>
        </label>
        <fieldset aria-describedby={errors.questions ? "eeo-questions-error" : undefined}>
          <legend className="text-sm font-medium text-slate-900">Questions to ask</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {EEO_QUESTIONS.map((question) => (
              <label key={question.key} className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm">
                <input
                  type="checkbox"
                  name={eeoSettingName(question.key)}
                  defaultChecked={asked(question.key)}
                  aria-invalid={errors.questions ? true : undefined}
                  className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-brand-600"
                />
                <span>
                  <span className="font-medium text-slate-900">{question.title}</span>
                  <span className="block text-slate-600">{question.options.map((option) => option.label).join(" · ")}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.questions ? (
            <p id="eeo-questions-error" className="mt-1 text-sm text-red-600">
              {errors.questions}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save survey"}
          </Button>
          <Link to="/reports/equal-opportunity" className="text-sm font-medium text-brand-700 hover:text-brand-800">
            See the report
          </Link>
        </div>
      </Form>
    </SettingsSection>
  );
}
