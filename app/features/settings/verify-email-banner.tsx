import { Form, useLocation, useSearchParams } from "react-router";

/** Reminds a staff member to confirm their email address until they do; resends the link. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = searchParams.get("verification");
  const back = new URLSearchParams(searchParams);
  back.delete("verification");
  const redirectTo = location.pathname + (back.size > 0 ? `?${back}` : "");
  return (
    <div role="region" aria-label="Email confirmation" className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-10">
      <Form method="post" action="/verify-email" className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <p className="min-w-0 flex-1">
          {state === "sent"
            ? `We sent a new confirmation link to ${email}. Check your inbox.`
            : state === "limited"
              ? "Too many links sent. Please try again later."
              : `Please confirm your email address: open the link we sent to ${email}.`}
        </p>
        {state === "sent" ? null : (
          <button type="submit" className="font-semibold text-amber-900 underline hover:text-amber-700">
            Resend link
          </button>
        )}
      </Form>
    </div>
  );
}
