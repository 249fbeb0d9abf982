import { data, useLocation } from "react-router";
import type { Route } from "./+types/pipeline";
import { idParam } from "~/lib/id-param";
import { Badge, jobStatusTone } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { type MoveResponse, PipelineBoard } from "~/features/pipeline-board/pipeline-board";
import { InactiveLane } from "~/features/pipeline-board/inactive-lane";
import { JobStatusActions } from "~/features/job-status/job-status-actions";
import { pageMeta } from "~/lib/meta";
import { jobPath } from "~/lib/slug";
import { MoveApplicationSchema, PipelineQuerySchema } from "~/schemas/application-review";
import { parseQuery } from "~/schemas/query";
import { formValues, parseForm } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { CARDS_PER_MORE, CARDS_PER_PAGE, getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { moveApplication } from "~/server/applications/pipeline.server";
import { can, type RouteAccess } from "~/lib/permissions";
import { BulkApplicationsBar } from "~/features/bulk-applications/bulk-bar";
import { listBulkChoices } from "~/server/applications/choices.server";
import { useCan } from "~/lib/use-can";
import { BackLink } from "~/components/ui/back-link";
import { formatCount } from "~/lib/count";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.view", action: "applications.decide" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data ? `${data.job.title} pipeline` : "Pipeline", "Move candidates through the hiring pipeline.");

/** "Show more" adds CARDS_PER_MORE cards to a column: ?more=<stageId> once per extra page, up to 5,000 cards. */
function shownPerStage(url: string): Record<string, number> {
  const shown: Record<string, number> = {};
  for (const stageId of parseQuery(PipelineQuerySchema, url).more) {
    shown[stageId] = Math.min((shown[stageId] ?? CARDS_PER_PAGE) + CARDS_PER_MORE, 5000);
  }
  return shown;
}

/** The rejected lane's cards for ?rejected=<pages>: the first page, then CARDS_PER_MORE more per "Show more"; 0 while hidden. */
function inactiveShown(pages: number): number {
  return pages > 0 ? CARDS_PER_PAGE + (pages - 1) * CARDS_PER_MORE : 0;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const rejectedPages = parseQuery(PipelineQuerySchema, request.url).rejected;
  const db = appDatabase();
  // With the board, its bulk actions' reasons and templates (issue 13), for the roles that decide.
  const [board, bulk] = await Promise.all([
    getPipelineBoard(db, staff, idParam(params.jobId, "Job not found"), shownPerStage(request.url), inactiveShown(rejectedPages)),
    can(staff.role, "applications.decide") ? listBulkChoices(db, staff) : null,
  ]);
  if (!board) throw data("Job not found", { status: 404 });
  return {
    bulk,
    job: { ...board.job, href: jobPath(board.job) },
    columns: board.columns,
    total: board.total,
    inactive: board.inactive,
    rejectedPages,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const jobId = idParam(params.jobId, "Job not found");
  const parsed = parseForm(MoveApplicationSchema, formValues(await request.formData()));
  if (!parsed.success) {
    return data<MoveResponse>({ ok: false, error: Object.values(parsed.errors)[0] ?? "Invalid move." }, { status: 400 });
  }
  try {
    await moveApplication(appDatabase(), staff, parsed.data.applicationId, parsed.data.stageId, jobId);
    return data<MoveResponse>({ ok: true });
  } catch (error) {
    // The board's fetcher shows every refusal on the card, a missing application included.
    const answer = answerDomainError(error, { answerNotFound: true });
    return data<MoveResponse>({ ok: false, applicationId: parsed.data.applicationId, error: answer.message }, answer.init);
  }
}

/** A failed save (a network error, a server error) comes back as a message, never an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<MoveResponse> {
  try {
    return await serverAction();
  } catch (error) {
    console.warn("Failed to save the move:", error);
    return { ok: false, error: "The move could not be saved. Check your connection and try again." };
  }
}

export default function Pipeline({ loaderData }: Route.ComponentProps) {
  const { job, columns, total, inactive, rejectedPages, bulk } = loaderData;
  const location = useLocation();
  const can = useCan();
  const showMoreHref = (stageId: string) => {
    const params = new URLSearchParams(location.search);
    params.append("more", stageId);
    return `?${params}`;
  };
  /** This board with the rejected lane showing `pages` pages (0 hides it). */
  const rejectedHref = (pages: number) => {
    const params = new URLSearchParams(location.search);
    if (pages > 0) params.set("rejected", String(pages));
    else params.delete("rejected");
    const query = params.toString();
    return query ? `?${query}` : location.pathname;
  };

  return (
    <div>
      <BackLink to="/manage/jobs">
        Back to Jobs
      </BackLink>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{job.title}</h1>
            <Badge tone={jobStatusTone(job.status)}>{job.status}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-600" data-testid="pipeline-total">
            {formatCount(total)} total {total === 1 ? "application" : "applications"}
          </p>
          {/* Issue 13: the job's Edit, hiring team and status controls on its pipeline, coming back here (for the roles that manage jobs). */}
          {can("jobs.manage") ? (
            <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Job">
              <ButtonLink to={`/manage/jobs/${job.id}/edit`} variant="secondary">
                Edit job
              </ButtonLink>
              <ButtonLink to={`/manage/jobs/${job.id}/team`} variant="secondary">
                Hiring team
              </ButtonLink>
              <ButtonLink to={`/manage/jobs/${job.id}/interview-plan`} variant="secondary">
                Interview plan
              </ButtonLink>
              <JobStatusActions id={job.id} status={job.status} redirectTo={`/manage/jobs/${job.id}`} />
            </div>
          ) : null}
        </div>
        {/* Issue 12: adds a candidate by hand (no email to them, the history names who added them), where the spec linked to the public form. */}
        <div className="flex flex-wrap gap-2">
          {/* Decision 090: rejected and withdrawn applications leave the columns; their lane shows on request. */}
          <ButtonLink
            to={rejectedHref(inactive.cards ? 0 : 1)}
            preventScrollReset
            replace
            variant="secondary"
            aria-expanded={inactive.cards ? true : false}
            aria-controls={inactive.cards ? "inactive-lane" : undefined}
          >
            {inactive.cards ? "Hide rejected" : `Show rejected (${formatCount(inactive.count)})`}
          </ButtonLink>
          {/* Issue 12: the job's applicants ranked by how well they cover its requirements (decision 087). */}
          <ButtonLink to={`/manage/jobs/${job.id}/match`} variant="secondary">
            Sort by match
          </ButtonLink>
          {can("candidates.manage") ? <ButtonLink to={`/candidates/new?${new URLSearchParams({ job: job.id })}`}>Add Candidate</ButtonLink> : null}
        </div>
      </div>
      <div className="mt-6">
        <PipelineBoard
          columns={columns}
          moveAction={`/manage/jobs/${job.id}`}
          showMoreHref={showMoreHref}
          schedule={can("interviews.schedule")}
          bulk={
            bulk
              ? (state) => (
                  <BulkApplicationsBar
                    selected={state.selected}
                    onPage={state.onBoard}
                    total={state.onBoard}
                    totalExact
                    allMatching={false}
                    hydrated
                    onSelectAll={state.selectAll}
                    onSelectAllMatching={() => {}}
                    stages={columns.map((column) => ({ id: column.id, name: column.name }))}
                    reasons={bulk.reasons}
                    templates={bulk.templates}
                    errors={state.errors}
                    busy={state.busy}
                  />
                )
              : undefined
          }
        />
      </div>
      {inactive.cards ? (
        <div id="inactive-lane">
          <InactiveLane cards={inactive.cards} count={inactive.count} hasMore={inactive.hasMore} showMoreHref={rejectedHref(rejectedPages + 1)} />
        </div>
      ) : null}
    </div>
  );
}

/** Spec section 8: "Job not found" or the load error, with "Unable to load the job pipeline. Please try again later." */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const text = "Unable to load the job pipeline. Please try again later.";
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Job not found", text }}
      unexpected={{ title: "Failed to load the job pipeline", text }}
      back={{ to: "/manage/jobs", label: "Back to Jobs" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
