import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { AuthCard } from "~/components/forms/auth-card";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { pageMeta } from "~/lib/meta";
import { INVALID_RESET_LINK, ResetPasswordSchema } from "~/schemas/auth";
import { formValues, parseForm } from "~/schemas/parse-form";
import { appAuth } from "~/server/accounts/auth.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { isResetTokenValid, resetPassword } from "~/server/accounts/passwords.server";

export const meta: Route.MetaFunction = () => pageMeta("Choose a new password", "Choose a new password for your OpenHire account.");

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: token !== "" && (await isResetTokenValid(appAuth(), token)) };
}

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = parseForm(ResetPasswordSchema, values);
  if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
  try {
    await resetPassword(appAuth(), { token: values.token ?? "", password: parsed.data.password });
  } catch (error) {
    const answer = answerDomainError(error);
    return data({ errors: answer.errors }, answer.init);
  }
  return redirectWithNotice("/login", "password-reset");
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, onSubmit, onChange } = useValidatedForm(ResetPasswordSchema, actionData?.errors);
  const busy = navigation.state !== "idle";

  if (!loaderData.valid) {
    return (
      <AuthCard title="Reset link expired" subtitle="Reset links work once and expire after an hour.">
        <div className="space-y-4">
          <Alert>{INVALID_RESET_LINK}</Alert>
          <ButtonLink to="/forgot-password" className="w-full">
            Request a new link
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={
        <>
          Resetting signs you out on every device.{" "}
          <Link to="/login" className="font-semibold text-brand-600 hover:text-brand-700">
            Back to sign in
          </Link>
        </>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields label="New password" errors={errors} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving…" : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
