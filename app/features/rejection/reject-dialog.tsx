import { useState } from "react";
import { NamedOptions } from "~/components/ui/options";
import { Link, useFetcher } from "react-router";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field, inputStyles, SelectField, TextAreaField } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import type { FieldErrors } from "~/schemas/parse-form";
import { REJECTION_EMAIL_DELAYS, RejectSchema } from "~/schemas/rejection";

export interface RejectDialogProps {
  candidateName: string;
  reasons: readonly { id: string; name: string }[];
  templates: readonly { id: string; name: string }[];
  /** The rejection email as it would go: the company's "Rejection" template filled in for this candidate. */
  email: { templateId: string | null; subject: string; body: string };
  /** The server's refusal of the last try, with what was sent (the dialog opens again with them). */
  answer?: { errors: FieldErrors; values?: Record<string, string> } | null;
}

/** What the page's loader answers for ?template=<id>: that template filled in for this candidate. */
interface TemplatePreview {
  preview: { templateId: string; subject: string; body: string } | null;
}

/**
 * Reject with a reason (decision 090): the company's reasons, and the rejection email, editable
 * before it goes, now or later. The browser checks the form with the server's schema, so a mistake
 * keeps the dialog and what was typed; the server checks again (its refusal opens the dialog in
 * place, with what was sent). Another template can be started
 * from (loaded through the page's own preview) once the page runs JavaScript.
 */
export function RejectDialog({ candidateName, reasons, templates, email, answer }: RejectDialogProps) {
  const hydrated = useHydrated();
  const { errors: shown, onSubmit, onChange } = useValidatedForm(RejectSchema, answer?.errors);
  const values = answer?.values;
  const [sendEmail, setSendEmail] = useState(values ? values.sendEmail === "on" : true);
  const [subject, setSubject] = useState(values?.subject ?? email.subject);
  const [body, setBody] = useState(values?.body ?? email.body);
  const loader = useFetcher<TemplatePreview>();
  // A template just loaded replaces the text (adjusted while rendering, as React advises, not in an effect).
  const [filledFrom, setFilledFrom] = useState(loader.data);
  if (loader.data !== filledFrom) {
    setFilledFrom(loader.data);
    if (loader.data?.preview) {
      setSubject(loader.data.preview.subject);
      setBody(loader.data.preview.body);
    }
  }

  return (
    <ConfirmAction
      id="reject"
      label="Reject"
      title={`Reject ${candidateName}?`}
      description="The application leaves the board's active stages and the rejection is recorded in its history. You can undo it."
      confirmLabel="Reject application"
      open={Boolean(answer)}
      anchor="manage"
      onSubmit={onSubmit}
      onChange={onChange}
    >
      <input type="hidden" name="intent" value="reject" />
      {reasons.length === 0 ? (
        <p className="text-sm text-red-700">
          Your company has no rejection reasons yet.{" "}
          <Link to="/settings/hiring" className="font-semibold underline">
            Add them in Settings
          </Link>
          .
        </p>
      ) : null}
      <SelectField
        label="Reason"
        name="reasonId"
        defaultValue={values?.reasonId ?? ""}
        error={shown.reasonId}
        options={[{ value: "", label: "Choose a reason" }, ...reasons.map((reason) => ({ value: reason.id, label: reason.name }))]}
      />
      <div className="flex items-center gap-2">
        <input
          id="reject-send-email"
          type="checkbox"
          name="sendEmail"
          checked={sendEmail}
          onChange={(event) => setSendEmail(event.target.checked)}
          className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        />
        <label htmlFor="reject-send-email" className="text-sm font-medium text-slate-700">
          Send a rejection email
        </label>
      </div>
      {sendEmail ? (
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-xs font-medium text-slate-500">The email, as it will be sent</legend>
          {hydrated && templates.length > 0 ? (
            <div>
              <label htmlFor="reject-template" className="block text-sm font-medium text-slate-700">
                Start from a template
              </label>
              <select
                id="reject-template"
                defaultValue={email.templateId ?? ""}
                className={`${inputStyles} mt-1`}
                onChange={(event) => {
                  if (event.target.value) loader.load(`?${new URLSearchParams({ template: event.target.value })}`);
                }}
              >
                <NamedOptions items={templates} placeholder="Choose a template" />
              </select>
            </div>
          ) : null}
          <Field label="Subject" name="subject" value={subject} onChange={(event) => setSubject(event.target.value)} error={shown.subject} maxLength={200} />
          <TextAreaField label="Message" name="body" rows={7} value={body} onChange={(event) => setBody(event.target.value)} error={shown.body} />
          <SelectField
            label="Send"
            name="delay"
            defaultValue={values?.delay ?? "0"}
            error={shown.delay}
            hint="A later email can be cancelled until it leaves; undoing the rejection cancels it too."
            options={REJECTION_EMAIL_DELAYS}
          />
        </fieldset>
      ) : null}
    </ConfirmAction>
  );
}
