import { queryPage } from "./query";
import { z } from "./zod";

/** The query of /notifications: ?page=N (anything else is page 1). */
export const NotificationsQuerySchema = z.object({ page: queryPage(10_000) });

/** What the bell says: "99+" past 99 (the count stops at 100, decision 098). */
export function unreadBadge(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** The bell's accessible name: "Notifications, 3 unread", or "Notifications". */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${unreadBadge(count)} unread` : "Notifications";
}
