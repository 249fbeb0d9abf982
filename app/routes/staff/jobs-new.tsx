import { Link, useActionData } from "react-router";
import type { Route } from "./+types/jobs-new";
import { JobForm } from "~/features/job-form/job-form";
import { pageMeta } from "~/lib/meta";
import { newJobFormState } from "~/schemas/job";
import { requireStaff } from "~/server/auth.server";
import { appDatabase } from "~/server/db.server";
import { createJob } from "~/server/services/jobs.server";
import { handleJobFormPost } from "./job-form-action.server";

export const meta: Route.MetaFunction = () => pageMeta("Create New Job", "Post a new job with its application form and hiring pipeline.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  return handleJobFormPost(request, (input) => createJob(appDatabase(), staff, input), {
    log: "Error creating job:",
    fallback: "Failed to create job. Please try again.",
  });
}

export default function NewJob() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/manage/jobs" className="text-sm font-semibold text-brand-600 hover:text-brand-700">
        ← Back to jobs
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Create New Job</h1>
      <div className="mt-6">
        <JobForm
          initial={actionData?.state ?? newJobFormState()}
          errors={actionData?.errors}
          failure={actionData?.failure}
          failureTitle="Error creating job"
          submitLabel="Create Job"
          busyLabel="Creating…"
          cancelTo="/manage/jobs"
        />
      </div>
    </div>
  );
}
