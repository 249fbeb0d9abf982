import { data } from "react-router";
import type { Route } from "./+types/email-templates-edit";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { idParam } from "~/lib/id-param";
import { TemplateForm } from "~/features/email-templates/template-form";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { EmailTemplateSchema } from "~/schemas/email-template";
import { formValues, parseForm } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { getEmailTemplate, updateEmailTemplate } from "~/server/mail/email-templates.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "templates.manage", action: "templates.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data ? `Edit ${data.template.name}` : "Edit email template", "Edit an email template.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const template = await getEmailTemplate(appDatabase(), staff, idParam(params.templateId, "Email template not found"));
  if (!template) throw data("Email template not found", { status: 404 });
  return { template };
}

const TEMPLATE_MAX_LENGTHS = maxLengthsOf(EmailTemplateSchema);

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const templateId = idParam(params.templateId, "Email template not found");
  const values = formValues(await request.formData());
  const parsed = parseForm(EmailTemplateSchema, values);
  if (!parsed.success) return data({ errors: parsed.errors, values: echoFormValues(values, TEMPLATE_MAX_LENGTHS) }, { status: 400 });
  try {
    await updateEmailTemplate(appDatabase(), staff, templateId, parsed.data);
  } catch (error) {
    const answer = answerDomainError(error, { notFound: "Email template not found" });
    return data({ errors: answer.errors, values: echoFormValues(values, TEMPLATE_MAX_LENGTHS) }, answer.init);
  }
  return redirectWithNotice("/email-templates", "template-saved");
}

export default function EditEmailTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values;
  const { template } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to="/email-templates">
        Back to Email Templates
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Edit Template</h1>
      <div className="mt-6">
        <TemplateForm
          key={values ? "submitted" : template.id}
          defaults={{ name: values?.name ?? template.name, subject: values?.subject ?? template.subject, body: values?.body ?? template.body }}
          serverErrors={actionData?.errors}
          submitLabel="Save changes"
        />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Email template not found", text: "It may have been deleted, or it belongs to another company." }}
      back={{ to: "/email-templates", label: "Back to Email Templates" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
