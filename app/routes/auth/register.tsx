import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { AuthCard } from "~/components/forms/auth-card";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { RegisterSchema } from "~/schemas/auth";
import { COMPANY_NAME_MAX, FULL_NAME_MAX } from "~/schemas/names";
import { formValues, parseForm } from "~/schemas/parse-form";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { cookieHeaders, getStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { signUp } from "~/server/accounts/sign-up.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { echoValue } from "~/lib/form-echo";

export const meta: Route.MetaFunction = () =>
  pageMeta("Create your account", "Create a free OpenHire account and start hiring with your team.");

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getStaff(request, context)) throw redirect("/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = parseForm(RegisterSchema, values);
  const echo = { email: echoValue(values.email), fullName: echoValue(values.fullName, FULL_NAME_MAX), companyName: echoValue(values.companyName, COMPANY_NAME_MAX) };
  if (!parsed.success) return data({ errors: parsed.errors, ...echo, sentTo: null }, { status: 400 });
  try {
    await consumeRateLimit(appDatabase(), RATE_LIMITS.signUp, context.get(clientIpContext));
    await consumeRateLimit(appDatabase(), RATE_LIMITS.signUpAccount, parsed.data.email.toLowerCase());
    const result = await signUp(appAuth(), parsed.data, authHeaders(request, context));
    // An address that has an account: its owner got an email; the page confirms nothing.
    if (result.status === "check-email") return data({ errors: undefined, ...echo, sentTo: parsed.data.email });
    return redirect("/dashboard", { headers: cookieHeaders(result.cookies) });
  } catch (error) {
    const answer = answerDomainError(error);
    return data({ errors: answer.errors, ...echo, sentTo: null }, answer.init);
  }
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, onSubmit, onChange } = useValidatedForm(RegisterSchema, actionData?.errors);
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/register");

  if (actionData?.sentTo) {
    return (
      <AuthCard title="Check your email" subtitle={<>We sent a message to {actionData.sentTo} with what to do next.</>}>
        <div className="space-y-4 text-sm text-slate-700">
          <p>If it doesn&apos;t arrive within a few minutes, check your spam folder or make sure the address is right.</p>
          <p className="text-center">
            <Link to="/login" className="font-semibold text-brand-600 hover:text-brand-700">
              Back to sign in
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <Field
          label="Full name"
          name="fullName"
          autoComplete="name"
          maxLength={FULL_NAME_MAX}
          defaultValue={actionData?.fullName}
          error={errors.fullName}
          hint="Optional: the dashboard greets you by it."
        />
        <Field
          label="Company name"
          name="companyName"
          autoComplete="organization"
          maxLength={COMPANY_NAME_MAX}
          defaultValue={actionData?.companyName}
          error={errors.companyName}
          hint="Optional: you can name it later in Settings."
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.email}
          error={errors.email}
          required
        />
        <NewPasswordFields errors={errors} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating account…" : "Create account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
