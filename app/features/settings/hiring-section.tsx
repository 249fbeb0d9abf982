import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonStyles } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field, inputStyles, SelectField } from "~/components/ui/field";
import { INTERVIEW_REMINDER_OPTIONS } from "~/schemas/interview-reminders";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { RejectionReasonActionSchema } from "~/schemas/rejection";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, SettingsSubsection, useSubmitting } from "./settings-section";

export interface HiringData {
  /** Whether the member changes the lists (admins: the page is theirs, decision 096). */
  canEdit: boolean;
  reasons: { id: string; name: string }[];
  /** The company's default scorecard (decision 099). */
  attributes: { id: string; category: string; name: string }[];
  /** Hours before an interview its reminders go, 0 for off (decision 102). */
  interviewReminderHours: number;
}

const arrowStyles =
  "inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

/** Settings › Hiring: the reasons the reject dialog offers, in its order (decision 090), the default scorecard (decision 099) and when interview reminders go (decision 102). */
export function HiringSection({ hiring, answer }: { hiring: HiringData; answer?: SettingsAnswer }) {
  const serverErrors = errorsFor(answer, "hiring");
  const { errors, onSubmit, onChange } = useValidatedForm(RejectionReasonActionSchema, serverErrors);
  const adding = useSubmitting("add-reason");
  const values = valuesFor(answer, "hiring");
  /** A refused rename keeps its row's text and shows its message there. */
  const renameFailed = values?.intent === "rename-reason" ? values.id : undefined;
  const { reasons, canEdit, attributes } = hiring;
  return (
    <SettingsSection id="hiring" title="Hiring" description="How your company hires: the choices your team makes on every application.">
      <SettingsSubsection title="Rejection reasons">
        <p className="text-sm text-slate-600">
          Rejecting an application asks for one of these. An application keeps the reason it was rejected with, even after the reason is renamed or removed here.
        </p>
        {errors.form ? (
          <div className="mt-3">
            <Alert>{errors.form}</Alert>
          </div>
        ) : null}
        {reasons.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            No reasons yet. Rejecting needs at least one.
          </p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Rejection reasons">
            {reasons.map((reason, index) => (
              <li key={reason.id} className="flex flex-wrap items-start justify-end gap-2 px-3 py-2 text-sm">
                {canEdit ? (
                  <>
                    <Form method="post" className="flex w-full min-w-0 items-start gap-2 sm:w-auto sm:flex-1" noValidate>
                      <input type="hidden" name="intent" value="rename-reason" />
                      <input type="hidden" name="id" value={reason.id} />
                      <div className="min-w-0 flex-1">
                        <input
                          name="name"
                          key={`${reason.id}-${reason.name}`}
                          defaultValue={renameFailed === reason.id ? values?.name : reason.name}
                          aria-label={`Name of the reason “${reason.name}”`}
                          aria-invalid={renameFailed === reason.id && serverErrors?.name ? true : undefined}
                          maxLength={60}
                          required
                          className={inputStyles}
                        />
                        {renameFailed === reason.id && serverErrors?.name ? <p className="mt-1 text-sm text-red-600">{serverErrors.name}</p> : null}
                      </div>
                      <button type="submit" className={buttonStyles.secondary} aria-label={`Rename “${reason.name}”`}>
                        Rename
                      </button>
                    </Form>
                    <div className="flex items-center gap-1">
                      <Form method="post">
                        <input type="hidden" name="intent" value="move-reason" />
                        <input type="hidden" name="id" value={reason.id} />
                        <button type="submit" name="direction" value="up" disabled={index === 0} className={arrowStyles} aria-label={`Move “${reason.name}” up`}>
                          <span aria-hidden="true">↑</span>
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="move-reason" />
                        <input type="hidden" name="id" value={reason.id} />
                        <button
                          type="submit"
                          name="direction"
                          value="down"
                          disabled={index === reasons.length - 1}
                          className={arrowStyles}
                          aria-label={`Move “${reason.name}” down`}
                        >
                          <span aria-hidden="true">↓</span>
                        </button>
                      </Form>
                      <ConfirmAction
                        id={`delete-reason-${reason.id}`}
                        label="Remove"
                        ariaLabel={`Remove “${reason.name}”`}
                        variant="secondary"
                        title={`Remove “${reason.name}”?`}
                        description="It is no longer offered when rejecting. Applications already rejected with it keep it."
                        confirmLabel="Remove reason"
                        anchor="hiring"
                      >
                        <input type="hidden" name="intent" value="delete-reason" />
                        <input type="hidden" name="id" value={reason.id} />
                      </ConfirmAction>
                    </div>
                  </>
                ) : (
                  <span className="py-1 text-slate-900">{reason.name}</span>
                )}
              </li>
            ))}
          </ol>
        )}
        {canEdit ? (
          <Form
            key={`add-${reasons.length}`}
            method="post"
            noValidate
            onSubmit={onSubmit}
            onChange={onChange}
            className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <input type="hidden" name="intent" value="add-reason" />
            <Field
              label="New reason"
              name="name"
              autoComplete="off"
              placeholder="e.g. Salary expectations"
              maxLength={60}
              defaultValue={values?.intent === "add-reason" ? values.name : undefined}
              error={values?.intent === "rename-reason" ? undefined : errors.name}
              className="sm:w-80"
              required
            />
            <Button type="submit" className="sm:mt-6" disabled={adding}>
              {adding ? "Adding…" : "Add reason"}
            </Button>
          </Form>
        ) : (
          <p className="mt-3 text-sm text-slate-600">Only your company&apos;s admins can change the reasons.</p>
        )}
      </SettingsSubsection>
      <SettingsSubsection title="Default scorecard">
        <p className="text-sm text-slate-600">
          What interviewers rate when a job&apos;s interview plan names nothing for the stage. Each job can plan its own on its Interview plan page.
        </p>
        {attributes.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            No attributes: scorecards ask only for a recommendation and notes.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Default scorecard">
            {attributes.map((attribute) => (
              <li key={attribute.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium text-slate-900">{attribute.name}</span>
                  {attribute.category ? <span className="ml-2 text-slate-500">{attribute.category}</span> : null}
                </span>
                {canEdit ? (
                  <ConfirmAction
                    id={`remove-attribute-${attribute.id}`}
                    label="Remove"
                    ariaLabel={`Remove “${attribute.name}” from the default scorecard`}
                    variant="secondary"
                    title={`Remove “${attribute.name}”?`}
                    description="New scorecards no longer rate it. Scorecards already submitted keep their ratings."
                    confirmLabel="Remove attribute"
                    anchor="hiring"
                  >
                    <input type="hidden" name="intent" value="remove-attribute" />
                    <input type="hidden" name="attributeId" value={attribute.id} />
                  </ConfirmAction>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canEdit ? (
          <Form key={`add-attribute-${attributes.length}`} method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="add-attribute" />
            <Field
              label="Attribute"
              name="name"
              autoComplete="off"
              placeholder="e.g. Ownership"
              maxLength={80}
              defaultValue={values?.intent === "add-attribute" ? values.name : undefined}
              error={values?.intent === "add-attribute" ? serverErrors?.name : undefined}
              className="sm:w-60"
              required
            />
            <Field
              label="Category"
              name="category"
              autoComplete="off"
              placeholder="e.g. Values"
              maxLength={60}
              defaultValue={values?.intent === "add-attribute" ? values.category : undefined}
              className="sm:w-44"
            />
            <Button type="submit" variant="secondary" className="sm:mt-6">
              Add attribute
            </Button>
          </Form>
        ) : null}
      </SettingsSubsection>
      <SettingsSubsection title="Interview reminders">
        <p className="text-sm text-slate-600">
          An email to the interviewers and the candidate before each interview. An interview scheduled or moved closer to its time than this gets none: its invitation is fresh.
        </p>
        <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
          <input type="hidden" name="intent" value="interview-reminders" />
          <SelectField
            label="Interview reminders"
            name="interviewReminderHours"
            options={INTERVIEW_REMINDER_OPTIONS}
            defaultValue={String(hiring.interviewReminderHours)}
            disabled={!hiring.canEdit}
            error={values?.intent === "interview-reminders" ? serverErrors?.interviewReminderHours : undefined}
            className="sm:w-60"
          />
          {hiring.canEdit ? (
            <Button type="submit" variant="secondary" className="sm:mt-6">
              Save reminders
            </Button>
          ) : null}
        </Form>
      </SettingsSubsection>
    </SettingsSection>
  );
}
