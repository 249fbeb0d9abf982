import { useEffect } from "react";
import { Link, Outlet } from "react-router";
import { rememberVisitSource } from "~/lib/visit-source";
import type { Route } from "./+types/layout";
import { ErrorPage } from "~/components/ui/error-page";
import { Logo } from "~/components/ui/logo";
import { COPYRIGHT_YEAR, SITE_NAME } from "~/content/site";
import { jobBoardPageCache } from "~/server/job-board/cache.server";

export const middleware: Route.MiddlewareFunction[] = [jobBoardPageCache];

export default function JobBoardLayout() {
  // The visit's campaign and referring site, kept from its first page for the application (decision 079).
  useEffect(() => rememberVisitSource(), []);
  return (
    <JobBoardFrame>
      <Outlet />
    </JobBoardFrame>
  );
}

/** Spec section 8: a job board page that failed, in the board's frame; a 404 is a job that is not there. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <JobBoardFrame>
      <ErrorPage
        error={error}
        notFound={{ title: "Job not found or no longer available", text: "The job posting you're looking for might have been removed or is no longer available." }}
        back={{ to: "/jobs", label: "Back to Job Board" }}
        className="mx-auto max-w-xl px-4 py-20"
      />
    </JobBoardFrame>
  );
}

/** The public job board's frame: the logo, Login as a Company, the footer. */
function JobBoardFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-4">
          <Logo />
          <nav aria-label="Main" className="flex items-center gap-4 text-sm font-medium">
            <Link to="/jobs" className="hidden text-slate-700 hover:text-slate-900 sm:inline">
              Jobs
            </Link>
            <Link to="/login" className="whitespace-nowrap rounded-lg border border-slate-300 px-3 py-1.5 text-slate-800 hover:bg-slate-50">
              Login as a Company
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white py-8 text-center text-sm text-slate-600">© {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.</footer>
    </div>
  );
}
