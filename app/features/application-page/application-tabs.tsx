import { Link, Navigate, useLocation } from "react-router";
import type { ApplicationTab } from "~/schemas/application-review";

/**
 * The application page's sections as links (decision 100), one shown at a time: `?tab=` in the
 * address, so each can be linked to, reloaded and opened without JavaScript. The current one is
 * marked with aria-current="page" and an underline, as the Settings sections are. The five fit one
 * row of a 390 px phone; should they not, they wrap rather than scroll sideways.
 */
export function ApplicationTabs({ tabs, current }: { tabs: readonly { name: ApplicationTab; label: string; href: string }[]; current: ApplicationTab }) {
  return (
    <nav aria-label="Application sections" className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1 sm:gap-x-4">
        {tabs.map((tab) => (
          <li key={tab.name}>
            <Link
              to={tab.href}
              preventScrollReset
              prefetch="intent"
              aria-current={tab.name === current ? "page" : undefined}
              className={`inline-block rounded-t-md border-b-2 px-1 py-2.5 text-sm font-medium ${
                tab.name === current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tab an anchor of the one-page application (before decision 100) now lives on. */
export function tabOfAnchor(hash: string): ApplicationTab | null {
  if (hash.startsWith("#note-") || hash === "#notes" || hash === "#notes-heading") return "notes";
  if (hash === "#email" || hash === "#email-heading") return "email";
  if (hash === "#feedback" || hash === "#your-feedback") return "feedback";
  if (hash === "#history") return "history";
  return null;
}

/**
 * Links to a section of the old one-page application (`/applications/<id>#note-…` in emails sent
 * before the tabs) open that section's tab at the same anchor. The hash never reaches the server,
 * so this happens in the browser; without JavaScript such a link shows the overview.
 */
export function OldApplicationAnchors({ current }: { current: ApplicationTab }) {
  const location = useLocation();
  const target = current === "overview" && !new URLSearchParams(location.search).has("tab") ? tabOfAnchor(location.hash) : null;
  return target ? <Navigate to={`${location.pathname}?tab=${target}${location.hash}`} replace /> : null;
}
