import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { AuthCard } from "~/components/forms/auth-card";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { LoginSchema } from "~/schemas/auth";
import { formValues, parseForm } from "~/schemas/parse-form";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { cookieHeaders, getStaff, safeRedirect } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { takeNotice } from "~/server/platform/notice.server";
import { signIn } from "~/server/accounts/sign-in.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { echoValue } from "~/lib/form-echo";

export const meta: Route.MetaFunction = () => pageMeta("Sign in", "Sign in to OpenHire to manage your jobs and candidates.");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getStaff(request, context)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  }
  // The notice of the redirect that led here (a password reset), shown once as on staff pages.
  return { notice: takeNotice(request, context) };
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = parseForm(LoginSchema, values);
  if (!parsed.success) return data({ errors: parsed.errors, email: echoValue(values.email) }, { status: 400 });
  const redirectTo = safeRedirect(values.redirectTo);
  try {
    const db = appDatabase();
    await consumeRateLimit(db, RATE_LIMITS.signIn, context.get(clientIpContext));
    await consumeRateLimit(db, RATE_LIMITS.signInAccount, parsed.data.email.toLowerCase());
    const result = await signIn(appAuth(), parsed.data, authHeaders(request, context), {
      withoutCompany: redirectTo.startsWith("/invitations/"),
    });
    if (result.twoFactorRequired) {
      return redirect(`/login/two-factor?${new URLSearchParams({ redirectTo })}`, { headers: cookieHeaders(result.cookies) });
    }
    return redirect(redirectTo, { headers: cookieHeaders(result.cookies) });
  } catch (error) {
    // A refused sign-in (FORBIDDEN) is the form's 400, whatever the reason.
    const answer = answerDomainError(error, { status: { FORBIDDEN: 400 } });
    return data({ errors: { form: answer.message }, email: parsed.data.email }, answer.init);
  }
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { errors, onSubmit, onChange } = useValidatedForm(LoginSchema, actionData?.errors);
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");
  const keep = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";

  return (
    <AuthCard
      title="Sign in"
      notice={loaderData.notice}
      subtitle={
        <>
          Don&apos;t have an account?{" "}
          <Link to="/register" className="font-semibold text-brand-600 hover:text-brand-700">
            Create one
          </Link>
        </>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.email}
          error={errors.email}
          required
        />
        <div>
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
            required
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-600 hover:text-brand-700">
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
      <div className="mt-6 border-t border-slate-200 pt-4 text-center text-sm">
        <Link to={`/login/code${keep}`} className="font-medium text-brand-600 hover:text-brand-700">
          Email me a sign-in code instead
        </Link>
      </div>
    </AuthCard>
  );
}
