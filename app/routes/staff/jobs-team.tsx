import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/jobs-team";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { SelectField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { idParam } from "~/lib/id-param";
import { pageMeta } from "~/lib/meta";
import { ROLE_LABELS, TEAM_ROLE_LABELS, TEAM_ROLES, type RouteAccess } from "~/lib/permissions";
import { formValues, parseForm } from "~/schemas/parse-form";
import { HiringTeamActionSchema } from "~/schemas/team";
import { requireStaff } from "~/server/accounts/session.server";
import { listHiringTeam, removeHiringTeamMember, setHiringTeamMember } from "~/server/jobs/hiring-team.server";
import { getStaffJob } from "~/server/jobs/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { listMentionableMembers } from "~/server/notes/members.server";
import { BackLink } from "~/components/ui/back-link";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "jobs.manage", action: "jobs.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data ? `Hiring team: ${data.job.title}` : "Hiring team", "Who works on this job, and as what.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const job = await getStaffJob(db, staff, idParam(params.id, "Job not found"));
  if (!job) throw data("Job not found", { status: 404 });
  const [team, members] = await Promise.all([listHiringTeam(db, staff, job.id), listMentionableMembers(db, staff)]);
  return { job: { id: job.id, title: job.title }, team, teammates: members.map((member) => ({ id: member.userId, name: member.name, role: member.role })) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const jobId = idParam(params.id, "Job not found");
  const parsed = parseForm(HiringTeamActionSchema, formValues(await request.formData()));
  if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
  const db = appDatabase();
  try {
    if (parsed.data.intent === "set-member") {
      await setHiringTeamMember(db, staff, jobId, parsed.data.userId, parsed.data.teamRole);
      return redirectWithNotice(`/manage/jobs/${jobId}/team`, "team-member-set");
    }
    await removeHiringTeamMember(db, staff, jobId, parsed.data.userId);
    return redirectWithNotice(`/manage/jobs/${jobId}/team`, "team-member-removed");
  } catch (error) {
    const answer = answerDomainError(error, { notFound: "Job not found" });
    return data({ errors: answer.errors }, answer.init);
  }
}

const TEAM_ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));

/** A job's hiring team (decision 096): hiring managers see the job and its candidates; interviewers are asked for feedback. */
export default function JobHiringTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { job, team, teammates } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const onTeam = new Set(team.map((member) => member.userId));
  const candidates = teammates.filter((member) => !onTeam.has(member.id));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <BackLink to={`/manage/jobs/${job.id}`}>
          Back to the pipeline
        </BackLink>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Hiring team</h1>
        <p className="mt-1 text-sm text-slate-600">
          {job.title}: hiring managers on the team see this job and move its candidates; admins and recruiters see every job.
        </p>
      </div>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <Panel id="team" title="On the team">
        {team.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">Nobody is on this job&apos;s hiring team yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Hiring team">
            {team.map((member) => (
              <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere text-slate-900">{member.name}</p>
                  <p className="text-slate-500">{TEAM_ROLE_LABELS[member.teamRole]}</p>
                </div>
                <ConfirmAction
                  id={`remove-${member.userId}`}
                  label="Remove"
                  ariaLabel={`Remove ${member.name} from the hiring team`}
                  variant="secondary"
                  title={`Remove ${member.name} from the hiring team?`}
                  description="A hiring manager who leaves the team no longer sees this job or its candidates."
                  confirmLabel="Remove from team"
                >
                  <input type="hidden" name="intent" value="remove-member" />
                  <input type="hidden" name="userId" value={member.userId} />
                </ConfirmAction>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel id="add" title="Add to the team">
        {candidates.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">Everyone in your company is on this team. Invite colleagues in Settings › Team.</p>
        ) : (
          <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="set-member" />
            <SelectField
              label="Teammate"
              name="userId"
              options={[{ value: "", label: "Choose a teammate" }, ...candidates.map((member) => ({ value: member.id, label: `${member.name} (${ROLE_LABELS[member.role]})` }))]}
              error={errors.userId}
              className="sm:w-72"
              required
            />
            <SelectField label="Part" name="teamRole" options={TEAM_ROLE_OPTIONS} defaultValue="interviewer" error={errors.teamRole} className="sm:w-48" />
            <Button type="submit" className="sm:mt-6" disabled={busy}>
              Add to team
            </Button>
          </Form>
        )}
      </Panel>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{ title: "Job not found", text: "It may have been deleted, or it belongs to another company." }}
      unexpected={{ title: "Failed to load the hiring team", text: "Please try again later." }}
      back={{ to: "/manage/jobs", label: "Back to Jobs" }}
      className={STAFF_ERROR_CARD}
    />
  );
}
