import { Field } from "~/components/ui/field";
import { PASSWORD_MIN_LENGTH } from "~/schemas/auth";
import type { FieldErrors } from "~/schemas/parse-form";

/** A new password and its confirmation, with the rules' hint: sign-up, invitations, reset. */
export function NewPasswordFields({ label = "Password", errors }: { label?: string; errors: FieldErrors }) {
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
      />
      <Field
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        required
      />
    </>
  );
}
