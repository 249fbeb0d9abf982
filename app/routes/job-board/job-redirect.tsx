import { data, redirect } from "react-router";
import type { Route } from "./+types/job-redirect";
import { idParam } from "~/lib/id-param";
import { jobPath } from "~/lib/slug";
import { getStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { getPublicJob } from "~/server/job-board/queries.server";
import { isOwnedBy } from "~/server/platform/tenancy.server";
import { JobUnavailable, unavailableMeta } from "./job-unavailable";

export const meta: Route.MetaFunction = () => unavailableMeta("missing");

/**
 * Product decision 3: `/jobs/{id}` sends a signed-in member of the owning company to the pipeline
 * board and everyone else to the canonical job page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const job = await getPublicJob(appDatabase(), idParam(params.id, "Job not found"));
  const staff = await getStaff(request, context);
  // Who asks decides where this goes, so the answer is never kept (and is not a permanent 301).
  const noStore = { "Cache-Control": "private, no-store" };
  if (job && staff && isOwnedBy(job, staff)) throw redirect(`/manage/jobs/${job.id}`, { headers: noStore });
  if (!job) return data({ status: "missing" as const }, { status: 404, headers: noStore });
  // The campaign of a short link (?utm_source=…) goes along to the page (decision 079).
  throw redirect(`${jobPath(job)}${new URL(request.url).search}`, { status: 302, headers: noStore });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function JobRedirect({ loaderData }: Route.ComponentProps) {
  return <JobUnavailable reason={loaderData.status} />;
}
