import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { ChangePasswordSchema, PASSWORD_MIN_LENGTH } from "~/schemas/auth";
import { errorsFor, type SettingsAnswer } from "./settings-answer";
import { useSubmitting } from "./settings-section";

/** Change the password; `noticeId` is the staff layout's last notice, so a change that succeeded starts the form empty again. */
export function PasswordForm({ answer, noticeId }: { answer?: SettingsAnswer; noticeId?: string }) {
  const { errors, onSubmit, onChange } = useValidatedForm(ChangePasswordSchema, errorsFor(answer, "password"));
  const busy = useSubmitting("password");
  return (
    <Form key={noticeId ?? ""} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} required />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={errors.newPassword} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} required />
        <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} required />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="signOutOthers" defaultChecked className="size-4 rounded border-slate-300 text-brand-600" />
        Sign out of all other devices
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? "Changing…" : "Change password"}
      </Button>
    </Form>
  );
}
