import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login-code";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { AuthCard } from "~/components/forms/auth-card";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { SignInCodeRequestSchema, SignInCodeSchema } from "~/schemas/auth";
import { formValues, parseForm } from "~/schemas/parse-form";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { cookieHeaders, getStaff, safeRedirect } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { sendSignInCode, signInWithCode } from "~/server/accounts/sign-in.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { echoValue } from "~/lib/form-echo";

export const meta: Route.MetaFunction = () => pageMeta("Sign in with a code", "Sign in to OpenHire with a one-time code sent by email.");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getStaff(request, context)) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

/** A 429's Retry-After reaches the document response too (forms without JavaScript). */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

type Step = { step: "email" | "code"; email: string; errors?: Record<string, string | undefined>; resent?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const db = appDatabase();
  const ip = context.get(clientIpContext);
  const redirectTo = safeRedirect(values.redirectTo);

  if (values.intent !== "verify") {
    const parsed = parseForm(SignInCodeRequestSchema, values);
    if (!parsed.success) return data<Step>({ step: "email", email: echoValue(values.email), errors: parsed.errors }, { status: 400 });
    const email = parsed.data.email.toLowerCase();
    try {
      await consumeRateLimit(db, RATE_LIMITS.signInCode, ip);
      await consumeRateLimit(db, RATE_LIMITS.signInCodeAccount, email);
      await sendSignInCode(appAuth(), email, authHeaders(request, context));
    } catch (error) {
      const answer = answerDomainError(error, { field: "form" });
      return data<Step>({ step: values.intent === "resend" ? "code" : "email", email, errors: answer.errors }, answer.init);
    }
    return data<Step>({ step: "code", email, resent: values.intent === "resend" });
  }

  const parsed = parseForm(SignInCodeSchema, values);
  if (!parsed.success) return data<Step>({ step: "code", email: echoValue(values.email), errors: parsed.errors }, { status: 400 });
  try {
    await consumeRateLimit(db, RATE_LIMITS.signIn, ip);
    const result = await signInWithCode(appAuth(), parsed.data, authHeaders(request, context));
    if (result.twoFactorRequired) {
      return redirect(`/login/two-factor?${new URLSearchParams({ redirectTo })}`, { headers: cookieHeaders(result.cookies) });
    }
    if (result.passwordRemoved) return redirectWithNotice(SETTINGS_PATHS.security, "password-removed", { headers: cookieHeaders(result.cookies) });
    return redirect(redirectTo, { headers: cookieHeaders(result.cookies) });
  } catch (error) {
    // A refused sign-in (FORBIDDEN) is the form's 400, as on the password sign-in.
    const answer = answerDomainError(error, { status: { FORBIDDEN: 400 } });
    return data<Step>({ step: "code", email: parsed.data.email, errors: answer.errors }, answer.init);
  }
}

export default function LoginCode() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const step = actionData?.step ?? "email";
  const schema = step === "code" ? SignInCodeSchema : SignInCodeRequestSchema;
  const { errors, onSubmit, onChange } = useValidatedForm(schema, actionData?.errors);
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = navigation.state !== "idle";

  return (
    <AuthCard
      title="Sign in with a code"
      subtitle={
        <>
          Prefer your password?{" "}
          <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className="font-semibold text-brand-600 hover:text-brand-700">
            Sign in with password
          </Link>
        </>
      }
    >
      {step === "email" ? (
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
          <p className="text-sm text-slate-600">We will email you a 6-digit code that signs you in once.</p>
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={actionData?.email} error={errors.email} required />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending…" : "Email me a code"}
          </Button>
        </Form>
      ) : (
        <div className="space-y-4">
          {errors.form ? (
            <Alert>{errors.form}</Alert>
          ) : (
            <Alert tone="success">
              {actionData?.resent ? "We sent a new code. " : ""}If an account exists for {actionData?.email}, a code is on its way. It expires in
              10 minutes.
            </Alert>
          )}
          <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="email" value={actionData?.email ?? ""} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Field
              label="Code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              error={errors.code}
              required
              autoFocus
            />
            <Button type="submit" className="w-full" disabled={busy}>
              Sign in
            </Button>
          </Form>
          <Form method="post" className="text-center">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={actionData?.email ?? ""} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="text-sm font-medium text-brand-600 hover:text-brand-700" disabled={busy}>
              Resend code
            </button>
          </Form>
        </div>
      )}
    </AuthCard>
  );
}
