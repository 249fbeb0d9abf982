import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/notifications";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { LocalDate } from "~/components/ui/local-date";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { noteAsPlainText } from "~/schemas/note";
import { NotificationsQuerySchema } from "~/schemas/notifications";
import { formValues } from "~/schemas/parse-form";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import type { RouteAccess } from "~/lib/permissions";
import { listMentionableMembers } from "~/server/notes/members.server";
import { listNotifications, markAllNotificationsRead } from "~/server/notifications/notifications.server";
import { appDatabase } from "~/server/platform/db.server";
import { redirectWithNotice } from "~/server/platform/notice.server";

/** What the loader and the action need (app/lib/permissions.ts, decision 096): every member has their notifications. */
export const access = { loader: "workspace.use", action: "workspace.use" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Notifications", "Where your teammates mentioned you.");

/** The longest stretch of a note a notification quotes. */
const EXCERPT = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const { page } = parseQuery(NotificationsQuerySchema, request.url);
  const [{ items, more }, members] = await Promise.all([listNotifications(db, staff, page), listMentionableMembers(db, staff)]);
  const names = new Map(members.map((member) => [member.userId, member.name]));
  return {
    page,
    more,
    items: items.map((item) => {
      const text = (item.kind === "reply" ? item.body : noteAsPlainText(item.body, names)).replace(/\s+/g, " ").trim();
      return {
        id: item.id,
        kind: item.kind,
        actorName: item.actorName ?? "A former teammate",
        subject: item.subject,
        excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text,
        createdAt: item.createdAt.toISOString(),
        read: item.read,
      };
    }),
  };
}

/** "Mark all as read". */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  if (values.intent !== "mark-all-read") throw data("Unknown action", { status: 400 });
  await markAllNotificationsRead(appDatabase(), staff);
  return redirectWithNotice("/notifications", "notifications-read");
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, page, more } = loaderData;
  const busy = useNavigation().state === "submitting";
  const unread = items.some((item) => !item.read);
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Notifications</h1>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-all-read" />
            <Button type="submit" variant="secondary" disabled={busy}>
              Mark all as read
            </Button>
          </Form>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">When a teammate mentions you in a note, or a candidate of your job replies, it shows here.</p>

      <div className="mt-6">
        {items.length === 0 ? (
          <EmptyState title={page > 1 ? "No more notifications." : "No notifications yet."}>
            <p className="mt-2 text-sm text-slate-600">Mentions in notes on applications and candidates show here.</p>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Notifications">
            {items.map((item) => (
              <li key={item.id} className={item.read ? "" : "bg-brand-50/50"}>
                <Link to={`/notifications/${item.id}`} className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5">
                  <span className="flex items-start justify-between gap-3">
                    <span className="min-w-0 text-sm text-slate-900">
                      {item.kind === "reply" ? (
                        <>
                          <span className="font-semibold">{item.subject}</span> replied to an email
                        </>
                      ) : (
                        <>
                          <span className="font-semibold">{item.actorName}</span> mentioned you on <span className="font-semibold">{item.subject}</span>
                        </>
                      )}
                    </span>
                    {item.read ? null : (
                      <span className="mt-0.5 shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                        New<span className="sr-only">, unread</span>
                      </span>
                    )}
                  </span>
                  <span className="mt-1 block break-words text-sm text-slate-600">{item.excerpt}</span>
                  <span className="mt-1 block text-xs text-slate-600">
                    <LocalDate value={item.createdAt} withTime />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {page > 1 || more ? (
          <Pagination previousHref={page > 1 ? `/notifications?page=${page - 1}` : null} nextHref={more ? `/notifications?page=${page + 1}` : null} summary={`Page ${page}`} />
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      unexpected={{ title: "Failed to load your notifications", text: "Please try again later." }}
      back={{ to: "/dashboard", label: "Back to the dashboard" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
