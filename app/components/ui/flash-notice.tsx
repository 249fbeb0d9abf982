import { type ReactNode, useState } from "react";
import { Link, useLocation } from "react-router";

/**
 * The notice of the last redirect ("Job published."), shown once above the page (`children`): a polite
 * live region that is always in the page, so screen readers hear a notice that arrives by client
 * navigation. It goes when dismissed, when the user moves to another page, or as soon as a form in the
 * page is submitted again (even one the browser stops with errors): it was about the last save, and new
 * errors must not sit under an old "saved". Without JavaScript, Dismiss reloads the page, which no longer
 * carries the notice (its cookie was cleared when it was shown), and so does any submission.
 */
export function FlashNotice({ notice, children }: { notice: { id: string; message: string } | undefined; children: ReactNode }) {
  const location = useLocation();
  // Where the current notice arrived, and whether it was dismissed (reset during render, no effect).
  const [shown, setShown] = useState({ id: notice?.id, path: location.pathname, dismissed: false });
  if (shown.id !== notice?.id) setShown({ id: notice?.id, path: location.pathname, dismissed: false });
  const visible = notice && shown.id === notice.id && !shown.dismissed && shown.path === location.pathname;

  const dismiss = () => setShown((current) => ({ ...current, dismissed: true }));

  return (
    <div onSubmitCapture={visible ? dismiss : undefined}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {visible ? (
          <div className="mb-6 flex items-start justify-between gap-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800 shadow-sm">
            <p className="flex items-center gap-2 font-medium">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 text-green-600" fill="currentColor">
                <path fillRule="evenodd" d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.857-9.809a.75.75 0 00-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 10-1.06 1.061l2.5 2.5a.75.75 0 001.137-.089l4-5.5z" clipRule="evenodd" />
              </svg>
              {notice.message}
            </p>
            <Link
              to={`${location.pathname}${location.search}`}
              replace
              onClick={(event) => {
                event.preventDefault();
                dismiss();
              }}
              className="-my-1 -mr-2 rounded-md px-2 py-1 font-semibold text-green-800 hover:bg-green-100"
              // Not the notice's own words: a label such as "Dismiss: Password changed." would also answer
              // to the page's "Password" field.
              aria-label="Dismiss notice"
            >
              Dismiss
            </Link>
          </div>
        ) : null}
      </div>
      {children}
    </div>
  );
}
