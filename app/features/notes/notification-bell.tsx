import { useLocation } from "react-router";
import { isCurrentPath, RowLink } from "~/components/ui/row-link";
import { bellLabel, unreadBadge } from "~/schemas/notifications";

/** The staff layout's bell (decision 098): a link to /notifications named with the unread count (the current page on /notifications), and the count on it. */
export function NotificationBell({ unread }: { unread: number }) {
  const { pathname } = useLocation();
  return (
    <RowLink
      to="/notifications"
      discover
      aria-current={isCurrentPath(pathname, "/notifications", true) ? "page" : undefined}
      aria-label={bellLabel(unread)}
      className="relative inline-flex rounded-lg p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span aria-hidden="true" data-testid="unread-count" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white">
          {unreadBadge(unread)}
        </span>
      ) : null}
    </RowLink>
  );
}
