import { useActionData } from "react-router";
import type { Route } from "./+types/jobs-new";
import { JobForm } from "~/features/job-form/job-form";
import { pageMeta } from "~/lib/meta";
import { newJobFormState } from "~/schemas/job";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { createJob } from "~/server/jobs/jobs.server";
import { listEmailTemplates } from "~/server/mail/email-templates.server";
import { handleJobFormPost } from "./job-form-action.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.manage", action: "jobs.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Create New Job", "Post a new job with its application form and hiring pipeline.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  // The stages' automatic emails choose among the company's templates (decision 095).
  const templates = await listEmailTemplates(appDatabase(), staff);
  return { templates: templates.map((template) => ({ id: template.id, name: template.name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  return handleJobFormPost(
    request,
    async (input, intent) => {
      // A draft goes to its preview, where it can be published; Create Job publishes at once.
      if (intent === "draft") {
        const { id } = await createJob(appDatabase(), staff, input, { status: "draft" });
        return redirectWithNotice(`/manage/jobs/${id}/preview`, "draft-saved");
      }
      await createJob(appDatabase(), staff, input, { status: "published" });
      return redirectWithNotice("/manage/jobs", "job-published");
    },
    {
      log: "Error creating job:",
      fallback: "Failed to create job. Please try again.",
    },
  );
}

export default function NewJob({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to="/manage/jobs">
        Back to jobs
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Create New Job</h1>
      <p className="mt-1 text-sm text-slate-600">
        Create Job puts it on the public job board at once. Save as draft keeps it to your team: you can preview it as candidates will see it, and publish it when it is ready.
      </p>
      <div className="mt-6">
        <JobForm
          initial={actionData?.state ?? newJobFormState()}
          errors={actionData?.errors}
          failure={actionData?.failure}
          failureTitle="Error creating job"
          defaultIntent="draft"
          submits={[
            { intent: "draft", label: "Save as draft", busyLabel: "Saving…", variant: "secondary" },
            { intent: "publish", label: "Create Job", busyLabel: "Publishing…" },
          ]}
          cancelTo="/manage/jobs"
          templates={loaderData.templates}
        />
      </div>
    </div>
  );
}
