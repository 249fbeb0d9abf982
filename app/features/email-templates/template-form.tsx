import { useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessages, inputStyles } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { EmailTemplateSchema, type EmailTemplateInput, MERGE_FIELDS, renderTemplate, SAMPLE_MERGE_VALUES } from "~/schemas/email-template";
import type { FieldErrors } from "~/schemas/parse-form";

/** New and Edit: name, subject and body, with the merge fields listed and a live preview. */
export function TemplateForm({
  defaults,
  serverErrors,
  submitLabel,
}: {
  defaults: EmailTemplateInput;
  serverErrors: FieldErrors | undefined;
  submitLabel: string;
}) {
  const { errors, onSubmit, onChange } = useValidatedForm(EmailTemplateSchema, serverErrors);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [subject, setSubject] = useState(defaults.subject);
  const [body, setBody] = useState(defaults.body);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const bodyId = useId();

  function insert(token: string) {
    const textarea = bodyRef.current;
    if (!textarea) return;
    const start = textarea.selectionStart ?? body.length;
    const end = textarea.selectionEnd ?? body.length;
    const next = body.slice(0, start) + token + body.slice(end);
    setBody(next);
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-3">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <Field label="Name" name="name" defaultValue={defaults.name} error={errors.name} required maxLength={120} />
        <Field
          label="Subject"
          name="subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          error={errors.subject}
          required
          maxLength={200}
        />
        <div>
          <label htmlFor={bodyId} className="block text-sm font-medium text-slate-700">
            Body
          </label>
          <textarea
            id={bodyId}
            ref={bodyRef}
            name="body"
            rows={12}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className={`${inputStyles} mt-1 font-mono`}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${bodyId}-error` : `${bodyId}-fields`}
            required
          />
          <FieldMessages id={bodyId} error={errors.body} />
        </div>
        <div id={`${bodyId}-fields`}>
          <h2 className="text-sm font-medium text-slate-700">Merge fields</h2>
          <p className="text-xs text-slate-500">Use them in the subject or body; each is replaced when the email is sent.</p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {MERGE_FIELDS.map((field) => (
              <li key={field.token} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
                <span className="min-w-0">
                  <code className="block truncate text-xs font-semibold text-brand-700">{field.token}</code>
                  <span className="block text-xs text-slate-500">{field.description}</span>
                </span>
                <button
                  type="button"
                  onClick={() => insert(field.token)}
                  className="shrink-0 rounded px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                  aria-label={`Insert ${field.token} into the body`}
                >
                  Insert
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-3 pt-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : submitLabel}
          </Button>
          <Link to="/email-templates" className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Cancel
          </Link>
        </div>
      </Form>
      <section aria-labelledby="preview-heading" className="self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
        <h2 id="preview-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Preview
        </h2>
        <p className="mt-1 text-xs text-slate-500">With sample values.</p>
        <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="template-preview">
          <p className="text-sm text-slate-500">
            Subject: <span className="font-semibold text-slate-900">{renderTemplate(subject, SAMPLE_MERGE_VALUES)}</span>
          </p>
          <div className="mt-3 whitespace-pre-line border-t border-slate-200 pt-3 text-sm leading-6 text-slate-800">
            {renderTemplate(body, SAMPLE_MERGE_VALUES) || <span className="text-slate-400">The body appears here.</span>}
          </div>
        </div>
      </section>
    </div>
  );
}
