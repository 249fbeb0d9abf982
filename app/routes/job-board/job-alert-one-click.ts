import { data, redirect } from "react-router";
import type { Route } from "./+types/job-alert-one-click";
import { unsubscribeJobAlert } from "~/server/job-alerts/alerts.server";
import { appDatabase } from "~/server/platform/db.server";

/*
 * /job-alerts/unsubscribe/one-click?token=…: the address in a job alert's `List-Unsubscribe` header
 * (decision 111). Mail providers POST `List-Unsubscribe=One-Click` to it (RFC 8058) from their own
 * servers or webmail, so from another site and without cookies: server/security.ts lets cross-site
 * writes through at this path alone, and as a resource route it has none of React Router's page
 * checks of the Origin. A GET (a client without one-click support opens the address) only shows the
 * unsubscribe page and its button, since link scanners open links too.
 */

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`, { headers: PRIVATE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const result = await unsubscribeJobAlert(appDatabase(), new URL(request.url).searchParams.get("token"));
  if (!result) return data("Not found", { status: 404, headers: PRIVATE_HEADERS });
  return new Response("Unsubscribed.", { headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}
