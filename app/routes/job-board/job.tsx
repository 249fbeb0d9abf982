import type { Route } from "./+types/job";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { JobDetails, jobPageMeta } from "./job-details";
import { loadJobPage } from "./job-page.server";
import { JobUnavailable } from "./job-unavailable";

// The public job page. Its apply page is a route of its own (job-apply.tsx), so this page ships
// none of the form's validation code.

export const meta: Route.MetaFunction = ({ data }) => jobPageMeta(data);

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadJobPage(params, false, new URL(request.url).search);
}

export default function JobPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.status !== "published") return <JobUnavailable reason={loaderData.status} />;
  return <JobDetails page={loaderData} />;
}
