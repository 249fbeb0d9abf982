import { data, Link } from "react-router";
import type { Route } from "./+types/job-alert-confirm";
import { PublicFrame } from "~/components/ui/public-frame";
import { JOB_ALERT_FREQUENCY_LABELS, JOB_ALERT_MESSAGES } from "~/schemas/job-alerts";
import { confirmJobAlert } from "~/server/job-alerts/alerts.server";
import { appDatabase } from "~/server/platform/db.server";

/*
 * /job-alerts/confirm?token=…: the link of a job alert's confirmation email (decision 111). Opening
 * it confirms the alert, as with every double opt-in list: the person asked for it moments ago. Outside
 * the board's page cache: each visit must reach the database.
 */

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.alert ? "Job alert confirmed | OpenHire" : "Job alert link not valid | OpenHire" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const alert = await confirmJobAlert(appDatabase(), new URL(request.url).searchParams.get("token"));
  if (!alert) return data({ alert: null }, { status: 404, headers: PRIVATE_HEADERS });
  return data({ alert: { description: alert.description, frequency: JOB_ALERT_FREQUENCY_LABELS[alert.frequency] } }, { headers: PRIVATE_HEADERS });
}

export default function ConfirmJobAlert({ loaderData }: Route.ComponentProps) {
  const { alert } = loaderData;
  return (
    <PublicFrame>
      <section className="mx-auto max-w-xl px-4 py-16 text-center sm:py-20">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{alert ? JOB_ALERT_MESSAGES.confirmed : "This link is not valid"}</h1>
        {alert ? (
          <>
            <p className="mt-4 text-slate-700">
              We will email you new jobs for <span className="font-semibold text-slate-900">{alert.description}</span>.
            </p>
            <p className="mt-2 text-sm text-slate-600">
              {alert.frequency} digest, only when there are new jobs. Every email has a link to unsubscribe.
            </p>
          </>
        ) : (
          <p className="mt-4 text-slate-600">{JOB_ALERT_MESSAGES.invalidLink}</p>
        )}
        <Link to="/jobs" className="btn btn-primary mt-8">
          Browse jobs
        </Link>
      </section>
    </PublicFrame>
  );
}
