import { data, Link } from "react-router";
import type { Route } from "./+types/candidate";
import { Badge } from "~/components/ui/badge";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";
import { TagsPanel } from "~/features/candidate-tags/candidate-tags";
import { idParam } from "~/lib/id-param";
import { pageMeta } from "~/lib/meta";
import { sourceLabel } from "~/lib/source-label";
import { applicationStatusTone } from "~/schemas/application-review";
import { CandidateTagSchema } from "~/schemas/candidate";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { getCandidate } from "~/server/candidates/queries.server";
import { addCandidateTag, CANDIDATE_NOT_FOUND, listCompanyTags, removeCandidateTag } from "~/server/candidates/tags.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data ? data.candidate.name : "Candidate", "A candidate's profile and applications.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const db = appDatabase();
  const candidateId = idParam(params.candidateId, CANDIDATE_NOT_FOUND);
  const [candidate, tagSuggestions] = await Promise.all([getCandidate(db, staff, candidateId), listCompanyTags(db, staff)]);
  if (!candidate) throw data(CANDIDATE_NOT_FOUND, { status: 404 });
  return {
    candidate: {
      ...candidate,
      source: sourceLabel(candidate.source, candidate.sourceDetail),
      applications: candidate.applications.map((a) => ({ ...a, source: sourceLabel(a.source, a.sourceDetail) })),
    },
    tagSuggestions,
  };
}

/** The Tags panel's forms: "Add tag" and each tag's remove button (decision 084). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const candidateId = idParam(params.candidateId, CANDIDATE_NOT_FOUND);
  const parsed = parseForm(CandidateTagSchema, formValues(await request.formData()));
  if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
  const db = appDatabase();
  const page = `/candidates/${candidateId}`;
  try {
    if (parsed.data.intent === "add-tag") {
      const { added } = await addCandidateTag(db, staff, { candidateId, name: parsed.data.tag });
      return redirectWithNotice(page, added ? "tag-added" : "tag-existing", { replace: true });
    }
    const { removed } = await removeCandidateTag(db, staff, { candidateId, name: parsed.data.tag });
    return redirectWithNotice(page, removed ? "tag-removed" : "tag-not-there", { replace: true });
  } catch (error) {
    // Another company's candidate (or none) is the page's 404.
    const answer = answerDomainError(error, { notFound: CANDIDATE_NOT_FOUND });
    return data({ errors: answer.errors as FieldErrors }, answer.init);
  }
}

export default function Candidate({ loaderData, actionData }: Route.ComponentProps) {
  const { candidate, tagSuggestions } = loaderData;
  const count = candidate.applications.length;
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/candidates" className="text-sm font-semibold text-brand-600 hover:text-brand-700">
        ← Back to Candidates
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{candidate.name}</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel id="applications" title={`Applications (${count})`} className="lg:col-span-2 lg:self-start">
          {count === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No applications: the jobs they applied to were deleted.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {candidate.applications.map((application) => (
                <li key={application.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                  <div className="min-w-0">
                    <Link to={`/applications/${application.id}`} className="font-semibold text-slate-900 hover:text-brand-700">
                      {application.jobTitle}
                    </Link>
                    <p className="text-xs text-slate-500">
                      Applied <LocalDate value={application.createdAt} />
                      {application.candidateEmail !== candidate.email ? ` as ${application.candidateEmail}` : ""} · {application.source}
                    </p>
                  </div>
                  <div className="flex items-center gap-2 text-sm text-slate-700">
                    <span>{application.stageName ?? "—"}</span>
                    <Badge tone={applicationStatusTone(application.status)}>{application.status}</Badge>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <div className="space-y-6">
          <Panel id="contact" title="Contact">
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="font-medium text-slate-500">Email</dt>
                <dd className="break-all">
                  <a href={`mailto:${candidate.email}`} className="text-brand-700 hover:underline">
                    {candidate.email}
                  </a>
                </dd>
              </div>
              {candidate.phone ? (
                <div>
                  <dt className="font-medium text-slate-500">Phone</dt>
                  <dd>{candidate.phone}</dd>
                </div>
              ) : null}
              <div>
                <dt className="font-medium text-slate-500">Source</dt>
                <dd>{candidate.source}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-500">Added</dt>
                <dd>
                  <LocalDate value={candidate.createdAt} />
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-500">Last activity</dt>
                <dd>
                  <LocalDate value={candidate.lastAppliedAt} />
                </dd>
              </div>
            </dl>
          </Panel>
          <TagsPanel tags={candidate.tags} suggestions={tagSuggestions} answer={actionData} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Candidate not found", text: "It may have been removed, or it belongs to another company." }}
      unexpected={{ title: "Failed to load the candidate", text: "Please try again later." }}
      back={{ to: "/candidates", label: "Back to Candidates" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
