import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button";
import { inputStyles } from "~/components/ui/field";
import { newsletterEmailError, type NewsletterSource } from "~/schemas/newsletter";
import type { FieldErrors } from "~/schemas/parse-form";

/** What the newsletter action answers. */
export type NewsletterActionData =
  | { ok: true; status: "subscribed" | "already-subscribed"; email: string }
  | { ok: false; errors: FieldErrors; email: string };

/**
 * The newsletter form: a plain POST to the page's own action, so it works without JavaScript;
 * with it, the email is checked before sending and the page does not scroll.
 */
export function NewsletterForm({
  source,
  result,
  title = "Get hiring insights in your inbox",
  text = "One email a month with new guides, product updates and the best of the blog. Unsubscribe at any time.",
  tone = "light",
}: {
  source: NewsletterSource;
  result: NewsletterActionData | undefined;
  title?: string;
  text?: string;
  tone?: "light" | "dark";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "newsletter";
  const [clientError, setClientError] = useState<string | undefined>(undefined);
  const [seenResult, setSeenResult] = useState(result);
  if (seenResult !== result) {
    setSeenResult(result);
    setClientError(undefined);
  }
  const error = clientError ?? (result && !result.ok ? (result.errors.email ?? result.errors.form) : undefined);
  const dark = tone === "dark";
  const errorId = `newsletter-${source.slice(1)}-error`;
  const inputId = `newsletter-${source.slice(1)}-email`;

  return (
    <div className={dark ? "rounded-3xl bg-brand-700 px-6 py-10 sm:px-10" : "rounded-3xl border border-slate-200 bg-slate-50 px-6 py-10 sm:px-10"}>
      <div className="grid gap-8 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 className={`text-2xl font-bold tracking-tight ${dark ? "text-white" : "text-slate-950"}`}>{title}</h2>
          <p className={`mt-3 text-base leading-7 ${dark ? "text-brand-100" : "text-slate-600"}`}>{text}</p>
        </div>
        <div>
          {result?.ok ? (
            <div className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900" role="status">
              {result.status === "subscribed" ? (
                <>
                  <p className="font-semibold">Thanks for subscribing!</p>
                  <p className="mt-1">We&apos;ll send the next issue to {result.email}.</p>
                </>
              ) : (
                <>
                  <p className="font-semibold">You&apos;re already subscribed.</p>
                  <p className="mt-1">{result.email} is on our list, so there&apos;s nothing more to do. Thanks for reading!</p>
                </>
              )}
            </div>
          ) : (
            <Form
              method="post"
              noValidate
              preventScrollReset
              onSubmit={(event) => {
                const message = newsletterEmailError(new FormData(event.currentTarget).get("email")?.toString());
                if (message) {
                  event.preventDefault();
                  setClientError(message);
                  event.currentTarget.querySelector<HTMLInputElement>("input[name=email]")?.focus();
                }
              }}
            >
              <input type="hidden" name="intent" value="newsletter" />
              <label htmlFor={inputId} className={`block text-sm font-medium ${dark ? "text-white" : "text-slate-800"}`}>
                Email address
              </label>
              <div className="mt-2 flex flex-col gap-3 sm:flex-row">
                <input
                  id={inputId}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  placeholder="you@company.com"
                  defaultValue={result && !result.ok ? result.email : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className={`${inputStyles} py-2.5 sm:flex-1`}
                />
                <button
                  type="submit"
                  disabled={busy}
                  className={
                    dark
                      ? "inline-flex items-center justify-center rounded-lg bg-white px-5 py-2.5 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-50 disabled:opacity-60"
                      : `${buttonStyles.primary} px-5 py-2.5`
                  }
                >
                  {busy ? "Subscribing…" : "Subscribe"}
                </button>
              </div>
              {error ? (
                <p id={errorId} className={`mt-2 text-sm font-medium ${dark ? "text-white" : "text-red-700"}`}>
                  {error}
                </p>
              ) : null}
            </Form>
          )}
        </div>
      </div>
    </div>
  );
}

