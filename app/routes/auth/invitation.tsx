import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { AuthCard } from "~/components/forms/auth-card";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { pageMeta } from "~/lib/meta";
import { InvitationRegisterSchema } from "~/schemas/auth";
import { FULL_NAME_MAX } from "~/schemas/names";
import { echoValue } from "~/lib/form-echo";
import { formValues, parseForm } from "~/schemas/parse-form";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { cookieHeaders } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { acceptInvitation, findInvitation } from "~/server/team/team.server";
import { clientIpContext } from "~/server/platform/request-context.server";

export const meta: Route.MetaFunction = () => pageMeta("Join your team", "Accept an invitation to hire together on OpenHire.");

/** The signed-in account, with or without a company (a removed member may accept a new invitation). */
async function currentAccount(request: Request, context: Route.LoaderArgs["context"]) {
  if (!request.headers.get("cookie")) return null;
  const result = await appAuth().api.getSession({ headers: authHeaders(request, context) });
  return result ? { userId: result.user.id, email: result.user.email } : null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const found = await findInvitation(appDatabase(), params.token);
  if (found.status !== "valid") return { valid: false as const };
  const account = await currentAccount(request, context);
  const { invitation } = found;
  return {
    valid: true as const,
    email: invitation.email,
    companyName: invitation.companyName,
    inviterName: invitation.inviterName,
    signedInAs: account?.email ?? null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const fullName = echoValue(values.fullName, FULL_NAME_MAX);
  const db = appDatabase();
  try {
    await consumeRateLimit(db, RATE_LIMITS.invitationAccept, context.get(clientIpContext));
    if (values.intent === "accept") {
      const account = await currentAccount(request, context);
      if (!account) return redirect(`/login?${new URLSearchParams({ redirectTo: `/invitations/${params.token}` })}`);
      await acceptInvitation(db, account, params.token);
      return redirect("/dashboard");
    }
    const parsed = parseForm(InvitationRegisterSchema, values);
    if (!parsed.success) return data({ errors: parsed.errors, fullName }, { status: 400 });
    const found = await findInvitation(db, params.token);
    if (found.status !== "valid") return data({ errors: { form: "This invitation is no longer valid. Ask for a new one." }, fullName }, { status: 400 });
    await consumeRateLimit(db, RATE_LIMITS.signUp, context.get(clientIpContext));
    const { cookies } = await registerAccount(
      appAuth(),
      { email: found.invitation.email, password: parsed.data.password, fullName: parsed.data.fullName },
      authHeaders(request, context),
      { invitation: found.invitation },
    );
    return redirect("/dashboard", { headers: cookieHeaders(cookies) });
  } catch (error) {
    // Every refusal is the form's 400 (a rate limit 429): the visitor can do nothing else here.
    const answer = answerDomainError(error, { status: { CONFLICT: 400, FORBIDDEN: 400 } });
    // The page shows the invitation's address read-only: an account that has it already signs in to accept.
    const accountExists = answer.code === "CONFLICT" && answer.field === "email";
    return data({ errors: accountExists ? { form: "An account with this email already exists: sign in to accept." } : answer.errors, fullName }, answer.init);
  }
}

export default function Invitation({ loaderData, params }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, onSubmit, onChange } = useValidatedForm(InvitationRegisterSchema, actionData?.errors);
  const busy = navigation.state !== "idle";

  if (!loaderData.valid) {
    return (
      <AuthCard title="Invitation not valid" subtitle="Invitations work once and expire after 7 days.">
        <div className="space-y-4">
          <Alert>This invitation is no longer valid. Ask the person who invited you for a new one.</Alert>
          <ButtonLink to="/login" variant="secondary" className="w-full">
            Go to sign in
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  const signInLink = `/login?${new URLSearchParams({ redirectTo: `/invitations/${params.token}` })}`;
  const title = `Join ${loaderData.companyName}`;
  const subtitle = `${loaderData.inviterName} invited ${loaderData.email} to hire together on OpenHire.`;

  if (loaderData.signedInAs) {
    const matches = loaderData.signedInAs.toLowerCase() === loaderData.email.toLowerCase();
    return (
      <AuthCard title={title} subtitle={subtitle}>
        <div className="space-y-4">
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          {matches ? (
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <p className="mb-4 text-sm text-slate-600">
                You are signed in as {loaderData.signedInAs}. Accepting moves your account to {loaderData.companyName} as a recruiter.
              </p>
              <Button type="submit" className="w-full" disabled={busy}>
                Accept invitation
              </Button>
            </Form>
          ) : (
            <>
              <Alert>
                You are signed in as {loaderData.signedInAs}, but this invitation is for {loaderData.email}. Sign out, then open the link again.
              </Alert>
              <Form method="post" action="/logout">
                <Button type="submit" variant="secondary" className="w-full">
                  Sign Out
                </Button>
              </Form>
            </>
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      subtitle={
        <>
          {subtitle} Already have an account?{" "}
          <Link to={signInLink} className="font-semibold text-brand-600 hover:text-brand-700">
            Sign in to accept
          </Link>
        </>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <input type="hidden" name="intent" value="register" />
        <Field
          label="Full name"
          name="fullName"
          autoComplete="name"
          maxLength={FULL_NAME_MAX}
          defaultValue={actionData?.fullName}
          error={errors.fullName}
          required
        />
        <Field label="Email" name="email" type="email" value={loaderData.email} readOnly />
        <NewPasswordFields errors={errors} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating account…" : "Create account and join"}
        </Button>
      </Form>
    </AuthCard>
  );
}
