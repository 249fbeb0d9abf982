import { useEffect } from "react";
import { RowLink } from "~/components/ui/row-link";
import { Panel } from "~/components/ui/panel";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/dashboard";
import { Alert } from "~/components/ui/alert";
import { LocalDate } from "~/components/ui/local-date";
import { pageMeta } from "~/lib/meta";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { activityHref, describeActivity, isCandidateEvent, listRecentActivity } from "~/server/activity/queries.server";
import { GettingStarted } from "~/features/dashboard/getting-started";
import { getDashboardStats, getGettingStarted } from "~/server/dashboard/queries.server";
import { requestTimeZone, staffTimeZone, startOfDayInTimeZone } from "~/server/platform/time-zone.server";
import { listInterviewerAgenda } from "~/server/interviews/agenda.server";
import { formatTimeRange, instantToZonedTime } from "~/schemas/zoned-time";
import { useCan } from "~/lib/use-can";
import { TodaysInterviews } from "~/features/dashboard/todays-interviews";
import { TZ_COOKIE } from "~/lib/time-zone-cookie";
import { can, type RouteAccess } from "~/lib/permissions";
import { applicationHref } from "~/lib/application-href";
import { listErasureRequests, listFeedbackTodos, listWaitingCandidates, NEW_APPLICATION_DAYS } from "~/server/dashboard/todos.server";
import { ErasureRequests } from "~/features/dashboard/erasure-requests";
import { erasureAnswerDue } from "~/schemas/candidate-page";
import { FeedbackTodos } from "~/features/dashboard/feedback-todos";
import { WaitingCandidates } from "~/features/dashboard/waiting-candidates";
import { type StatCard, StatCards } from "~/features/dashboard/stat-cards";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "workspace.use" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Dashboard", "Your hiring at a glance.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const timeZone = staffTimeZone(request, staff);
  const db = appDatabase();
  const today = startOfDayInTimeZone(new Date(), timeZone);
  // The next midnight where the member is (a day of 23 or 25 hours on a daylight-saving change).
  const tomorrow = startOfDayInTimeZone(new Date(today.getTime() + 36 * 3_600_000), timeZone);
  // Candidates wait on those who decide (move, reject, hire): not on an interviewer.
  const decides = can(staff.role, "applications.decide");
  const erases = can(staff.role, "candidates.erase");
  const [stats, activity, steps, agenda, owed, waiting, erasures] = await Promise.all([
    getDashboardStats(db, staff, today).catch((error: unknown) => {
      // Spec: if loading the counts fails the counts stay 0 (and the failure is said, not hidden).
      console.error("Error fetching dashboard stats:", error);
      return null;
    }),
    listRecentActivity(db, staff, 10).catch((error: unknown) => {
      console.error("Error fetching recent activity:", error);
      return null;
    }),
    // The checklist is the owner's: they set the company up (names it, invites the team).
    staff.isOwner
      ? getGettingStarted(db, staff).catch((error: unknown) => {
          console.error("Error fetching the getting-started checklist:", error);
          return null;
        })
      : null,
    // Issue 14: the interviews the member sits on today, in their time zone.
    listInterviewerAgenda(db, staff, today, tomorrow).catch((error: unknown) => {
      console.error("Error fetching today's interviews:", error);
      return null;
    }),
    // Issue 15: the member's own to-dos.
    listFeedbackTodos(db, staff).catch((error: unknown) => {
      console.error("Error fetching the feedback to submit:", error);
      return null;
    }),
    decides
      ? listWaitingCandidates(db, staff).catch((error: unknown) => {
          console.error("Error fetching the candidates waiting on the member:", error);
          return null;
        })
      : null,
    // Decision 119: the erasure requests the company's admins answer.
    erases
      ? listErasureRequests(db, staff).catch((error: unknown) => {
          console.error("Error fetching the erasure requests:", error);
          return null;
        })
      : null,
  ]);
  const checklist = steps
    ? [
        {
          id: "company",
          title: "Add your company details",
          description: "Your website and company name appear on every job page.",
          href: SETTINGS_PATHS.company,
          done: steps.companyDetails,
        },
        {
          id: "job",
          title: "Post your first job",
          description: "Describe the role, its application form and its hiring stages.",
          href: "/manage/jobs/new",
          done: steps.firstJob,
        },
        {
          id: "team",
          title: "Invite a teammate",
          description: "Hire together: invite a colleague by email.",
          href: SETTINGS_PATHS.team,
          done: steps.teammate,
        },
      ]
    : [];
  return {
    name: staff.fullName?.trim() || "User",
    timeZone,
    // The zone the browser last told (the tz cookie), and whether the page's times follow it (no zone in the profile).
    toldZone: requestTimeZone(request),
    followsBrowser: !staff.timeZone,
    stats: stats ?? { activeJobs: 0, applicationsToday: 0, pendingReviews: 0 },
    // The reader's day, for the Applications Today counter's list (decision 104).
    today: instantToZonedTime(new Date(), timeZone).date,
    // Hidden once every step is done.
    checklist: checklist.every((item) => item.done) ? null : checklist,
    statsFailed: stats === null,
    interviewsFailed: agenda === null,
    interviews: (agenda ?? []).map((interview) => ({
      id: interview.id,
      href: `/applications/${interview.applicationId}#interviews`,
      title: interview.title,
      candidateName: interview.candidateName,
      jobTitle: interview.jobTitle,
      time: formatTimeRange(interview.startsAt, interview.durationMinutes, timeZone),
      location: interview.location,
    })),
    // Shown only while there are requests (and to those who may erase).
    erasureRequests:
      erasures && erasures.total > 0
        ? {
            total: erasures.total,
            rows: erasures.rows.map((request) => {
              const due = erasureAnswerDue(request.requestedAt);
              return {
                id: request.candidateId,
                href: `/candidates/${request.candidateId}#privacy`,
                candidateName: request.candidateName,
                requestedAt: request.requestedAt.toISOString(),
                dueAt: due.toISOString(),
                overdue: due.getTime() < Date.now(),
              };
            }),
          }
        : null,
    feedbackTodos: {
      failed: owed === null,
      total: owed?.total ?? 0,
      rows: (owed?.rows ?? []).map((todo) => ({
        id: todo.applicationId,
        href: applicationHref(todo.applicationId, "feedback", "scorecard-heading"),
        candidateName: todo.candidateName,
        jobTitle: todo.jobTitle,
        dueSince: todo.dueSince.toISOString(),
        interviewTitle: todo.interviewTitle,
        askedBy: todo.askedBy,
      })),
    },
    // Null for a member who does not decide (an interviewer): no panel.
    waitingCandidates: decides
      ? {
          failed: waiting === null,
          decisions: waiting?.decisions ?? 0,
          newApplications: waiting?.newApplications ?? 0,
          newDays: NEW_APPLICATION_DAYS,
          rows: (waiting?.rows ?? []).map((candidate) => ({
            id: candidate.applicationId,
            href: candidate.reason === "decision" ? applicationHref(candidate.applicationId, "feedback", "feedback-heading") : applicationHref(candidate.applicationId),
            candidateName: candidate.candidateName,
            jobTitle: candidate.jobTitle,
            reason: candidate.reason,
            waitingSince: candidate.waitingSince.toISOString(),
            scorecards: candidate.scorecards,
          })),
        }
      : null,
    activityFailed: activity === null,
    activity: (activity ?? []).map((item) => ({
      id: item.id,
      text: describeActivity(item),
      href: activityHref(item),
      actorName: isCandidateEvent(item) ? null : item.actorName,
      createdAt: item.createdAt,
    })),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, stats, activity, timeZone, toldZone, followsBrowser } = loaderData;
  const revalidator = useRevalidator();
  const can = useCan();

  // Tell the server this browser's time zone once, and recount if the page's times follow it (a zone
  // chosen in the profile wins, decision 103).
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browserZone || browserZone === toldZone) return;
    document.cookie = `${TZ_COOKIE}=${encodeURIComponent(browserZone)}; path=/; max-age=31536000; samesite=lax`;
    if (followsBrowser) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per server answer
  }, [toldZone]);

  // Each counter opens its list (issue 15): the jobs only for the roles that see the jobs list.
  const cards: StatCard[] = [
    { label: "Active Jobs", value: stats.activeJobs, href: can("jobs.view") ? "/manage/jobs?status=published" : null },
    { label: "Applications Today", value: stats.applicationsToday, href: `/applications?applied_from=${loaderData.today}&applied_to=${loaderData.today}` },
    { label: "Pending Reviews", value: stats.pendingReviews, href: "/applications?status=active" },
  ];
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome, {name}!</h1>
      {loaderData.statsFailed ? (
        <div className="mt-4">
          <Alert>Failed to load the dashboard counts. Please try again later.</Alert>
        </div>
      ) : null}
      {loaderData.checklist ? <GettingStarted items={loaderData.checklist} /> : null}
      <StatCards cards={cards} />
      {loaderData.erasureRequests ? <ErasureRequests {...loaderData.erasureRequests} /> : null}
      <TodaysInterviews interviews={loaderData.interviews} failed={loaderData.interviewsFailed} timeZone={timeZone} />
      <div className={`mt-8 grid gap-8${loaderData.waitingCandidates ? " lg:grid-cols-2" : ""}`}>
        <FeedbackTodos {...loaderData.feedbackTodos} />
        {loaderData.waitingCandidates ? <WaitingCandidates {...loaderData.waitingCandidates} /> : null}
      </div>
      <Panel id="activity" title="Recent Activity" className="mt-8">
        {loaderData.activityFailed ? (
          <p className="mt-3 text-sm text-red-700">Failed to load recent activity.</p>
        ) : activity.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No recent activity</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {activity.map((item) => (
              <li key={item.id} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <RowLink to={item.href} className="text-sm font-medium text-slate-900 hover:text-brand-700">
                  {item.text}
                </RowLink>
                <span className="shrink-0 text-xs text-slate-500">
                  {item.actorName ? `${item.actorName} · ` : ""}
                  <LocalDate value={item.createdAt} withTime />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
