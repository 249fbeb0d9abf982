import { data, Form, Link } from "react-router";
import type { Route } from "./+types/job-alert-unsubscribe";
import { PublicFrame } from "~/components/ui/public-frame";
import { JOB_ALERT_FREQUENCY_LABELS, JOB_ALERT_MESSAGES } from "~/schemas/job-alerts";
import { findAlertToUnsubscribe, unsubscribeJobAlert } from "~/server/job-alerts/alerts.server";
import { appDatabase } from "~/server/platform/db.server";

/*
 * /job-alerts/unsubscribe?token=…: the unsubscribe link of a job alert's emails (decision 111).
 * A GET only shows the alert and an Unsubscribe button, since mail scanners open links; the
 * button's POST deletes the alert. Mail providers' one-click POSTs go to job-alert-one-click.ts.
 */

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe from a job alert | OpenHire" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const alert = await findAlertToUnsubscribe(appDatabase(), token);
  // 200 even so: this page also renders the answer to a successful POST, which removed the alert.
  if (!alert) return data({ token: null, alert: null }, { headers: PRIVATE_HEADERS });
  return data({ token, alert: { description: alert.description, frequency: JOB_ALERT_FREQUENCY_LABELS[alert.frequency] } }, { headers: PRIVATE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const result = await unsubscribeJobAlert(appDatabase(), new URL(request.url).searchParams.get("token"));
  if (!result) return data({ unsubscribed: false }, { status: 404, headers: PRIVATE_HEADERS });
  return data({ unsubscribed: true }, { headers: PRIVATE_HEADERS });
}

export default function UnsubscribeJobAlert({ loaderData, actionData }: Route.ComponentProps) {
  const { alert, token } = loaderData;
  const done = actionData?.unsubscribed;
  return (
    <PublicFrame>
      <section className="mx-auto max-w-xl px-4 py-16 text-center sm:py-20">
        {done ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Unsubscribed</h1>
            <p className="mt-4 text-slate-700" role="status">
              {JOB_ALERT_MESSAGES.unsubscribed}
            </p>
          </>
        ) : alert && token ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Unsubscribe from this job alert?</h1>
            <p className="mt-4 text-slate-700">
              <span className="font-semibold text-slate-900">{alert.description}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">{alert.frequency} digest</p>
            <Form method="post" action={`/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`} className="mt-8">
              <button type="submit" className="btn btn-primary">
                Unsubscribe
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">No job alert here</h1>
            <p className="mt-4 text-slate-600">This alert has already been removed, or the link is not complete. You will get no emails for it.</p>
          </>
        )}
        <div className="mt-8">
          <Link to="/jobs" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
            Browse jobs
          </Link>
        </div>
      </section>
    </PublicFrame>
  );
}
