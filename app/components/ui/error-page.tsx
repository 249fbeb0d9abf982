import { isRouteErrorResponse, Link } from "react-router";

export interface ErrorTexts {
  title: string;
  text: string;
}

/** What a 404 says unless its area says better (spec: unknown pages render a proper 404 page). */
export const NOT_FOUND_TEXTS: ErrorTexts = {
  title: "Page not found",
  text: "The page you are looking for does not exist or has moved.",
};

/** What any other failure says (spec: the error page headed "Unexpected Application Error!"). */
export const UNEXPECTED_TEXTS: ErrorTexts = {
  title: "Unexpected Application Error!",
  text: "Something went wrong on our side. Please try again in a moment.",
};

/** What a 403 says: a role without the permission (decision 096); the server's own message when it sent one. */
export const FORBIDDEN_TEXTS: ErrorTexts = {
  title: "No access",
  text: "Your role does not give you access to this page.",
};

/** The card a staff page's error sits in, inside the staff layout. */
export const STAFF_ERROR_CARD = "mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-8 shadow-sm";

interface ErrorPageProps {
  /** The error the boundary caught. */
  error: unknown;
  /** The texts of a 404 (a thrown `data(…, { status: 404 })`, an id that names nothing). */
  notFound?: ErrorTexts;
  /** The texts of anything else; `showMessage` shows the error's own message instead of `text` when it has one. */
  unexpected?: ErrorTexts & { showMessage?: boolean };
  back?: { to: string; label: string };
  /** The root's page has no route meta of its own: it names the document itself. */
  documentTitle?: boolean;
  className?: string;
}

/**
 * The one error page of every ErrorBoundary: the root's, each area layout's and the pages whose spec
 * names their own texts. Boundaries differ only by the frame around it and by those texts.
 */
export function ErrorPage({
  error,
  notFound = NOT_FOUND_TEXTS,
  unexpected = UNEXPECTED_TEXTS,
  back = { to: "/", label: "Back to the home page" },
  documentTitle = false,
  className = "mx-auto max-w-xl",
}: ErrorPageProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const isForbidden = isRouteErrorResponse(error) && error.status === 403;
  // A 404 or a 403 is an answer, not a failure; anything else is logged (server-side when rendered there).
  if (!isNotFound && !isForbidden) console.error(error);
  const texts = isNotFound ? notFound : isForbidden ? FORBIDDEN_TEXTS : unexpected;
  const text = (isForbidden && messageOf(error)) || (!isNotFound && !isForbidden && unexpected.showMessage && messageOf(error)) || texts.text;
  const detail =
    isNotFound || isForbidden ? undefined : import.meta.env.DEV && error instanceof Error ? error.stack : isRouteErrorResponse(error) ? error.statusText : undefined;
  return (
    <div className={className}>
      {documentTitle ? <title>{`${texts.title} | OpenHire`}</title> : null}
      <p className="text-sm font-semibold text-brand-600">{isNotFound ? "404" : isForbidden ? "403" : "Error"}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{texts.title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      {detail ? <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-4 text-xs text-slate-700">{detail}</pre> : null}
      <p className="mt-8">
        {/* Only staff pages answer 403, and the page's own way back may be one the role cannot open either. */}
        <Link to={isForbidden ? "/dashboard" : back.to} className="font-semibold text-brand-600 hover:text-brand-700">
          {isForbidden ? "Back to the dashboard" : back.label}
        </Link>
      </p>
    </div>
  );
}

/** A failure's own message: a thrown `data("…")`, or an error's (production hides server errors' as "Unexpected Server Error"). */
function messageOf(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return typeof error.data === "string" && error.data ? error.data : undefined;
  if (error instanceof Error && error.message && error.message !== "Unexpected Server Error") return error.message;
  return undefined;
}
