import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { AuthCard } from "~/components/forms/auth-card";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { ForgotPasswordSchema } from "~/schemas/auth";
import { formValues, parseForm } from "~/schemas/parse-form";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { requestPasswordReset } from "~/server/accounts/passwords.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { echoValue } from "~/lib/form-echo";

export const meta: Route.MetaFunction = () => pageMeta("Forgot password", "Reset the password of your OpenHire account.");

/** A 429's Retry-After reaches the document response too (forms without JavaScript). */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = parseForm(ForgotPasswordSchema, values);
  if (!parsed.success) return data({ errors: parsed.errors, email: echoValue(values.email), sentTo: null }, { status: 400 });
  const email = parsed.data.email.toLowerCase();
  try {
    const db = appDatabase();
    await consumeRateLimit(db, RATE_LIMITS.passwordReset, context.get(clientIpContext));
    await consumeRateLimit(db, RATE_LIMITS.passwordResetAccount, email);
  } catch (error) {
    const answer = answerDomainError(error);
    return data({ errors: answer.errors, email, sentTo: null }, answer.init);
  }
  // The same answer whether or not the address has an account.
  await requestPasswordReset(appAuth(), email, authHeaders(request, context));
  return { errors: undefined, email, sentTo: email };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, onSubmit, onChange } = useValidatedForm(ForgotPasswordSchema, actionData?.errors);
  const busy = navigation.state !== "idle";

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle={
        <>
          Remembered it?{" "}
          <Link to="/login" className="font-semibold text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </>
      }
    >
      {actionData?.sentTo ? (
        <div className="space-y-4">
          <Alert tone="success" title="Check your email">
            If an account exists for {actionData.sentTo}, we sent it a link to reset the password. The link works once
            and expires in 1 hour.
          </Alert>
          <p className="text-sm text-slate-600">
            No email? Check your spam folder, or{" "}
            <Link to="/forgot-password" reloadDocument className="font-medium text-brand-600 hover:text-brand-700">
              try again
            </Link>
            .
          </p>
        </div>
      ) : (
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
          <p className="text-sm text-slate-600">Enter your account&apos;s email and we will send you a link to choose a new password.</p>
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={actionData?.email} error={errors.email} required />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending…" : "Send reset link"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
