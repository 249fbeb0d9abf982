import { useState } from "react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field, SelectField } from "~/components/ui/field";
import { LocalDate } from "~/components/ui/local-date";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { API_KEY_NAME_MAX, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope, CreateApiKeySchema } from "~/schemas/api-keys";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, SettingsSubsection, useSubmitting } from "./settings-section";

export interface ApiKeysData {
  keys: {
    id: string;
    name: string;
    /** The key's first characters, to tell it apart. */
    prefix: string;
    scope: ApiKeyScope;
    createdBy: string | null;
    createdAt: string;
    lastUsedAt: string | null;
    /** False once its maker is no longer an admin: requests with it are refused. */
    works: boolean;
  }[];
}

const SCOPE_OPTIONS = API_KEY_SCOPES.map((scope) => ({ value: scope, label: API_KEY_SCOPE_LABELS[scope] }));

/**
 * Settings › API keys (decision 112): the company's keys for the staff API, a form to make one, and
 * the new key shown once (only its hash is kept), with a Copy button once JavaScript runs. Revoking
 * is confirmed. Plain forms posting an intent: it works without JavaScript.
 */
export function ApiKeysSection({ data, answer }: { data: ApiKeysData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(CreateApiKeySchema, errorsFor(answer, "api-keys"));
  const values = valuesFor(answer, "api-keys");
  const creating = useSubmitting("create-api-key");
  const made = answer?.form === "api-keys" ? answer.apiKey : undefined;
  return (
    <SettingsSection
      id="api-keys"
      title="API keys"
      description="Keys let your other tools read and change your jobs, candidates and applications through the staff API."
    >
      <div className="space-y-6">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        {made ? <NewKey name={made.name} apiKey={made.key} /> : null}
        <SettingsSubsection title="Your keys">
          {data.keys.length === 0 ? (
            <p className="text-sm text-slate-600">No API keys yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="API keys">
              {data.keys.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium wrap-anywhere text-slate-900">{key.name}</p>
                    <p className="text-slate-600">
                      <code className="rounded bg-slate-100 px-1 font-mono text-xs">{key.prefix}…</code> · {API_KEY_SCOPE_LABELS[key.scope]}
                    </p>
                    <p className="wrap-anywhere text-slate-500">
                      Created <LocalDate value={key.createdAt} /> {key.createdBy ? `by ${key.createdBy}` : "by a former member"} ·{" "}
                      {key.lastUsedAt ? (
                        <>
                          Last used <LocalDate value={key.lastUsedAt} withTime />
                        </>
                      ) : (
                        "Never used"
                      )}
                    </p>
                    {key.works ? null : (
                      <p className="mt-1 font-medium text-red-700">Stopped: the admin who made it is no longer an admin. Revoke it and create another.</p>
                    )}
                  </div>
                  <ConfirmAction
                    id={`revoke-key-${key.id}`}
                    label="Revoke"
                    ariaLabel={`Revoke the API key ${key.name}`}
                    variant="secondary"
                    title={`Revoke the API key “${key.name}”?`}
                    description="Every request with this key is refused from now on. Tools that use it stop working until they get a new key."
                    confirmLabel="Revoke key"
                    anchor="api-keys"
                  >
                    <input type="hidden" name="intent" value="revoke-api-key" />
                    <input type="hidden" name="keyId" value={key.id} />
                  </ConfirmAction>
                </li>
              ))}
            </ul>
          )}
        </SettingsSubsection>
        <SettingsSubsection title="Create a key">
          <Form
            key={`create-${data.keys.length}`}
            method="post"
            action={SETTINGS_PATHS["api-keys"]}
            noValidate
            onSubmit={onSubmit}
            onChange={onChange}
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <input type="hidden" name="intent" value="create-api-key" />
            <Field
              label="Name"
              name="name"
              autoComplete="off"
              placeholder="e.g. HRIS sync"
              maxLength={API_KEY_NAME_MAX}
              defaultValue={values?.name}
              error={errors.name}
              hint="Say what uses it, so you know what stops when you revoke it."
              className="sm:w-72"
              required
            />
            <SelectField label="Access" name="scope" options={SCOPE_OPTIONS} defaultValue={values?.scope ?? "read"} error={errors.scope} className="sm:w-48" />
            <Button type="submit" className="sm:mt-6" disabled={creating}>
              {creating ? "Creating…" : "Create key"}
            </Button>
          </Form>
          <p className="mt-3 text-sm text-slate-600">
            A read key reads jobs, candidates, applications and notes. A read and write key also adds candidates, moves applications and writes notes, in the
            name of the admin who made it; a key stops working if its maker is no longer an admin.{" "}
            <Link to="/documentation#staff-api" className="font-medium text-brand-700 underline hover:text-brand-800">
              Read the API reference
            </Link>
            .
          </p>
        </SettingsSubsection>
      </div>
    </SettingsSection>
  );
}

/** The key just made, once: readable, selectable, and with JavaScript a Copy button. */
function NewKey({ name, apiKey }: { name: string; apiKey: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <Alert tone="info" title={`Your new key “${name}”`}>
      <p>Copy it now and keep it somewhere safe: for your security it is shown only this once. If you lose it, revoke it and create another.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label="New API key" name="new-api-key" value={apiKey} readOnly onFocus={(event) => event.currentTarget.select()} className="min-w-0 flex-1 [&_input]:font-mono" />
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              void navigator.clipboard.writeText(apiKey).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? "Copied" : "Copy key"}
          </Button>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? "The key is copied." : ""}
      </p>
    </Alert>
  );
}
