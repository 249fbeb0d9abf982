import { data, Form, Link, redirect, useNavigation } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import type { Route } from "./+types/email-templates";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { LocalDate } from "~/features/pipeline-board/local-date";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/server/auth.server";
import { appDatabase } from "~/server/db.server";
import { isDomainError } from "~/server/errors.server";
import { deleteEmailTemplate, listEmailTemplates } from "~/server/services/email-templates.server";

export const meta: Route.MetaFunction = () => pageMeta("Email Templates", "Your company's email templates.");

const SAVED_MESSAGES: Record<string, string> = {
  created: "Template created.",
  updated: "Template saved.",
  deleted: "Template deleted.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const url = new URL(request.url);
  const message = SAVED_MESSAGES[url.searchParams.get("saved") ?? ""] ?? null;
  const confirmDelete = url.searchParams.get("delete");
  try {
    const templates = await listEmailTemplates(appDatabase(), staff);
    return {
      templates: templates.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
      error: null,
      message,
      confirmDelete,
    };
  } catch (error) {
    console.error("Error loading email templates:", error);
    return { templates: [], error: "Failed to load email templates", message, confirmDelete: null };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const form = await request.formData();
  const id = form.get("id");
  if (form.get("intent") !== "delete" || typeof id !== "string") return data({ error: "Unknown request." }, { status: 400 });
  try {
    await deleteEmailTemplate(appDatabase(), staff, id);
  } catch (error) {
    if (isDomainError(error) && error.code === "NOT_FOUND") return data({ error: "That template no longer exists." }, { status: 404 });
    throw error;
  }
  return redirect("/email-templates?saved=deleted");
}

export default function EmailTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, error, message, confirmDelete } = loaderData;
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Email Templates</h1>
        <ButtonLink to="/email-templates/new">New Template</ButtonLink>
      </div>
      {message ? (
        <div className="mt-4">
          <Alert tone="success">{message}</Alert>
        </div>
      ) : null}
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
                {confirmDelete === template.id ? (
                  <div role="alertdialog" aria-labelledby={`confirm-${template.id}`} className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3">
                    <p id={`confirm-${template.id}`} className="text-sm text-red-800">
                      Delete “{template.name}”? This cannot be undone.
                    </p>
                    <Form method="post" className="mt-3 flex gap-2">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={template.id} />
                      <Button type="submit" variant="danger" disabled={deleting} autoFocus>
                        {deleting ? "Deleting…" : "Delete template"}
                      </Button>
                      <Link to="/email-templates" replace preventScrollReset className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-white">
                        Cancel
                      </Link>
                    </Form>
                  </div>
                ) : (
                  <div className="mt-auto flex gap-2 pt-4">
                    <ButtonLink to={`/email-templates/${template.id}/edit`} variant="secondary" aria-label={`Edit ${template.name}`}>
                      Edit
                    </ButtonLink>
                    <ButtonLink
                      to={`/email-templates?delete=${template.id}`}
                      replace
                      preventScrollReset
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={`Delete ${template.name}`}
                    >
                      Delete
                    </ButtonLink>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
