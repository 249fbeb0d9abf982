import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/candidate-merge";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonStyles } from "~/components/ui/button";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { LocalDate } from "~/components/ui/local-date";
import { idParam } from "~/lib/id-param";
import { pageMeta } from "~/lib/meta";
import { sourceLabel } from "~/lib/source-label";
import { MergeCandidatesQuerySchema, MergeCandidatesSchema } from "~/schemas/candidate";
import { formValues, parseForm } from "~/schemas/parse-form";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { withClientIp } from "~/server/audit/audit.server";
import { mergeCandidates } from "~/server/candidates/merge.server";
import { getCandidate } from "~/server/candidates/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import type { RouteAccess } from "~/lib/permissions";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "candidates.manage", action: "candidates.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Merge candidates", "Merge two candidates who are one person.");

/**
 * /candidates/:candidateId/merge?with=:otherId: the confirmation of a merge (decision 085). The
 * candidate whose page it is stays; the other's applications move to them and the other is removed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const keepId = idParam(params.candidateId, "Candidate not found");
  const mergeId = parseQuery(MergeCandidatesQuerySchema, request.url).with;
  if (!mergeId || mergeId.toLowerCase() === keepId.toLowerCase()) throw data("Candidate not found", { status: 404 });
  const db = appDatabase();
  const [keep, merge] = await Promise.all([getCandidate(db, staff, keepId), getCandidate(db, staff, mergeId)]);
  if (!keep || !merge) throw data("Candidate not found", { status: 404 });
  const side = (candidate: NonNullable<typeof keep>) => ({
    id: candidate.id,
    name: candidate.name,
    email: candidate.email,
    phone: candidate.phone,
    source: sourceLabel(candidate.source, candidate.sourceDetail),
    createdAt: candidate.createdAt,
    lastAppliedAt: candidate.lastAppliedAt,
    applications: candidate.applications.map((a) => ({ id: a.id, jobTitle: a.jobTitle, stageName: a.stageName, status: a.status })),
  });
  return { keep: side(keep), merge: side(merge) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const keepId = idParam(params.candidateId, "Candidate not found");
  const parsed = parseForm(MergeCandidatesSchema, formValues(await request.formData()));
  if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
  try {
    await mergeCandidates(appDatabase(), withClientIp(staff, context), { keepId, mergeId: parsed.data.with });
  } catch (error) {
    const answer = answerDomainError(error, { notFound: "Candidate not found" });
    return data({ errors: answer.errors }, answer.init);
  }
  return redirectWithNotice(`/candidates/${keepId}`, "candidates-merged");
}

type Side = Route.ComponentProps["loaderData"]["keep"];

export default function CandidateMerge({ loaderData, actionData }: Route.ComponentProps) {
  const { keep, merge } = loaderData;
  const navigation = useNavigation();
  const error = actionData?.errors ? Object.values(actionData.errors)[0] : null;
  const mergedCameFirst = merge.createdAt < keep.createdAt;
  const applications = keep.applications.length + merge.applications.length;

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to={`/candidates/${keep.id}`}>
        Back to {keep.name}
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Merge candidates</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        {merge.name} will be merged into {keep.name}: one candidate with the applications of both. {merge.name}&apos;s profile is then removed; this
        cannot be undone.
      </p>
      {error ? (
        <div className="mt-4">
          <Alert title="The candidates were not merged">{error}</Alert>
        </div>
      ) : null}

      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <CandidateCard side={keep} tag={<Badge tone="green">Kept</Badge>} heading="This profile stays" />
        <CandidateCard side={merge} tag={<Badge tone="red">Removed</Badge>} heading="Merged into it, then removed" />
      </div>

      <section aria-labelledby="result-heading" className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-5">
        <h2 id="result-heading" className="text-lg font-semibold text-slate-900">
          After the merge
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Detail label="Name">{keep.name}</Detail>
          <Detail label="Email">
            <span className="break-all">{keep.email}</span>
          </Detail>
          <Detail label="Phone">
            {keep.phone ?? merge.phone ?? "—"}
            {!keep.phone && merge.phone ? <span className="text-slate-500"> (from {merge.name})</span> : null}
          </Detail>
          <Detail label="First came in">
            <LocalDate value={mergedCameFirst ? merge.createdAt : keep.createdAt} /> · {mergedCameFirst ? merge.source : keep.source}
          </Detail>
          <Detail label="Applications">
            {applications === 0 ? "None" : `${applications}, of which ${merge.applications.length} moved from ${merge.name}`}
          </Detail>
          <Detail label="Their other email">
            <span className="break-all">{merge.email}</span> finds {keep.name} if they apply again
          </Detail>
        </dl>
      </section>

      <Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
        <input type="hidden" name="with" value={merge.id} />
        <Button type="submit" variant="danger" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Merging…" : "Merge candidates"}
        </Button>
        <Link to={`/candidates/${keep.id}`} className={buttonStyles.ghost}>
          Cancel
        </Link>
        <Link to={`/candidates/${merge.id}/merge?${new URLSearchParams({ with: keep.id })}`} className="text-sm font-semibold text-brand-700 hover:underline">
          Keep {merge.name} instead
        </Link>
      </Form>
    </div>
  );
}

function CandidateCard({ side, tag, heading }: { side: Side; tag: ReactNode; heading: string }) {
  return (
    <section aria-label={`${heading}: ${side.name}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{heading}</p>
        {tag}
      </div>
      <h2 className="mt-2 text-lg font-semibold text-slate-900">
        <Link to={`/candidates/${side.id}`} className="hover:text-brand-700">
          {side.name}
        </Link>
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <Detail label="Email">
          <span className="break-all">{side.email}</span>
        </Detail>
        <Detail label="Phone">{side.phone ?? "—"}</Detail>
        <Detail label="Source">{side.source}</Detail>
        <Detail label="Added">
          <LocalDate value={side.createdAt} />
        </Detail>
        <Detail label="Last activity">
          <LocalDate value={side.lastAppliedAt} />
        </Detail>
        <Detail label={`Applications (${side.applications.length})`}>
          {side.applications.length === 0 ? (
            "None"
          ) : (
            <ul className="space-y-1">
              {side.applications.map((application) => (
                <li key={application.id}>
                  {application.jobTitle} <span className="text-slate-500">· {application.stageName ?? "—"}</span>
                  {application.status !== "active" ? <span className="text-slate-500"> · {application.status}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Detail>
      </dl>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Candidate not found", text: "One of the two candidates may have been merged or removed already, or belongs to another company." }}
      unexpected={{ title: "Failed to load the candidates", text: "Please try again later." }}
      back={{ to: "/candidates", label: "Back to Candidates" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
