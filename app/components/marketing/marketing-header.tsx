import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "~/components/ui/logo";
import { JOBS_LINK, MAIN_NAV, WEBINAR_BANNER } from "~/content/site";
import { BookingLink } from "./booking-link";
import { Icon } from "./icon";
import { useBookingUrl } from "./site-links";

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-950"
  }`;
}

/** The live-demo webinar banner above the navigation. */
export function WebinarBanner() {
  const bookingUrl = useBookingUrl();
  return (
    <div className="bg-brand-900 px-4 py-2.5 text-center text-sm text-brand-50">
      <span className="inline-flex items-center gap-2">
        <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Live</span>
        <span>
          {WEBINAR_BANNER.title}
          <span className="hidden sm:inline">: {WEBINAR_BANNER.detail}</span>
        </span>
      </span>{" "}
      <a
        href={bookingUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="whitespace-nowrap font-semibold text-white underline decoration-brand-100/60 underline-offset-4 hover:decoration-white"
      >
        {WEBINAR_BANNER.cta}
        <span className="sr-only"> (opens in a new tab)</span>
        <span aria-hidden="true"> →</span>
      </a>
    </div>
  );
}

/**
 * The navigation. On small screens the links fold into a menu built on <details>, so it opens
 * without JavaScript too; keyed by the path, it closes after each navigation.
 */
export function MarketingHeader() {
  const location = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={navClass} prefetch="intent">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Link to={JOBS_LINK.to} className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:text-slate-950">
            {JOBS_LINK.label}
          </Link>
          <Link to="/login" className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:text-slate-950">
            Sign in
          </Link>
          <BookingLink>Schedule a Demo</BookingLink>
        </div>
        <details key={location.pathname} className="group md:hidden">
          <summary
            className="flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <Icon name="menu" className="size-6 group-open:hidden" />
            <Icon name="x" className="hidden size-6 group-open:block" />
          </summary>
          <div className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg">
            <nav aria-label="Mobile" className="flex flex-col">
              {MAIN_NAV.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded-lg px-3 py-3 text-base font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-50"}`
                  }
                >
                  {item.label}
                </NavLink>
              ))}
              <Link to={JOBS_LINK.to} className="rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-50">
                {JOBS_LINK.label}
              </Link>
              <Link to="/login" className="rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-50">
                Sign in
              </Link>
            </nav>
            <BookingLink className="mt-4 w-full" size="lg">
              Schedule a Demo
            </BookingLink>
          </div>
        </details>
      </div>
    </header>
  );
}
