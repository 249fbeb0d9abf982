import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/two-factor";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { AuthCard } from "~/components/forms/auth-card";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { TwoFactorChallengeSchema } from "~/schemas/auth";
import { formValues, parseForm } from "~/schemas/parse-form";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { cookieHeaders, safeRedirect } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { verifySecondFactor } from "~/server/accounts/sign-in.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { clientIpContext } from "~/server/platform/request-context.server";

export const meta: Route.MetaFunction = () => pageMeta("Two-factor authentication", "Confirm your sign-in with a second factor.");

const hasChallenge = (request: Request) => /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export function loader({ request }: Route.LoaderArgs) {
  if (!hasChallenge(request)) throw redirect("/login");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = parseForm(TwoFactorChallengeSchema, values);
  if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
  const redirectTo = safeRedirect(values.redirectTo);
  try {
    await consumeRateLimit(appDatabase(), RATE_LIMITS.twoFactor, context.get(clientIpContext));
    const { cookies } = await verifySecondFactor(
      appAuth(),
      { method: parsed.data.method, code: parsed.data.code, trustDevice: parsed.data.trustDevice === "on" },
      authHeaders(request, context),
      { withoutCompany: redirectTo.startsWith("/invitations/") },
    );
    return redirect(redirectTo, { headers: cookieHeaders(cookies) });
  } catch (error) {
    const answer = answerDomainError(error);
    // The sign-in this challenge belonged to is over: start again.
    if (answer.code === "FORBIDDEN") return redirect(`/login?${new URLSearchParams({ redirectTo })}`);
    return data({ errors: answer.errors }, answer.init);
  }
}

export default function TwoFactor() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { errors, onSubmit, onChange } = useValidatedForm(TwoFactorChallengeSchema, actionData?.errors);
  const recovery = searchParams.get("method") === "recovery";
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const switchTo = new URLSearchParams(searchParams);
  if (recovery) switchTo.delete("method");
  else switchTo.set("method", "recovery");

  return (
    <AuthCard
      title="Two-factor authentication"
      subtitle={recovery ? "Enter one of the recovery codes you saved when you turned on two-factor authentication." : "Enter the 6-digit code from your authenticator app."}
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4" key={recovery ? "recovery" : "totp"}>
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <input type="hidden" name="method" value={recovery ? "recovery" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {recovery ? (
          <Field label="Recovery code" name="code" autoComplete="off" autoCapitalize="off" spellCheck={false} error={errors.code} required autoFocus />
        ) : (
          <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={errors.code} required autoFocus />
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="trustDevice" className="size-4 rounded border-slate-300 text-brand-600" />
          Trust this device for 30 days
        </label>
        <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
          Verify
        </Button>
      </Form>
      <div className="mt-6 flex flex-col gap-2 border-t border-slate-200 pt-4 text-center text-sm">
        <Link to={`?${switchTo}`} className="font-medium text-brand-600 hover:text-brand-700">
          {recovery ? "Use your authenticator app" : "Use a recovery code"}
        </Link>
        <Link to="/login" className="text-slate-600 hover:text-slate-900">
          Cancel and start again
        </Link>
      </div>
    </AuthCard>
  );
}
