import { data, useNavigation } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import type { Route } from "./+types/email-templates";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { LocalDate } from "~/components/ui/local-date";
import { pageMeta } from "~/lib/meta";
import { DeleteTemplateSchema, TEMPLATE_GONE_MESSAGE } from "~/schemas/email-template";
import { formValues, parseForm } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { deleteEmailTemplate, listEmailTemplates } from "~/server/mail/email-templates.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "templates.manage", action: "templates.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Email Templates", "Your company's email templates.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  try {
    const templates = await listEmailTemplates(appDatabase(), staff);
    return {
      templates: templates.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
      error: null,
    };
  } catch (error) {
    console.error("Error loading email templates:", error);
    return { templates: [], error: "Failed to load email templates" };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  if (values.intent !== "delete") return data({ error: "Unknown request." }, { status: 400 });
  const parsed = parseForm(DeleteTemplateSchema, values);
  if (!parsed.success) return data({ error: TEMPLATE_GONE_MESSAGE }, { status: 404 });
  try {
    await deleteEmailTemplate(appDatabase(), staff, parsed.data.id);
  } catch (error) {
    // The list shows a vanished template as a message above it, not as an error page.
    const answer = answerDomainError(error, { answerNotFound: true, notFound: TEMPLATE_GONE_MESSAGE });
    return data({ error: answer.message }, answer.init);
  }
  return redirectWithNotice("/email-templates", "template-deleted");
}

export default function EmailTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, error } = loaderData;
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Email Templates</h1>
        <ButtonLink to="/email-templates/new">New Template</ButtonLink>
      </div>
      {actionData?.error ? (
        <div className="mt-4">
          <Alert>{actionData.error}</Alert>
        </div>
      ) : null}
      <div className="mt-6">
        {error ? (
          <Alert>{error}</Alert>
        ) : templates.length === 0 ? (
          <EmptyState title="No templates yet." />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {templates.map((template) => (
              <li key={template.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <h2 className="text-base font-semibold text-slate-900">{template.name}</h2>
                <p className="mt-1 line-clamp-2 text-sm text-slate-600">{template.subject}</p>
                <p className="mt-3 text-xs text-slate-500">
                  Created <LocalDate value={template.createdAt} />
                </p>
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  <ButtonLink to={`/email-templates/${template.id}/edit`} variant="secondary" aria-label={`Edit ${template.name}`}>
                    Edit
                  </ButtonLink>
                  <ConfirmAction
                    id={`delete-${template.id}`}
                    label="Delete"
                    ariaLabel={`Delete ${template.name}`}
                    variant="ghost"
                    title={`Delete “${template.name}”?`}
                    description="This cannot be undone. Emails already sent with it stay in each application's history."
                    confirmLabel={deleting ? "Deleting…" : "Delete template"}
                  >
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={template.id} />
                  </ConfirmAction>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
