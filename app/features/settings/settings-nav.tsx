import { Navigate, NavLink, useLocation } from "react-router";
import type { Permission } from "~/lib/permissions";
import { SETTINGS_PATHS, type SettingsSection, settingsPathOfAnchor } from "~/lib/settings-paths";
import { useCan } from "~/lib/use-can";

const SECTIONS: { section: SettingsSection; label: string; permission: Permission }[] = [
  { section: "profile", label: "Profile", permission: "workspace.use" },
  { section: "security", label: "Security", permission: "workspace.use" },
  { section: "company", label: "Company", permission: "company.manage" },
  { section: "team", label: "Team", permission: "company.manage" },
  { section: "hiring", label: "Hiring", permission: "company.manage" },
  { section: "careers", label: "Careers page", permission: "company.manage" },
  { section: "privacy", label: "Privacy", permission: "company.manage" },
  { section: "api-keys", label: "API keys", permission: "company.manage" },
  { section: "webhooks", label: "Webhooks", permission: "company.manage" },
  { section: "audit", label: "Audit", permission: "company.manage" },
];

/**
 * The Settings sections as links, one page each. The current one is marked with aria-current="page"
 * (NavLink) and an underline, not by colour alone. Only the sections the member's role opens are shown. Ten short labels share the row on a 390 px
 * phone; should they ever not fit, they wrap instead of scrolling sideways.
 */
export function SettingsNav() {
  const can = useCan();
  return (
    <nav aria-label="Settings sections" className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1 sm:gap-x-4">
        {SECTIONS.filter((item) => can(item.permission)).map(({ section, label }) => (
          <li key={section}>
            <NavLink
              to={SETTINGS_PATHS[section]}
              // Profile is /settings itself: without `end` it would be current on every section. The
              // others stay current on their own pages (an endpoint's page under Webhooks).
              end={section === "profile"}
              prefetch="intent"
              className={({ isActive }) =>
                `inline-block rounded-t-md border-b-2 px-3 py-2.5 text-sm font-medium sm:px-1 ${
                  isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Links to the old one-page Settings (`/settings#team`, in bookmarks and old emails) open the
 * section's own page. The hash never reaches the server, so this happens in the browser; without
 * JavaScript such a link shows the profile, which is harmless.
 */
export function OldSettingsAnchors() {
  const location = useLocation();
  const onProfile = location.pathname.replace(/\/$/, "") === SETTINGS_PATHS.profile;
  const target = onProfile ? settingsPathOfAnchor(location.hash) : null;
  return target ? <Navigate to={target} replace /> : null;
}
