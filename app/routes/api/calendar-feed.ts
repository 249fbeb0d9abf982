import type { Route } from "./+types/calendar-feed";
import { calendarTokenOf, readCalendarFeed } from "~/server/interviews/calendar-feeds.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";

/**
 * /calendar/<token>.ics: a member's calendar feed (decision 102, "Calendar feeds"), fetched by
 * calendar apps without a session; the token is the only key. An unknown or reset token, or one
 * whose member may no longer have the feed, is a bare 404 that says nothing more.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = calendarTokenOf(params.feed);
  const calendar = token ? await readCalendarFeed(appDatabase(), token, config.baseUrl) : null;
  if (calendar === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="interviews.ics"',
      "Cache-Control": "private, no-store",
      // The URL is the secret: never sent onwards from here.
      "Referrer-Policy": "no-referrer",
    },
  });
}
