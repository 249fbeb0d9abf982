import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/candidates-import";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { pageMeta } from "~/lib/meta";
import { CANDIDATE_IMPORT_MAX_BYTES, CANDIDATE_IMPORT_MAX_ROWS, IMPORT_MESSAGES } from "~/schemas/candidate";
import { requireStaff } from "~/server/accounts/session.server";
import { previewCandidateImport } from "~/server/candidates/import.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "candidates.manage", action: "candidates.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Import candidates", "Import candidates from a CSV file.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, access.loader);
  return null;
}

/** The upload: the file is read and checked, its rows kept for the preview; nothing is imported yet (decision 085). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return data({ errors: { file: IMPORT_MESSAGES.noFile } }, { status: 400 });
  if (file.size > CANDIDATE_IMPORT_MAX_BYTES) return data({ errors: { file: IMPORT_MESSAGES.tooLarge } }, { status: 400 });
  try {
    const { importId } = await previewCandidateImport(appDatabase(), staff, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    return redirect(`/candidates/import/${importId}`);
  } catch (error) {
    const answer = answerDomainError(error);
    return data({ errors: answer.errors }, answer.init);
  }
}

const COLUMNS = [
  { name: "Name", text: "Required: the person's full name." },
  { name: "Email", text: "Required. Someone already in your candidates is linked, not added twice." },
  { name: "Phone", text: "Optional." },
  { name: "Source", text: "Optional: where you found them (an event, a referral, a site)." },
  { name: "Job", text: "Optional: one of your jobs, by its title or its id. They get an application in it." },
  { name: "Stage", text: "Optional: a stage of that job, by its name. The job's first stage when empty." },
];

const EXAMPLE = "Name,Email,Phone,Source,Job,Stage\nAda Lovelace,ada@example.com,+44 20 7946 0958,Meetup,Backend Engineer,Screening";

export default function ImportCandidates({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [tooLarge, setTooLarge] = useState(false);
  const error = tooLarge ? IMPORT_MESSAGES.tooLarge : actionData?.errors.file;
  const formError = actionData?.errors && !("file" in actionData.errors) ? Object.values(actionData.errors)[0] : null;
  const busy = navigation.state === "submitting";

  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to="/candidates">
        Back to Candidates
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Import candidates</h1>
      <p className="mt-1 text-sm text-slate-600">
        Upload a CSV file. You see every row, and what is wrong with any of them, before anything is written; then the import writes every row or
        none. No email is sent to anyone.
      </p>
      {formError ? (
        <div className="mt-4">
          <Alert>{formError}</Alert>
        </div>
      ) : null}

      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        onSubmit={(event) => {
          // Said before a large file is sent at all; the server checks it again.
          const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
          const large = Boolean(file && file.size > CANDIDATE_IMPORT_MAX_BYTES);
          setTooLarge(large);
          if (large) event.preventDefault();
        }}
      >
        <Field
          label="CSV file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          error={error}
          hint={`At most ${CANDIDATE_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows and ${CANDIDATE_IMPORT_MAX_BYTES / 1024 / 1024} MB, saved as CSV UTF-8.`}
          onChange={() => setTooLarge(false)}
          className="[&_input]:file:mr-3 [&_input]:file:rounded-md [&_input]:file:border-0 [&_input]:file:bg-brand-50 [&_input]:file:px-3 [&_input]:file:py-1 [&_input]:file:text-sm [&_input]:file:font-semibold [&_input]:file:text-brand-700"
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Reading the file…" : "Upload and preview"}
          </Button>
        </div>
      </Form>

      <section aria-labelledby="columns-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="columns-heading" className="text-lg font-semibold text-slate-900">
          Columns
        </h2>
        <p className="mt-1 text-sm text-slate-600">The first row names the columns, in any order and any case. Other columns are ignored.</p>
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[7rem_1fr]">
          {COLUMNS.map((column) => (
            <div key={column.name} className="contents">
              <dt className="font-semibold text-slate-900">{column.name}</dt>
              <dd className="text-slate-600">{column.text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm font-medium text-slate-700">For example:</p>
        <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800">{EXAMPLE}</pre>
      </section>
    </div>
  );
}
