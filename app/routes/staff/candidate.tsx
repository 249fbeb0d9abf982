import { data, Form, Link } from "react-router";
import { RowLink } from "~/components/ui/row-link";
import type { Route } from "./+types/candidate";
import { CandidatePrivacyPanel } from "~/features/privacy/candidate-privacy-panel";
import { isErased } from "~/lib/erased";
import { Badge } from "~/components/ui/badge";
import { buttonStyles } from "~/components/ui/button";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { HistoryList } from "~/components/ui/history-list";
import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";
import { idParam } from "~/lib/id-param";
import { pageMeta } from "~/lib/meta";
import { sourceLabel } from "~/lib/source-label";
import { applicationStatusTone } from "~/schemas/application-review";
import { CandidateTagSchema, DismissDuplicateSchema } from "~/schemas/candidate";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { recordCandidateView, withClientIp } from "~/server/audit/audit.server";
import { describeActivity, isCandidateEvent, listCandidateActivity } from "~/server/activity/queries.server";
import { type DuplicateReason, dismissDuplicate, findPossibleDuplicates } from "~/server/candidates/duplicates.server";
import { getCandidate } from "~/server/candidates/queries.server";
import { addCandidateTag, CANDIDATE_NOT_FOUND, listTagsAndMembers, removeCandidateTag } from "~/server/candidates/tags.server";
import { TagsPanel } from "~/features/candidate-tags/candidate-tags";
import { listCandidateCvs } from "~/server/cvs/queries.server";
import { CvList } from "~/features/candidate-cvs/cv-list";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "candidates.manage", action: "candidates.manage" } as const satisfies RouteAccess;
import { type NoteAnswer, NotesPanel } from "~/features/notes/notes-panel";
import { listNotes } from "~/server/notes/queries.server";
import { answerNoteForm, isNoteIntent } from "./notes-action.server";
import { interviewItems, listInterviews } from "~/server/interviews/interviews.server";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import { InterviewList } from "~/features/interviews/interviews-panel";
import { noteViews } from "./notes-view.server";
import { NoValue } from "~/components/ui/no-value";
import { BackLink } from "~/components/ui/back-link";

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data ? data.candidate.name : "Candidate", "A candidate's profile and applications.");

/** Why two candidates look like one person, as the page says it. */
const REASON_TEXT: Record<DuplicateReason, string> = {
  phone: "Same phone number",
  name_email: "Same name, similar email",
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const candidateId = idParam(params.candidateId, CANDIDATE_NOT_FOUND);
  const [candidate, duplicates, history, cvs, { tags: tagSuggestions, members }, notes, interviews] = await Promise.all([
    getCandidate(db, staff, candidateId),
    findPossibleDuplicates(db, staff, candidateId),
    listCandidateActivity(db, staff, candidateId),
    listCandidateCvs(db, staff, candidateId),
    listTagsAndMembers(db, staff),
    listNotes(db, staff, { candidateId }),
    listInterviews(db, staff, { candidateId }),
  ]);
  if (!candidate) throw data(CANDIDATE_NOT_FOUND, { status: 404 });
  await recordCandidateView(db, withClientIp(staff, context), candidateId);
  return {
    cvs,
    // Read-only here: each is scheduled, moved and cancelled on its application's page (decision 102).
    interviews: interviewItems(interviews, staffTimeZone(request, staff)),
    notes: noteViews(notes, staff),
    members,
    candidate: {
      ...candidate,
      source: sourceLabel(candidate.source, candidate.sourceDetail),
      applications: candidate.applications.map((a) => ({ ...a, source: sourceLabel(a.source, a.sourceDetail) })),
    },
    duplicates: duplicates.map((duplicate) => ({
      id: duplicate.id,
      name: duplicate.name,
      email: duplicate.email,
      phone: duplicate.phone,
      why: duplicate.reasons.map((reason) => REASON_TEXT[reason]).join(" · "),
    })),
    history: history.map((item) => ({
      id: item.id,
      text: describeActivity(item),
      actorName: isCandidateEvent(item) ? "Candidate" : (item.actorName ?? "Former staff member"),
      createdAt: item.createdAt,
    })),
    tagSuggestions,
  };
}

/**
 * The page's forms: "Not a duplicate" (the pair is never suggested again, decision 085), and the
 * Tags panel's "Add tag" and each tag's remove button (decision 084).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const candidateId = idParam(params.candidateId, CANDIDATE_NOT_FOUND);
  const values = formValues(await request.formData());
  const db = appDatabase();
  const page = `/candidates/${candidateId}`;
  if (isNoteIntent(values.intent)) {
    const form = { intent: values.intent, noteId: values.noteId, body: values.body };
    return answerNoteForm(db, staff, { candidateId }, form, page);
  }
  if (values.intent === "not-duplicate") {
    const parsed = parseForm(DismissDuplicateSchema, values);
    if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
    try {
      await dismissDuplicate(db, staff, { candidateId, otherId: parsed.data.other });
    } catch (error) {
      const answer = answerDomainError(error, { notFound: CANDIDATE_NOT_FOUND });
      return data({ errors: answer.errors as FieldErrors }, answer.init);
    }
    return redirectWithNotice(page, "duplicate-dismissed");
  }
  const parsed = parseForm(CandidateTagSchema, values);
  if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
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
  const { candidate, duplicates, history, cvs, tagSuggestions, notes, members, interviews } = loaderData;
  const count = candidate.applications.length;
  // "Not a duplicate" refused (another company's candidate) is said at the top; the Tags panel says its own.
  const errors = actionData?.errors as FieldErrors | undefined;
  const error = errors && !errors.tag && errors.intent === undefined ? (errors.other ?? errors.form ?? null) : null;
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to="/candidates">
        Back to Candidates
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{candidate.name}</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      {duplicates.length > 0 ? (
        <section aria-labelledby="duplicates-heading" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-5">
          <h2 id="duplicates-heading" className="text-lg font-semibold text-amber-950">
            Possible duplicate{duplicates.length === 1 ? "" : "s"}
          </h2>
          <p className="mt-1 text-sm text-amber-900">
            {duplicates.length === 1 ? "This candidate looks like the same person as this one." : "This candidate looks like the same person as these."} Merge them to
            keep one profile with every application, or say they are different people.
          </p>
          <ul className="mt-3 divide-y divide-amber-200">
            {duplicates.map((duplicate) => (
              <li key={duplicate.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 flex-1">
                  <Link to={`/candidates/${duplicate.id}`} className="font-semibold text-slate-900 hover:text-brand-700">
                    {duplicate.name}
                  </Link>
                  <p className="break-all text-sm text-slate-700">{duplicate.email}</p>
                  {duplicate.phone ? <p className="text-sm text-slate-700">{duplicate.phone}</p> : null}
                  <p className="mt-0.5 text-xs font-medium text-amber-900">{duplicate.why}</p>
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  <Link
                    to={`/candidates/${candidate.id}/merge?${new URLSearchParams({ with: duplicate.id })}`}
                    className={buttonStyles.secondary}
                    aria-label={`Merge ${duplicate.name} into ${candidate.name}`}
                  >
                    Merge…
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="not-duplicate" />
                    <input type="hidden" name="other" value={duplicate.id} />
                    <button type="submit" className={buttonStyles.ghost} aria-label={`${duplicate.name} is not a duplicate`}>
                      Not a duplicate
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Panel id="applications" title={`Applications (${count})`}>
            {count === 0 ? (
              <p className="mt-3 text-sm text-slate-600">No applications: they were added or imported without a job, or the jobs they applied to were deleted.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {candidate.applications.map((application, index) => (
                  <li key={application.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                    <div className="min-w-0">
                      <RowLink to={`/applications/${application.id}`} discover={index === 0} className="font-semibold text-slate-900 hover:text-brand-700">
                        {application.jobTitle}
                      </RowLink>
                      <p className="text-xs text-slate-500">
                        Applied <LocalDate value={application.createdAt} />
                        {application.candidateEmail !== candidate.email ? ` as ${application.candidateEmail}` : ""} · {application.source}
                      </p>
                    </div>
                    <div className="flex items-center gap-2 text-sm text-slate-700">
                      <span>{application.stageName ?? <NoValue />}</span>
                      <Badge tone={applicationStatusTone(application.status)}>{application.status}</Badge>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Panel>

          <Panel id="interviews" title="Interviews">
            <InterviewList interviews={interviews} showJob />
          </Panel>

          <Panel id="cvs" title={cvs.length > 1 ? `CVs (${cvs.length})` : "CV"}>
            <CvList candidateId={candidate.id} cvs={cvs} />
          </Panel>
        </div>

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
          <TagsPanel tags={candidate.tags} suggestions={tagSuggestions} answer={actionData && !("noteValues" in actionData) ? actionData : undefined} />
          <CandidatePrivacyPanel candidateId={candidate.id} erased={isErased(candidate)} erasureRequestedAt={candidate.erasureRequestedAt} />
        </div>

        <div className="lg:col-span-3">
          <NotesPanel notes={notes} members={members} showJob answer={actionData && "noteValues" in actionData ? (actionData as NoteAnswer) : null} />
        </div>

        <Panel id="history" title="History" className="lg:col-span-3">
          <HistoryList items={history} empty="Nothing recorded yet." />
        </Panel>
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
