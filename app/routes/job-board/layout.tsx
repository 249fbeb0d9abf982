import { useEffect } from "react";
import { Outlet } from "react-router";
import { rememberVisitSource } from "~/lib/visit-source";
import type { Route } from "./+types/layout";
import { ErrorPage } from "~/components/ui/error-page";
import { PublicFrame } from "~/components/ui/public-frame";
import { jobBoardPageCache } from "~/server/job-board/cache.server";

export const middleware: Route.MiddlewareFunction[] = [jobBoardPageCache];

export default function JobBoardLayout() {
  // The visit's campaign and referring site, kept from its first page for the application (decision 079).
  useEffect(() => rememberVisitSource(), []);
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

/** Spec section 8: a job board page that failed, in the board's frame; a 404 is a job that is not there. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicFrame>
      <ErrorPage
        error={error}
        notFound={{ title: "Job not found or no longer available", text: "The job posting you're looking for might have been removed or is no longer available." }}
        back={{ to: "/jobs", label: "Back to Job Board" }}
        className="mx-auto max-w-xl px-4 py-20"
      />
    </PublicFrame>
  );
}
