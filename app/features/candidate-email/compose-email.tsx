import { useState } from "react";
import { NamedOptions } from "~/components/ui/options";
import { KeptQuery } from "~/components/ui/kept-query";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, inputStyles, TextAreaField } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { ComposeEmailSchema } from "~/schemas/email-template";
import type { FieldErrors } from "~/schemas/parse-form";

export interface ComposeEmailProps {
  to: string;
  templates: readonly { id: string; name: string }[];
  /** The template chosen (?template=), filled in for this candidate: the starting text. */
  start: { templateId: string; subject: string; body: string } | null;
  /** The server's refusal of the last send, with what was typed. */
  answer?: { errors: FieldErrors; values?: { subject: string; body: string } } | null;
  busy: boolean;
}

/**
 * "Email the candidate" (issue 13): write an email, or start from a template filled in for this
 * candidate, edit it, see it as it will arrive, and send it. Choosing a template is a plain GET
 * (`?template=`), so it works without JavaScript; the text is then the recruiter's to change. The
 * browser checks it with the server's schema (an unknown {{field}} is refused, never sent as written).
 */
export function ComposeEmail({ to, templates, start, answer, busy }: ComposeEmailProps) {
  const [subject, setSubject] = useState(answer?.values?.subject ?? start?.subject ?? "");
  const [body, setBody] = useState(answer?.values?.body ?? start?.body ?? "");
  const { errors, onSubmit, onChange } = useValidatedForm(ComposeEmailSchema, answer?.errors);
  return (
    <div className="mt-4 space-y-4">
      {templates.length > 0 ? (
        <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <KeptQuery drop={["template"]} />
          <div className="min-w-48 flex-1">
            <label htmlFor="email-template" className="block text-sm font-medium text-slate-700">
              Template
            </label>
            <select id="email-template" name="template" defaultValue={start?.templateId ?? ""} className={`${inputStyles} mt-1`}>
              <NamedOptions items={templates} placeholder="Choose a template" />
            </select>
          </div>
          <Button type="submit" variant="secondary">
            Use template
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-500">
          No templates yet: write the email below, or{" "}
          <Link to="/email-templates/new" className="font-semibold text-brand-600 hover:text-brand-700">
            create a template
          </Link>
          .
        </p>
      )}
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value="send-email" />
        <Field label="Subject" name="subject" value={subject} onChange={(event) => setSubject(event.target.value)} error={errors.subject} maxLength={200} />
        <TextAreaField label="Message" name="body" rows={6} value={body} onChange={(event) => setBody(event.target.value)} error={errors.body} />
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" role="region" aria-label="Email preview">
          <p className="text-xs text-slate-500">To: {to}</p>
          <p className="mt-1 font-semibold wrap-anywhere text-slate-900">{subject || <span className="font-normal text-slate-500">No subject yet</span>}</p>
          <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-slate-700">{body || <span className="text-slate-500">No message yet</span>}</p>
        </div>
        <Button type="submit" disabled={busy}>
          Send email
        </Button>
      </Form>
    </div>
  );
}
