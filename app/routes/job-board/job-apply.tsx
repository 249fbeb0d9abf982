import { data, redirect, useActionData } from "react-router";
import type { Route } from "./+types/job-apply";
import { idParam } from "~/lib/id-param";
import { ApplyForm } from "~/features/apply-form/apply-form";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { applicationSourceOf } from "~/schemas/application-source";
import { VISIT_SOURCE_FIELDS } from "~/lib/visit-source";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { receiveApplication } from "~/server/applications/receive.server";
import { JobDetails, jobPageMeta } from "./job-details";
import { loadJobPage } from "./job-page.server";
import { JobUnavailable } from "./job-unavailable";

// The apply page: the job, then its form, which posts here.

export const meta: Route.MetaFunction = ({ data }) => jobPageMeta(data);

/** The action's headers (Retry-After when rate-limited) or the loader's reach the document response. */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadJobPage(params, true, new URL(request.url).search);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const received = await receiveApplication(appDatabase(), request, {
    jobId: idParam(params.id, "Job not found"),
    clientIp: context.get(clientIpContext),
    sourceOf: (submitted) => sourceOf(request, submitted),
  });
  // Applied, or a bot filled the field people cannot see (answered like a success, nothing stored).
  if (received.outcome !== "refused") return redirect("/jobs?applied=1");
  return data({ errors: received.errors, values: received.values, failure: received.failure }, received.init);
}

/**
 * Where the application came from (decision 079): the hidden fields the form filled from the
 * visit's first page, or, without JavaScript, the campaign in the apply page's own address.
 */
function sourceOf(request: Request, submitted: Record<string, string>) {
  const fromForm = VISIT_SOURCE_FIELDS.some((name) => submitted[name]?.trim());
  const values = fromForm ? submitted : Object.fromEntries(new URL(request.url).searchParams);
  return applicationSourceOf(values, new URL(config.baseUrl).host);
}

export default function JobApplyPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  if (loaderData.status !== "published") return <JobUnavailable reason={loaderData.status} />;
  return (
    <JobDetails page={loaderData}>
      <section aria-labelledby="apply-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="apply-heading" className="text-xl font-semibold text-slate-900">
          Apply for this job
        </h2>
        <div className="mt-6">
          <ApplyForm
            fields={loaderData.job.formSchema}
            notice={loaderData.privacyNotice}
            cvField={loaderData.job.cvField}
            eeoQuestions={loaderData.job.eeoQuestions}
            errors={actionData?.errors}
            values={actionData?.values}
            failure={actionData?.failure}
          />
        </div>
      </section>
    </JobDetails>
  );
}
