import { type ReactNode, useEffect, useId, useMemo, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessages, FileField, inputStyles } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { applicationSchema, customFieldName, HONEYPOT_FIELD } from "~/schemas/application";
import { CV_ACCEPT, CV_FIELD_LABEL, CV_FIELD_NAME, CV_MESSAGES, type CvFieldSetting } from "~/schemas/cv";
import type { FormField } from "~/schemas/form-field";
import type { FieldErrors } from "~/schemas/parse-form";
import { EEO_SURVEY_TITLE, eeoFieldName, eeoQuestion, type EeoQuestionKey, eeoSurveyExplanation } from "~/schemas/eeo";
import { PRIVACY_CONSENT_FIELD, privacyConsentLabel, TALENT_POOL_FIELD, talentPoolLabel } from "~/schemas/privacy";
import { VISIT_SOURCE_FIELDS, visitSource } from "~/lib/visit-source";

/**
 * The privacy notice beside the consent box (decision 114): a link to the company's page, its own
 * text already rendered from Markdown and sanitised on the server, or the default notice's plain text.
 */
export type ApplyFormNotice = { companyName: string } & ({ kind: "link"; url: string } | { kind: "html"; html: string } | { kind: "text"; text: string });

interface ApplyFormProps {
  fields: FormField[];
  notice: ApplyFormNotice;
  /** Whether the job asks for a CV (decision 083). */
  cvField: CvFieldSetting;
  /** The company's equal-opportunity survey (decision 118): none when it asks none. */
  eeoQuestions?: readonly EeoQuestionKey[];
  errors: FieldErrors | undefined;
  values: Record<string, string> | undefined;
  failure: string | undefined;
}

function Wrapper({ id, label, required, error, children }: { id: string; label: ReactNode; required: boolean; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      <FieldMessages id={id} error={error} />
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-600">
      <span aria-hidden="true">*</span>
      <span className="sr-only"> (required)</span>
    </span>
  );
}

/** One custom field, rendered by its type. */
function CustomField({ field, error, value }: { field: FormField; error?: string; value?: string }) {
  const id = useId();
  const name = customFieldName(field);
  const a11y = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined, "aria-required": field.required || undefined };
  switch (field.type) {
    case "textarea":
      return (
        <Wrapper id={id} label={field.label} required={field.required} error={error}>
          <textarea id={id} name={name} rows={4} placeholder={field.placeholder} defaultValue={value} className={`${inputStyles} mt-1`} {...a11y} />
        </Wrapper>
      );
    case "select":
      return (
        <Wrapper id={id} label={field.label} required={field.required} error={error}>
          <select id={id} name={name} defaultValue={value ?? ""} className={`${inputStyles} mt-1`} {...a11y}>
            <option value="">{field.placeholder || "Select an option"}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Wrapper>
      );
    case "checkbox":
      return (
        <div>
          <div className="flex items-start gap-2">
            <input id={id} type="checkbox" name={name} defaultChecked={value === "on"} className="mt-0.5 size-4 rounded border-slate-300 text-brand-600" {...a11y} />
            <label htmlFor={id} className="text-sm text-slate-700">
              {field.label}
              {field.required ? <RequiredMark /> : null}
            </label>
          </div>
          <FieldMessages id={id} error={error} />
        </div>
      );
    case "radio":
      return (
        <fieldset aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">
            {field.label}
            {field.required ? <RequiredMark /> : null}
          </legend>
          <div className="mt-2 space-y-2">
            {(field.options ?? []).map((option, index) => (
              <label key={option} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" name={name} value={option} defaultChecked={value === option} aria-invalid={error ? true : undefined} className="size-4 border-slate-300 text-brand-600" id={index === 0 ? id : undefined} />
                {option}
              </label>
            ))}
          </div>
          <FieldMessages id={id} error={error} />
        </fieldset>
      );
    default:
      return (
        <Wrapper id={id} label={field.label} required={field.required} error={error}>
          <input id={id} type="text" name={name} placeholder={field.placeholder} defaultValue={value} className={`${inputStyles} mt-1`} {...a11y} />
        </Wrapper>
      );
  }
}

/**
 * The equal-opportunity survey (decision 118): voluntary, said in plain words before the questions,
 * each a list with a blank first choice, so leaving it sends no answer (without JavaScript too).
 */
function EeoSurveyFields({ companyName, questions, errors, values }: { companyName: string; questions: readonly EeoQuestionKey[]; errors: FieldErrors; values: Record<string, string> }) {
  const id = useId();
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5" aria-describedby={`${id}-about`}>
      {/* Floated, so the heading sits inside the box rather than across its border. */}
      <legend className="float-left w-full text-base font-semibold text-slate-900">{EEO_SURVEY_TITLE}</legend>
      <p id={`${id}-about`} className="clear-both pt-1 text-sm text-slate-600">
        {eeoSurveyExplanation(companyName)}
      </p>
      <div className="mt-4 grid items-end gap-4 sm:grid-cols-2">
        {questions.map((key) => {
          const question = eeoQuestion(key);
          const name = eeoFieldName(key);
          const fieldId = `${id}-${key}`;
          const error = errors[name];
          return (
            <Wrapper key={key} id={fieldId} label={question.label} required={false} error={error}>
              <select
                id={fieldId}
                name={name}
                defaultValue={values[name] ?? ""}
                className={`${inputStyles} mt-1`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId}-error` : undefined}
              >
                <option value="">No answer</option>
                {question.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Wrapper>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The consent boxes: agreeing to the privacy notice (required), its label naming the notice (a link,
 * or a text that opens in place, which needs no JavaScript), and staying in the talent pool (optional).
 */
function ConsentFields({ notice, errors, values }: { notice: ApplyFormNotice; errors: FieldErrors; values: Record<string, string> }) {
  const id = useId();
  const error = errors[PRIVACY_CONSENT_FIELD];
  const [before] = privacyConsentLabel(notice.companyName).split("privacy notice");
  return (
    <div className="space-y-3 border-t border-slate-200 pt-5">
      <div>
        <div className="flex items-start gap-2">
          <input
            id={id}
            type="checkbox"
            name={PRIVACY_CONSENT_FIELD}
            defaultChecked={values[PRIVACY_CONSENT_FIELD] === "on"}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-brand-600"
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <label htmlFor={id} className="text-sm text-slate-700">
            {before}
            {notice.kind === "link" ? (
              <a href={notice.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline hover:text-brand-800">
                privacy notice
              </a>
            ) : (
              "privacy notice"
            )}
            <RequiredMark />
          </label>
        </div>
        <FieldMessages id={id} error={error} />
        {notice.kind === "link" ? null : (
          <details className="mt-2 ml-6 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium text-brand-700">Read {notice.companyName}&apos;s privacy notice</summary>
            {notice.kind === "html" ? (
              <div className="job-text mt-2" dangerouslySetInnerHTML={{ __html: notice.html }} />
            ) : (
              <p className="mt-2 whitespace-pre-line">{notice.text}</p>
            )}
          </details>
        )}
      </div>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-pool`}
          type="checkbox"
          name={TALENT_POOL_FIELD}
          defaultChecked={values[TALENT_POOL_FIELD] === "on"}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-brand-600"
        />
        <label htmlFor={`${id}-pool`} className="text-sm text-slate-700">
          {talentPoolLabel(notice.companyName)} <span className="text-slate-500">(optional)</span>
        </label>
      </div>
    </div>
  );
}

const NO_QUESTIONS: readonly EeoQuestionKey[] = [];

/**
 * The application form: candidate_name, candidate_email, resume_url, cover_letter, then the
 * job's custom fields in order, then the equal-opportunity survey when the company asks it, then the
 * consent boxes. Checked in the browser and again by the action.
 */
export function ApplyForm({ fields, notice, cvField, eeoQuestions = NO_QUESTIONS, errors: serverErrors, values = {}, failure }: ApplyFormProps) {
  const schema = useMemo(() => applicationSchema(fields, cvField, eeoQuestions), [fields, cvField, eeoQuestions]);
  const { errors, onSubmit, onChange } = useValidatedForm(schema, serverErrors);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const coverId = useId();
  // After a failed post the browser has forgotten the chosen file: say so beside the field.
  const cvHint = values[CV_FIELD_NAME] ? `${CV_MESSAGES.hint}. ${CV_MESSAGES.chooseAgain}` : CV_MESSAGES.hint;
  // Where the visit came from (decision 079), from the tab's first page: filled in once hydrated.
  const sourceFields = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const source = visitSource();
    for (const input of sourceFields.current?.querySelectorAll("input") ?? []) input.value = source[input.name as keyof typeof source] ?? "";
  }, []);

  return (
    <Form method="post" encType={cvField === "hidden" ? undefined : "multipart/form-data"} noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5">
      {failure ? <Alert title="Your application was not sent">{failure}</Alert> : null}
      <div ref={sourceFields} hidden>
        {VISIT_SOURCE_FIELDS.map((name) => (
          <input key={name} type="hidden" name={name} defaultValue={values[name] ?? ""} />
        ))}
      </div>
      <Field label="Full name" name="candidate_name" autoComplete="name" defaultValue={values.candidate_name} error={errors.candidate_name} required />
      <Field label="Email" name="candidate_email" type="email" autoComplete="email" defaultValue={values.candidate_email} error={errors.candidate_email} required />
      {cvField === "hidden" ? null : (
        <FileField
          label={
            <>
              {CV_FIELD_LABEL}
              {cvField === "required" ? <RequiredMark /> : null}
            </>
          }
          name={CV_FIELD_NAME}
          accept={CV_ACCEPT}
          aria-required={cvField === "required" || undefined}
          error={errors[CV_FIELD_NAME]}
          hint={cvHint}
        />
      )}
      <Field label="Resume URL" name="resume_url" type="url" inputMode="url" placeholder="https://" defaultValue={values.resume_url} error={errors.resume_url} hint="A link to your resume or LinkedIn profile (optional)" />
      <div>
        <label htmlFor={coverId} className="block text-sm font-medium text-slate-700">
          Cover letter
        </label>
        <textarea
          id={coverId}
          name="cover_letter"
          rows={6}
          defaultValue={values.cover_letter}
          className={`${inputStyles} mt-1`}
          aria-invalid={errors.cover_letter ? true : undefined}
          aria-describedby={errors.cover_letter ? `${coverId}-error` : undefined}
        />
        <FieldMessages id={coverId} error={errors.cover_letter} />
      </div>
      {fields.map((field) => (
        <CustomField key={field.id} field={field} error={errors[customFieldName(field)]} value={values[customFieldName(field)]} />
      ))}
      {eeoQuestions.length > 0 ? <EeoSurveyFields companyName={notice.companyName} questions={eeoQuestions} errors={errors} values={values} /> : null}
      <ConsentFields notice={notice} errors={errors} values={values} />
      {/* People never see this; bots that fill every field do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
        {busy ? "Submitting…" : "Submit Application"}
      </Button>
    </Form>
  );
}
