import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/candidates-import-preview";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink, buttonStyles } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { LocalDate } from "~/components/ui/local-date";
import { Pagination } from "~/components/ui/pagination";
import { idParam } from "~/lib/id-param";
import { displayNameOf } from "~/lib/role-label";
import { pageMeta } from "~/lib/meta";
import { CANDIDATE_IMPORT_KEPT_HOURS, CandidateImportQuerySchema } from "~/schemas/candidate";
import { formValues } from "~/schemas/parse-form";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { getCandidateImport, importCandidates } from "~/server/candidates/import.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "candidates.manage", action: "candidates.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data ? `Import preview: ${data.fileName}` : "Import preview", "The rows of a CSV import.");

/** The preview of an upload (decision 085): every row with its values and errors, 100 a page, and the import's confirmation. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const importId = idParam(params.importId, "Import not found");
  const query = parseQuery(CandidateImportQuerySchema, request.url);
  const found = await getCandidateImport(appDatabase(), staff, importId, { page: query.page, errorsOnly: query.show === "errors" });
  if (!found) throw data("Import not found", { status: 404 });
  return {
    id: found.id,
    fileName: found.fileName,
    status: found.status,
    expired: found.expired,
    createdAt: found.createdAt,
    importedAt: found.importedAt,
    rowCount: found.rowCount,
    errorCount: found.errorCount,
    existingCount: found.existingCount,
    applicationCount: found.applicationCount,
    ignoredColumns: found.ignoredColumns,
    result: found.result,
    rows: found.pageRows,
    page: found.page,
    pages: found.pages,
    errorsOnly: query.show === "errors",
  };
}

/** "Import N candidates": every row written in one transaction, or none. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const importId = idParam(params.importId, "Import not found");
  const values = formValues(await request.formData());
  if (values.intent !== "import") return data({ error: "Unknown action" }, { status: 400 });
  try {
    await importCandidates(appDatabase(), { ...staff, displayName: displayNameOf(staff) }, importId);
  } catch (error) {
    const answer = answerDomainError(error, { notFound: "Import not found" });
    return data({ error: answer.message }, answer.init);
  }
  return redirectWithNotice(`/candidates/import/${importId}`, "candidates-imported");
}

const COLUMNS = [
  { label: "Row and candidate", primary: true, className: "md:min-w-56" },
  { label: "Result", className: "md:min-w-48" },
  { label: "Phone", className: "md:whitespace-nowrap" },
  { label: "Source" },
  { label: "Job" },
  { label: "Stage" },
];

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export default function ImportPreview({ loaderData, actionData }: Route.ComponentProps) {
  const preview = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const newCount = preview.rowCount - preview.existingCount;
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (preview.errorsOnly) params.set("show", "errors");
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return `/candidates/import/${preview.id}${query ? `?${query}` : ""}`;
  };

  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to="/candidates">
        Back to Candidates
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{preview.status === "imported" ? "Import" : "Import preview"}</h1>
      <p className="mt-1 text-sm text-slate-600">
        <span className="break-all">{preview.fileName}</span> · uploaded <LocalDate value={preview.createdAt} withTime /> · {plural(preview.rowCount, "row", "rows")}
      </p>

      <div className="mt-6">
        {preview.status === "imported" && preview.result ? (
          <Alert tone="success" title="Imported">
            <p>
              {plural(preview.result.rows, "row", "rows")} written
              {preview.importedAt ? (
                <>
                  {" "}
                  on <LocalDate value={preview.importedAt} withTime />
                </>
              ) : null}
              : {plural(preview.result.newCandidates, "new candidate", "new candidates")}, {plural(preview.result.existingCandidates, "existing candidate", "existing candidates")}{" "}
              linked, {plural(preview.result.applications, "application", "applications")}.
            </p>
            <p className="mt-2">
              <Link to="/candidates?source=import" className="font-semibold underline">
                See imported candidates
              </Link>
            </p>
          </Alert>
        ) : preview.expired ? (
          <Alert title="This preview has expired">
            It is more than {CANDIDATE_IMPORT_KEPT_HOURS} hours old and nothing was imported. <Link to="/candidates/import" className="font-semibold underline">Upload the file again</Link>.
          </Alert>
        ) : preview.errorCount > 0 ? (
          <Alert title={`${plural(preview.errorCount, "row has", "rows have")} errors`}>
            <p>Nothing has been imported. Fix {preview.errorCount === 1 ? "that row" : "those rows"} in your file and upload it again: the import writes every row or none.</p>
            <p className="mt-3">
              <ButtonLink to="/candidates/import" variant="secondary">
                Upload the fixed file
              </ButtonLink>
            </p>
          </Alert>
        ) : (
          <section aria-labelledby="ready-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
            <h2 id="ready-heading" className="text-lg font-semibold text-slate-900">
              {preview.rowCount === 1 ? "The row is ready" : `All ${plural(preview.rowCount, "row", "rows")} are ready`}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Importing adds {plural(newCount, "new candidate", "new candidates")}, links {plural(preview.existingCount, "existing candidate", "existing candidates")}{" "}
              and makes {plural(preview.applicationCount, "application", "applications")}. No email is sent.
            </p>
            {actionData?.error ? (
              <div className="mt-3">
                <Alert title="Nothing was imported">{actionData.error}</Alert>
              </div>
            ) : null}
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="import" />
              <Button type="submit" disabled={busy}>
                {busy ? "Importing…" : `Import ${plural(preview.rowCount, "candidate", "candidates")}`}
              </Button>
              <Link to="/candidates" className={buttonStyles.ghost}>
                Cancel
              </Link>
            </Form>
          </section>
        )}
        {actionData?.error && preview.errorCount > 0 ? (
          <div className="mt-3">
            <Alert title="Nothing was imported">{actionData.error}</Alert>
          </div>
        ) : null}
      </div>

      {preview.ignoredColumns.length > 0 ? (
        <p className="mt-4 text-sm text-slate-600">Columns not imported: {preview.ignoredColumns.join(", ")}.</p>
      ) : null}

      {preview.status !== "imported" ? (
        <>
          {preview.errorCount > 0 ? (
            <nav aria-label="Rows shown" className="mt-6 flex flex-wrap gap-2 text-sm">
              <Link
                to={`/candidates/import/${preview.id}`}
                aria-current={preview.errorsOnly ? undefined : "page"}
                className={preview.errorsOnly ? buttonStyles.ghost : buttonStyles.secondary}
              >
                All rows ({preview.rowCount.toLocaleString("en-US")})
              </Link>
              <Link
                to={`/candidates/import/${preview.id}?show=errors`}
                aria-current={preview.errorsOnly ? "page" : undefined}
                className={preview.errorsOnly ? buttonStyles.secondary : buttonStyles.ghost}
              >
                Rows with errors ({preview.errorCount.toLocaleString("en-US")})
              </Link>
            </nav>
          ) : null}
          <div className="mt-4">
            <DataTable
              columns={COLUMNS}
              rows={preview.rows.map((row) => ({
                key: String(row.row),
                cells: [
                  <>
                    <p className="text-xs font-medium text-slate-500">Row {row.row}</p>
                    <p className="font-semibold text-slate-900">{row.values.name || "(no name)"}</p>
                    <p className="break-all text-xs text-slate-600">{row.values.email || "(no email)"}</p>
                  </>,
                  row.errors.length > 0 ? (
                    <ul key="errors" className="space-y-0.5 text-red-700">
                      {row.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  ) : (
                    <span
                      key="ok"
                      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${row.existing ? "bg-blue-100 text-blue-800" : "bg-green-100 text-green-800"}`}
                    >
                      {row.existing ? "Existing candidate" : "New candidate"}
                    </span>
                  ),
                  row.values.phone || "—",
                  row.values.source || "—",
                  row.jobTitle ?? (row.values.job || "—"),
                  row.stageName ?? (row.values.stage || "—"),
                ],
              }))}
            />
            {preview.pages > 1 ? (
              <Pagination
                summary={`Page ${preview.page} of ${preview.pages}`}
                previousHref={preview.page > 1 ? pageHref(preview.page - 1) : null}
                nextHref={preview.page < preview.pages ? pageHref(preview.page + 1) : null}
              />
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Import not found", text: "It may have expired, or it belongs to another company." }}
      unexpected={{ title: "Failed to load the import", text: "Please try again later." }}
      back={{ to: "/candidates/import", label: "Import candidates" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
