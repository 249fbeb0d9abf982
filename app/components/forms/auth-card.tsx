import type { ReactNode } from "react";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Logo } from "~/components/ui/logo";

/**
 * The card of the sign-in, sign-up and recovery pages. `notice` is the notice of the redirect that led
 * here ("Your password has been reset."), read by the page's loader with `takeNotice` as the staff
 * layout reads it, and shown by the same `FlashNotice`.
 */
export function AuthCard({
  title,
  subtitle,
  notice,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  notice?: { id: string; message: string };
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <Logo />
      <div className="mt-8 w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">
          <FlashNotice notice={notice}>{children}</FlashNotice>
        </div>
      </div>
    </main>
  );
}
