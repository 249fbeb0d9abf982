import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { ConfirmPasswordSchema, TwoFactorCodeSchema } from "~/schemas/auth";
import { errorsFor, type SettingsAnswer } from "./settings-answer";

/**
 * Two-factor authentication, in its steps: off (set it up with the password), enrolling (scan the QR
 * code, enter a code), just turned on (the recovery codes, shown once), on (turn it off, confirmed).
 */
export function TwoFactorSettings({ enabled, answer }: { enabled: boolean; answer?: SettingsAnswer }) {
  const startErrors = useValidatedForm(ConfirmPasswordSchema, errorsFor(answer, "2fa-start"));
  const confirmErrors = useValidatedForm(TwoFactorCodeSchema, answer?.form === "2fa-start" && answer.enrolment ? answer.errors : undefined);
  const disableErrors = useValidatedForm(ConfirmPasswordSchema, errorsFor(answer, "2fa-disable"));

  if (answer?.form === "2fa-confirm" && answer.recoveryCodes) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title="Two-factor authentication is on">
          Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They will not be shown again.
        </Alert>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5">
          {answer.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <ButtonLink to={SETTINGS_PATHS.security} variant="secondary">
          I have saved my recovery codes
        </ButtonLink>
      </div>
    );
  }

  if (answer?.enrolment && !enabled) {
    const { enrolment } = answer;
    const { errors, onSubmit, onChange } = confirmErrors;
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…), or type in the key by hand. Then enter the
          6-digit code it shows.
        </p>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          {enrolment.qrDataUrl ? (
            <img src={enrolment.qrDataUrl} alt="QR code for your authenticator app" width={200} height={200} className="size-40 rounded-lg border border-slate-200" />
          ) : null}
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-700">Manual key</p>
            <code data-testid="manual-key" className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
              {enrolment.manualKey}
            </code>
          </div>
        </div>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <input type="hidden" name="intent" value="2fa-confirm" />
          <input type="hidden" name="totpUri" value={enrolment.totpUri} />
          <input type="hidden" name="recoveryCodes" value={enrolment.recoveryCodes.join(" ")} />
          <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={errors.code} className="sm:w-56" required />
          <Button type="submit" className="sm:mt-6">
            Verify and turn on
          </Button>
        </Form>
      </div>
    );
  }

  if (enabled) {
    const { errors, onSubmit, onChange } = disableErrors;
    return (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Badge tone="green">On</Badge> Signing in asks for a code from your authenticator app.
        </p>
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <ConfirmAction
          id="2fa-off"
          label="Turn off two-factor authentication"
          title="Turn off two-factor authentication?"
          description="Signing in will no longer ask for a code from your authenticator app. Enter your password to confirm."
          confirmLabel="Turn off two-factor authentication"
          open={Boolean(errors.password)}
          onSubmit={onSubmit}
          onChange={onChange}
          anchor="security"
        >
          <input type="hidden" name="intent" value="2fa-disable" />
          <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} className="sm:w-64" required />
        </ConfirmAction>
      </div>
    );
  }

  const { errors, onSubmit, onChange } = startErrors;
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Badge tone="grey">Off</Badge> Protect your account with a code from an authenticator app at each sign-in.
      </p>
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="intent" value="2fa-start" />
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} className="sm:w-64" required />
        <Button type="submit" className="sm:mt-6">
          Set up two-factor authentication
        </Button>
      </Form>
    </div>
  );
}
