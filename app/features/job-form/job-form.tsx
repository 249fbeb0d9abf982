import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, inputStyles, SelectField, TextAreaField } from "~/components/ui/field";
import { NamedOptions } from "~/components/ui/options";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { jobTypeLabel, remoteTypeLabel } from "~/lib/job-labels";
import { CV_FIELD_LABELS, CV_FIELD_SETTINGS } from "~/schemas/cv";
import { FIELD_TYPES_WITH_OPTIONS, FORM_FIELD_TYPES, type FormFieldType } from "~/schemas/form-field";
import { ENTRY_DELAY_HOURS, fieldErrorIndexes, JOB_TYPES, type JobFormIntent, JobFormSchema, type JobFormState, jobFormStateFromValues, REMOTE_TYPES, SALARY_PERIODS } from "~/schemas/job";
import { type FieldErrors, formValues } from "~/schemas/parse-form";
import { SUGGESTED_CURRENCIES } from "~/schemas/salary";
import { applyBuilderIntent, parseBuilderIntent } from "./builder";

/** What the description and requirements take (decision 107). */
const MARKDOWN_HINT = "Markdown works here: ## headings, - lists, **bold**, *italic*, [links](https://example.com)";

/** A saved stage and how many candidates it holds (editing only). */
export interface SavedStage {
  id: string;
  name: string;
  applications: number;
}

/** One submit button of the form: Create Job, Save as draft, Save Changes. */
export interface JobFormSubmit {
  intent: JobFormIntent;
  label: string;
  busyLabel: string;
  variant?: "primary" | "secondary";
}

interface JobFormProps {
  initial: JobFormState;
  errors: FieldErrors | undefined;
  /** The failure of the last save, shown in the error box at the top. */
  failure: string | undefined;
  failureTitle: string;
  /** The form's submit buttons, in order (the last is the main one); each posts its `intent`. */
  submits: readonly JobFormSubmit[];
  /** What Enter in a text box does: the intent of the hidden first submit button. */
  defaultIntent: JobFormIntent;
  cancelTo: string;
  savedStages?: readonly SavedStage[];
  /** The company's templates, for the stages' automatic emails (decision 095). */
  templates?: readonly { id: string; name: string }[];
}

/** "full-time" → "Full-time". */
function capitalise(value: string): string {
  return value ? value[0]!.toUpperCase() + value.slice(1) : value;
}

const options = (values: readonly string[], blank?: string, label: (value: string) => string = capitalise) => [
  ...(blank ? [{ value: "", label: blank }] : []),
  ...values.map((value) => ({ value, label: label(value) })),
];

/**
 * The post-job and edit-job form: the job's fields (spec section 3), the custom application
 * form builder and the pipeline-stage builder. It works without JavaScript: the builder's
 * buttons then post an `intent` and the action answers the changed form.
 */
/** When a stage's email on entry leaves (hours after the candidate enters it). */
const ENTRY_DELAY_OPTIONS = ENTRY_DELAY_HOURS.map((hours) => ({
  value: String(hours),
  label: hours === 0 ? "At once" : hours < 24 ? `${hours} ${hours === 1 ? "hour" : "hours"} later` : `${hours / 24} ${hours === 24 ? "day" : "days"} later`,
}));

/** ↑ or ↓ of a stage row: a builder button (`move-stage-up:<index>`), so it works by keyboard and without JavaScript. */
function StageMoveButton({ index, direction, disabled, onClick }: { index: number; direction: "up" | "down"; disabled: boolean; onClick: (event: MouseEvent<HTMLButtonElement>) => void }) {
  return (
    <button
      type="submit"
      name="intent"
      value={`move-stage-${direction}:${index}`}
      onClick={onClick}
      formNoValidate
      disabled={disabled}
      data-move={direction}
      aria-label={`Move stage ${index + 1} ${direction}`}
      className="inline-flex size-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
    </button>
  );
}

export function JobForm({ initial, errors: serverErrors, failure, failureTitle, submits, defaultIntent, cancelTo, savedStages = [], templates = [] }: JobFormProps) {
  const [state, setState] = useState(initial);
  const { errors, onSubmit, onChange } = useValidatedForm(JobFormSchema, serverErrors);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const busyIntent = busy ? navigation.formData?.get("intent") : undefined;
  const top = useRef<HTMLDivElement>(null);

  // The spec: a failed create shows its box and scrolls the page to the top.
  useEffect(() => {
    if (failure) top.current?.scrollIntoView({ block: "start" });
  }, [failure]);

  /** The stage whose move button was pressed: focus follows it to its new place. */
  const movedStage = useRef<{ key: string; direction: "up" | "down" } | null>(null);
  useEffect(() => {
    const moved = movedStage.current;
    if (!moved) return;
    movedStage.current = null;
    const row = top.current?.querySelector(`[data-stage-key="${CSS.escape(moved.key)}"]`);
    // At either end the pressed button is disabled: the other one takes the focus.
    const button =
      row?.querySelector<HTMLButtonElement>(`button[data-move="${moved.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>("button[data-move]:not(:disabled)");
    button?.focus();
  }, [state.stages]);

  function onBuilderClick(event: MouseEvent<HTMLButtonElement>) {
    const intent = parseBuilderIntent(event.currentTarget.value);
    if (!intent) return;
    event.preventDefault();
    // The stages as typed so far (names and descriptions are not kept in state while typing), so a
    // new stage finds the Hired and Rejected the form shows now.
    const typed = event.currentTarget.form ? jobFormStateFromValues(formValues(new FormData(event.currentTarget.form))).stages : null;
    if (intent.type === "move-stage-up" || intent.type === "move-stage-down") {
      const key = (typed ?? state.stages)[intent.index]?.key;
      movedStage.current = key ? { key, direction: intent.type === "move-stage-up" ? "up" : "down" } : null;
    }
    setState((current) => applyBuilderIntent(typed && intent.type.endsWith("stage") ? { ...current, stages: typed } : current, intent));
  }

  const errorIndexes = fieldErrorIndexes(state.fields);
  const keptSavedIds = new Set(state.stages.map((stage) => stage.id).filter(Boolean));
  const removedWithCandidates = savedStages.filter((stage) => !keptSavedIds.has(stage.id) && stage.applications > 0);
  const moveTargets = state.stages.filter((stage) => stage.id && stage.name.trim() !== "");

  return (
    <div ref={top} className="scroll-mt-6">
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-8">
        {/* Enter in a text box presses the first submit button: make that one the safe save (a draft, for a new job). */}
        <button type="submit" name="intent" value={defaultIntent} tabIndex={-1} aria-hidden="true" className="hidden" />
        {failure ? <Alert title={failureTitle}>{failure}</Alert> : null}

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Job details</h2>
          <Field label="Job title" name="title" defaultValue={state.title} error={errors.title} required maxLength={200} />
          <TextAreaField label="Description" name="description" rows={6} defaultValue={state.description} error={errors.description} required hint={MARKDOWN_HINT} />
          <TextAreaField label="Requirements" name="requirements" rows={4} defaultValue={state.requirements} error={errors.requirements} hint={MARKDOWN_HINT} />
          <div className="grid gap-4 sm:grid-cols-4">
            <Field label="Location" name="location" defaultValue={state.location} error={errors.location} />
            <SelectField label="Job type" name="type" defaultValue={state.type} options={options(JOB_TYPES, undefined, jobTypeLabel)} error={errors.type} />
            <SelectField label="Remote type" name="remote_type" defaultValue={state.remote_type} options={options(REMOTE_TYPES, "Not specified", (value) => remoteTypeLabel(value) ?? value)} error={errors.remote_type} />
            {/* Decision 094: once as many are hired, the hire offers to close the job. */}
            <Field label="Openings" name="openings" inputMode="numeric" defaultValue={state.openings} error={errors.openings} hint="How many people you hire" />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label="Department"
              name="department"
              defaultValue={state.department}
              error={errors.department}
              maxLength={200}
              placeholder="Engineering"
              hint="Candidates filter the job board and your careers page by it"
            />
            <Field
              label="Remote from"
              name="remote_countries"
              defaultValue={state.remote_countries}
              error={errors.remote_countries}
              placeholder="United States, Canada"
              hint="For remote jobs: the countries candidates may work from, by name or code, separated by commas"
            />
            <Field
              label="Applications close on"
              name="closes_on"
              type="date"
              defaultValue={state.closes_on}
              error={errors.closes_on}
              hint="Optional. The job closes itself after this day (UTC) and search engines show it until then"
            />
          </div>
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input type="checkbox" name="featured" defaultChecked={state.featured} className="mt-0.5 size-4 rounded border-slate-300 text-brand-600" />
            <span>
              <span className="font-medium text-slate-900">Feature this job</span>
              <span className="block text-slate-600">It comes first on the job board and on your careers page, marked Featured.</span>
            </span>
          </label>
        </section>

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Salary</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="Minimum salary" name="salary_min" inputMode="decimal" defaultValue={state.salary_min} error={errors.salary_min} />
            <Field label="Maximum salary" name="salary_max" inputMode="decimal" defaultValue={state.salary_max} error={errors.salary_max} />
            <Field
              label="Currency"
              name="salary_currency"
              placeholder="USD"
              maxLength={3}
              list="currency-codes"
              autoComplete="off"
              defaultValue={state.salary_currency}
              error={errors.salary_currency}
              hint="Three-letter code, e.g. USD or EUR"
            />
            <datalist id="currency-codes">
              {SUGGESTED_CURRENCIES.map((code) => (
                <option key={code} value={code} />
              ))}
            </datalist>
            <SelectField label="Salary period" name="salary_period" defaultValue={state.salary_period} options={options(SALARY_PERIODS, "Not specified")} error={errors.salary_period} />
          </div>
        </section>

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Application form</h2>
            <p className="mt-1 text-sm text-slate-500">
              Candidates always give their name, email, resume link and cover letter. Add your own questions below; a question without a label is left out.
            </p>
          </div>
          <div className="sm:max-w-xs">
            <SelectField
              label="Resume/CV upload"
              name="cv_field"
              defaultValue={state.cv_field}
              options={options(CV_FIELD_SETTINGS, undefined, (value) => CV_FIELD_LABELS[value as keyof typeof CV_FIELD_LABELS])}
              error={errors.cv_field}
              hint="PDF, DOCX, ODT, RTF or TXT, up to 10 MB"
            />
          </div>
          {state.fields.length === 0 ? <p className="text-sm text-slate-500">No custom fields yet.</p> : null}
          <ol className="space-y-4">
            {state.fields.map((field, index) => {
              const errorKey = (prop: string) => (errorIndexes[index]! >= 0 ? errors[`form_schema.${errorIndexes[index]}.${prop}`] : undefined);
              const withOptions = FIELD_TYPES_WITH_OPTIONS.includes(field.type);
              return (
                <li key={field.id}>
                  <fieldset className="rounded-lg border border-slate-200 p-4">
                    <legend className="px-1 text-sm font-semibold text-slate-700">Field {index + 1}</legend>
                    <input type="hidden" name={`fields.${index}.id`} value={field.id} />
                    <div className="grid gap-4 sm:grid-cols-2">
                      <Field label="Label" name={`fields.${index}.label`} defaultValue={field.label} error={errorKey("label")} />
                      <SelectField
                        label="Type"
                        name={`fields.${index}.type`}
                        value={field.type}
                        onChange={(event) => {
                          const type = event.currentTarget.value as FormFieldType;
                          setState((current) => ({ ...current, fields: current.fields.map((f, i) => (i === index ? { ...f, type } : f)) }));
                        }}
                        options={options(FORM_FIELD_TYPES)}
                      />
                      <Field label="Placeholder" name={`fields.${index}.placeholder`} defaultValue={field.placeholder} />
                      <Field
                        label="Options"
                        name={`fields.${index}.options`}
                        defaultValue={field.options}
                        hint="Comma-separated, for select and radio fields"
                        error={errorKey("options")}
                        aria-required={withOptions ? true : undefined}
                      />
                    </div>
                    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
                        <input type="checkbox" name={`fields.${index}.required`} defaultChecked={field.required} className="size-4 rounded border-slate-300 text-brand-600" />
                        Required
                      </label>
                      <Button variant="ghost" type="submit" name="intent" value={`remove-field:${index}`} onClick={onBuilderClick} formNoValidate>
                        Remove field {index + 1}
                      </Button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button variant="secondary" type="submit" name="intent" value="add-field" onClick={onBuilderClick} formNoValidate>
            Add field
          </Button>
        </section>

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Pipeline stages</h2>
            <p className="mt-1 text-sm text-slate-500">
              Candidates move through these stages in order; ↑ and ↓ change it. New applications start in Applied, wherever it stands. A new stage goes before Hired and Rejected. Stages without a name are left out.
            </p>
          </div>
          <ol className="space-y-3">
            {state.stages.map((stage, index) => {
              const saved = savedStages.find((s) => s.id === stage.id);
              return (
                <li key={stage.key} data-stage-key={stage.key}>
                  <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end">
                    <legend className="sr-only">Stage {index + 1}</legend>
                    <span aria-hidden="true" className="hidden size-8 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700 sm:flex">
                      {index + 1}
                    </span>
                    <input type="hidden" name={`stages.${index}.key`} value={stage.key} />
                    <input type="hidden" name={`stages.${index}.id`} value={stage.id} />
                    <Field label={`Stage ${index + 1} name`} name={`stages.${index}.name`} defaultValue={stage.name} hint={saved && saved.applications > 0 ? `${saved.applications} ${saved.applications === 1 ? "candidate" : "candidates"}` : undefined} />
                    <Field label={`Stage ${index + 1} description`} name={`stages.${index}.description`} defaultValue={stage.description} />
                    {/* Decision 095: an email each candidate entering the stage is sent, now or later. */}
                    <div className="grid gap-3 sm:col-span-2 sm:col-start-2 sm:grid-cols-2">
                      <div>
                        <label htmlFor={`stage-${stage.key}-entry`} className="block text-sm font-medium text-slate-700">
                          Stage {index + 1} email on entry
                        </label>
                        <select id={`stage-${stage.key}-entry`} name={`stages.${index}.entry_template_id`} defaultValue={stage.entry_template_id} className={`${inputStyles} mt-1`}>
                          <NamedOptions items={templates} placeholder="No email" />
                        </select>
                      </div>
                      <div>
                        <label htmlFor={`stage-${stage.key}-delay`} className="block text-sm font-medium text-slate-700">
                          Stage {index + 1} email sent
                        </label>
                        <select id={`stage-${stage.key}-delay`} name={`stages.${index}.entry_delay_hours`} defaultValue={stage.entry_delay_hours} className={`${inputStyles} mt-1`}>
                          {ENTRY_DELAY_OPTIONS.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      </div>
                    </div>
                    <div className="flex items-center gap-1">
                      {/* Issue 13: the order of the stages is the board's; up and down work by keyboard and without JavaScript. */}
                      <StageMoveButton index={index} direction="up" disabled={index === 0} onClick={onBuilderClick} />
                      <StageMoveButton index={index} direction="down" disabled={index === state.stages.length - 1} onClick={onBuilderClick} />
                      <Button variant="ghost" type="submit" name="intent" value={`remove-stage:${index}`} onClick={onBuilderClick} formNoValidate>
                        Remove stage {index + 1}
                      </Button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {removedWithCandidates.length > 0 ? (
            <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
              <p className="text-sm font-medium text-amber-900">Removed stages still hold candidates. Choose where they go.</p>
              {removedWithCandidates.map((stage) => (
                <SelectField
                  key={stage.id}
                  label={`Move the ${stage.applications} ${stage.applications === 1 ? "candidate" : "candidates"} in “${stage.name}” to`}
                  name={`stage_moves.${stage.id}`}
                  defaultValue={state.stage_moves[stage.id] ?? ""}
                  options={[{ value: "", label: "Choose a stage" }, ...moveTargets.map((target) => ({ value: target.id, label: target.name }))]}
                />
              ))}
            </div>
          ) : null}
          {errors.stages ? (
            <p className="text-sm text-red-600" role="alert">
              {errors.stages}
            </p>
          ) : null}
          <Button variant="secondary" type="submit" name="intent" value="add-stage" onClick={onBuilderClick} formNoValidate>
            Add stage
          </Button>
        </section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50">
            Cancel
          </Link>
          {submits.map((submit) => (
            <Button key={submit.intent} type="submit" name="intent" value={submit.intent} variant={submit.variant ?? "primary"} disabled={busy}>
              {busyIntent === submit.intent ? submit.busyLabel : submit.label}
            </Button>
          ))}
        </div>
      </Form>
    </div>
  );
}
