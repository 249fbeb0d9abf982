import { data } from "react-router";
import type { Route } from "./+types/email-templates-new";
import { TemplateForm } from "~/features/email-templates/template-form";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { EmailTemplateSchema } from "~/schemas/email-template";
import { formValues, parseForm } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { createEmailTemplate } from "~/server/mail/email-templates.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "templates.manage", action: "templates.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("New email template", "Create an email template.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, access.loader);
  return null;
}

const TEMPLATE_MAX_LENGTHS = maxLengthsOf(EmailTemplateSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  const parsed = parseForm(EmailTemplateSchema, values);
  if (!parsed.success) return data({ errors: parsed.errors, values: echoFormValues(values, TEMPLATE_MAX_LENGTHS) }, { status: 400 });
  await createEmailTemplate(appDatabase(), staff, parsed.data);
  return redirectWithNotice("/email-templates", "template-created");
}

export default function NewEmailTemplate({ actionData }: Route.ComponentProps) {
  const values = actionData?.values;
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to="/email-templates">
        Back to Email Templates
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">New Template</h1>
      <div className="mt-6">
        <TemplateForm
          key={values ? "submitted" : "new"}
          defaults={{ name: values?.name ?? "", subject: values?.subject ?? "", body: values?.body ?? "" }}
          serverErrors={actionData?.errors}
          submitLabel="Create template"
        />
      </div>
    </div>
  );
}
