import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { MarketingHeader, WebinarBanner } from "~/components/marketing/marketing-header";
import type { MarketingLayoutData } from "~/components/marketing/site-links";
import { ErrorPage } from "~/components/ui/error-page";
import { config } from "~/server/platform/config.server";

/** Configuration every marketing page needs: the booking calendar and the public address. */
export function loader(): MarketingLayoutData {
  return { bookingUrl: config.bookingUrl, siteUrl: config.baseUrl };
}

export default function MarketingLayout(_: Route.ComponentProps) {
  return (
    <MarketingFrame>
      <Outlet />
    </MarketingFrame>
  );
}

/** A marketing page that failed, inside the same header and footer (spec: "Unexpected Application Error!"). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <MarketingFrame>
      <ErrorPage error={error} className="mx-auto max-w-xl px-4 py-24" />
    </MarketingFrame>
  );
}

function MarketingFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:shadow"
      >
        Skip to content
      </a>
      <WebinarBanner />
      <MarketingHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <MarketingFooter />
    </div>
  );
}
