import { redirect } from "react-router";
import type { Route } from "./+types/verify-email";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { AuthCard } from "~/components/forms/auth-card";
import { pageMeta } from "~/lib/meta";
import { appAuth } from "~/server/accounts/auth.server";
import { requireStaff, safeRedirect } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { sendVerificationEmail, verifyEmail } from "~/server/accounts/sign-up.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";

export const meta: Route.MetaFunction = () => pageMeta("Confirm your email", "Confirm the email address of your OpenHire account.");

/** The link in the confirmation email. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/settings");
  return { verified: await verifyEmail(appAuth(), token) };
}

/** "Resend the link" from the reminder banner. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, "workspace.use");
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/dashboard");
  const separator = back.includes("?") ? "&" : "?";
  try {
    await consumeRateLimit(appDatabase(), RATE_LIMITS.verificationEmailAccount, staff.userId);
  } catch (error) {
    // Anything but a domain error goes on to the error boundary; the only refusal here is the
    // per-account limit, which the banner reports.
    answerDomainError(error);
    return redirect(`${back}${separator}verification=limited`);
  }
  await sendVerificationEmail(appAuth(), staff.email, request.headers.get("cookie") ?? "");
  return redirect(`${back}${separator}verification=sent`);
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title={loaderData.verified ? "Email confirmed" : "Link expired"} subtitle="OpenHire account">
      <div className="space-y-4">
        {loaderData.verified ? (
          <Alert tone="success">Thank you: your email address is confirmed.</Alert>
        ) : (
          <Alert>This confirmation link is invalid or has expired. Sign in and send a new one from the reminder at the top of the page.</Alert>
        )}
        <ButtonLink to="/dashboard" className="w-full">
          Go to your dashboard
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
