import { data, redirect } from "react-router";
import type { Route } from "./+types/notification-open";
import { idParam } from "~/lib/id-param";
import { requireStaff } from "~/server/accounts/session.server";
import type { RouteAccess } from "~/lib/permissions";
import { NOTIFICATION_NOT_FOUND, openNotification } from "~/server/notifications/notifications.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";

/** What the loader and the action need (app/lib/permissions.ts, decision 096): every member has their notifications. */
export const access = { loader: "workspace.use" } as const satisfies RouteAccess;

/**
 * Opening a notification (a link of /notifications): marks it read and goes to its note, on the
 * application's or the candidate's page. Another member's or company's answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const notificationId = idParam(params.notificationId, NOTIFICATION_NOT_FOUND);
  try {
    const { path } = await openNotification(appDatabase(), staff, notificationId);
    return redirect(path);
  } catch (error) {
    const answer = answerDomainError(error, { notFound: NOTIFICATION_NOT_FOUND });
    throw data(answer.message, answer.init);
  }
}
