import { useState } from "react";
import { Form, Outlet, useLocation } from "react-router";
import { isCurrentPath, RowLink } from "~/components/ui/row-link";
import type { Route } from "./+types/layout";
import { ErrorPage } from "~/components/ui/error-page";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Logo } from "~/components/ui/logo";
import { VerifyEmailBanner } from "~/features/settings/verify-email-banner";
import { displayNameOf, roleLabel } from "~/lib/role-label";
import { requireStaff } from "~/server/accounts/session.server";
import { takeNotice } from "~/server/platform/notice.server";
import { can, type Permission, type RouteAccess } from "~/lib/permissions";
import { countUnreadNotifications } from "~/server/notifications/notifications.server";
import { appDatabase } from "~/server/platform/db.server";
import { NotificationBell } from "~/features/notes/notification-bell";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "workspace.use" } as const satisfies RouteAccess;

/** The staff navigation; each member sees the pages their role opens (decision 096). */
const NAV = [
  { to: "/dashboard", label: "Dashboard", permission: "workspace.use" },
  { to: "/manage/jobs", label: "Jobs", permission: "jobs.view" },
  { to: "/candidates", label: "Candidates", permission: "candidates.manage" },
  { to: "/applications", label: "Applications", permission: "applications.view" },
  { to: "/reports", label: "Reports", permission: "reports.view" },
  { to: "/email-templates", label: "Email Templates", permission: "templates.manage" },
  { to: "/settings", label: "Settings", permission: "workspace.use" },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  return {
    // Spec: the full name, or the role when there is none; the role as Settings names it (Owner / Recruiter).
    displayName: displayNameOf(staff),
    role: roleLabel(staff),
    /** The role itself, for `useCan` in the pages below. */
    roleKey: staff.role,
    hasName: Boolean(staff.fullName?.trim()),
    email: staff.email,
    companyName: staff.companyName,
    emailVerified: staff.emailVerified ?? true,
    // The bell: one count from the index of unread notifications, stopped at 100 (decision 098).
    // (Read with the session by the staff guard, decision 134; counted here when it was not.)
    unreadNotifications: staff.unreadNotifications ?? (await countUnreadNotifications(appDatabase(), staff)),
    // The notice of the action that redirected here, shown once (its cookie is cleared in this answer).
    notice: takeNotice(request, context),
  };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  // Plain links with the root's one click listener (decision 136): on every staff page, React Router's
  // <NavLink> resolved each address and ran its hooks, about 6 % of the dashboard's server time.
  const links = NAV.filter((item) => can(loaderData.roleKey, item.permission)).map((item) => {
    const current = isCurrentPath(location.pathname, item.to);
    return (
      <RowLink
        key={item.to}
        to={item.to}
        discover
        aria-current={current ? "page" : undefined}
        className={`block rounded-lg px-3 py-2 text-sm font-medium ${
          current ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        }`}
      >
        {item.label}
      </RowLink>
    );
  });

  const account = (
    <div className="border-t border-slate-200 pt-4">
      <p className="truncate text-sm font-semibold text-slate-900" data-testid="staff-name">
        {loaderData.displayName}
      </p>
      <p className="truncate text-xs text-slate-500" data-testid="staff-company">
        {loaderData.hasName ? `${loaderData.role} · ` : ""}
        {loaderData.companyName}
      </p>
      <Form method="post" action="/logout" className="mt-3">
        <button
          type="submit"
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Sign Out
        </button>
      </Form>
    </div>
  );

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <Logo to="/dashboard" />
        <div className="flex items-center gap-1">
          <NotificationBell unread={loaderData.unreadNotifications} />
          <button
            type="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            aria-expanded={menuOpen}
            aria-controls="staff-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </header>
      <aside
        id="staff-nav"
        className={`${menuOpen ? "block" : "hidden"} border-b border-slate-200 bg-white px-4 py-4 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-64 lg:shrink-0 lg:flex-col lg:border-b-0 lg:border-r lg:py-6`}
      >
        <div className="hidden items-center justify-between px-3 lg:flex">
          <Logo to="/dashboard" />
          <NotificationBell unread={loaderData.unreadNotifications} />
        </div>
        <nav aria-label="Main" className="space-y-1 lg:mt-8 lg:flex-1">
          {links}
        </nav>
        <div className="mt-4 px-3 lg:mt-0">{account}</div>
      </aside>
      <div className="min-w-0 flex-1">
        {loaderData.emailVerified ? null : <VerifyEmailBanner email={loaderData.email} />}
        <main id="main" className="px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          <FlashNotice notice={loaderData.notice}>
            <Outlet />
          </FlashNotice>
        </main>
      </div>
    </div>
  );
}

/**
 * A staff page that failed without a boundary of its own. Its frame is the logo only: the navigation
 * needs the layout's data, which a failed layout loader never gave.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-4 py-3">
        <Logo to="/dashboard" />
      </header>
      <main id="main" className="px-6 py-16">
        <ErrorPage error={error} back={{ to: "/dashboard", label: "Back to the dashboard" }} />
      </main>
    </div>
  );
}
