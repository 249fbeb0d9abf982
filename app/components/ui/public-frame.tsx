import { Link } from "react-router";
import { COPYRIGHT_YEAR, SITE_NAME } from "~/content/site";
import { Logo } from "./logo";

/** The public pages' frame (the job board, a candidate's scheduling link): the logo, Login as a Company, the footer. */
export function PublicFrame({ children }: { children: React.ReactNode }) {
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
