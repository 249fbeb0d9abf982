import { useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/reports";
import { NoValue } from "~/components/ui/no-value";
import { Panel } from "~/components/ui/panel";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalDate } from "~/components/ui/local-date";
import { inputStyles } from "~/components/ui/field";
import { JobFilter } from "~/features/job-filter/job-filter";
import { BarChart, ColumnChart, CountLink, ReportTable, StackedBars, TableView } from "~/features/reports/bar-chart";
import type { RouteAccess } from "~/lib/permissions";
import { useCan } from "~/lib/use-can";
import { pageMeta } from "~/lib/meta";
import { applicationsBehind, QUIET_DAYS, reportSearch, type ShownReportFilters } from "~/lib/report-filters";
import { sourceLabel } from "~/lib/source-label";
import { APPLICATION_SOURCES } from "~/schemas/application-source";
import { RECOMMENDATION_OPTIONS } from "~/schemas/scorecard";
import { parseQuery } from "~/schemas/query";
import { ReportsQuerySchema } from "~/schemas/reports";
import { instantToZonedTime } from "~/schemas/zoned-time";
import { requireStaff } from "~/server/accounts/session.server";
import { getApplicationFilterChoices } from "~/server/applications/queries.server";
import { listMentionableMembers } from "~/server/notes/members.server";
import { appDatabase } from "~/server/platform/db.server";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import { seesWholeCompany } from "~/server/platform/tenancy.server";
import {
  applicationsReport,
  type FunnelReport,
  jobHealthReport,
  type JobHealthReport,
  reportedApplicationsOf,
  reportFiltersFor,
  type SourceRow,
} from "~/server/reports/reports.server";
import { type SpeedReport, speedReport } from "~/server/reports/speed.server";
import { type MemberActivity, teamReport } from "~/server/reports/team.server";
import { type VolumeReport, volumeReport } from "~/server/reports/volume.server";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "reports.view" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Reports", "How your company's applications move through hiring.");

/**
 * /reports?view=&job=&source=&member=&from=&to=&stuck= (decisions 104, 105): one of the report's pages
 * for the applications made in the days, with the same filters: the pipeline (funnel, sources, and the
 * open jobs' health), speed, volume, or the team's activity. Each page runs its own reports only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const timeZone = staffTimeZone(request, staff);
  const filters = reportFiltersFor(staff, parseQuery(ReportsQuerySchema, request.url), instantToZonedTime(new Date(), timeZone).date);
  const counted = reportedApplicationsOf(filters, timeZone);
  const db = appDatabase();
  const { view } = filters;
  const [applied, speed, volume, team, jobHealth, choices, members] = await Promise.all([
    view === "pipeline" ? applicationsReport(db, staff, counted) : null,
    view === "speed" ? speedReport(db, staff, counted, timeZone, filters.stuck) : null,
    view === "volume" ? volumeReport(db, staff, filters, counted, timeZone) : null,
    view === "team" ? teamReport(db, staff, counted) : null,
    view === "pipeline" ? jobHealthReport(db, staff, counted) : null,
    getApplicationFilterChoices(db, staff, filters.job),
    listMentionableMembers(db, staff),
  ]);
  return {
    filters,
    funnel: view === "pipeline" ? applied!.funnel : null,
    sources: view === "pipeline" ? applied!.sources : null,
    speed,
    volume: volume ? { ...volume, jobs: volume.jobs.slice(0, VOLUME_JOBS_SHOWN), jobCount: volume.jobs.length } : null,
    team,
    jobHealth,
    job: choices.job,
    // "Anyone" for the roles that see every job; a hiring manager's report is of one member's jobs.
    anyone: seesWholeCompany(staff),
    members: members.map((member) => ({
      id: member.userId,
      name: member.name,
    })),
  };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { filters, funnel, sources, speed, volume, team, jobHealth, job, members, anyone } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const scope = job ? `“${job.title}”` : "all jobs";
  const can = useCan();
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Reports</h1>
        {/* The survey's totals are for admins only (decision 118). */}
        {can("eeo.view") ? (
          <Link to="/reports/equal-opportunity" className="text-sm font-semibold text-brand-600 hover:text-brand-700">
            Equal-opportunity report
          </Link>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Applications made from {filters.from} to {filters.to}, for {scope}. Every number opens the applications behind it.
      </p>

      <Form
        method="get"
        ref={form}
        aria-label="Report filters"
        className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
        onChange={(event) => {
          // The job box has no name: typing in it looks for jobs, and choosing one submits (JobFilter).
          if (!(event.target as HTMLElement).getAttribute("name")) return;
          void submit(event.currentTarget, {
            replace: true,
            preventScrollReset: true,
          });
        }}
      >
        <JobFilter
          selected={job}
          label="Job"
          labelClassName="block text-sm font-medium text-slate-700"
          onChoose={(chosen) => {
            const data = new FormData(form.current!);
            data.set("job", chosen?.id ?? "");
            void submit(data, {
              method: "get",
              replace: true,
              preventScrollReset: true,
            });
          }}
        />
        <div>
          <label htmlFor="report-source" className="block text-sm font-medium text-slate-700">
            Source
          </label>
          <select id="report-source" name="source" defaultValue={filters.source ?? ""} className={`${inputStyles} mt-1`}>
            <option value="">All sources</option>
            {APPLICATION_SOURCES.map((source) => (
              <option key={source} value={source}>
                {sourceLabel(source, null)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="report-member" className="block text-sm font-medium text-slate-700">
            Hiring team member
          </label>
          <select id="report-member" name="member" defaultValue={filters.member ?? ""} className={`${inputStyles} mt-1`}>
            {anyone ? <option value="">Anyone</option> : null}
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="report-from" className="block text-sm font-medium text-slate-700">
            Applied from
          </label>
          <input id="report-from" type="date" name="from" defaultValue={filters.from} className={`${inputStyles} mt-1`} />
        </div>
        <div>
          <label htmlFor="report-to" className="block text-sm font-medium text-slate-700">
            Applied to
          </label>
          <input id="report-to" type="date" name="to" defaultValue={filters.to} className={`${inputStyles} mt-1`} />
        </div>
        <div>
          <label htmlFor="report-stuck" className="block text-sm font-medium text-slate-700">
            Stuck after (days)
          </label>
          <input id="report-stuck" type="number" name="stuck" min={1} max={365} defaultValue={filters.stuck} className={`${inputStyles} mt-1`} />
        </div>
        {filters.view !== "pipeline" ? <input type="hidden" name="view" value={filters.view} /> : null}
        <noscript>
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
            Show report
          </button>
        </noscript>
      </Form>

      <nav aria-label="Report pages" className="mt-6 border-b border-slate-200">
        <ul className="-mb-px flex gap-4 overflow-x-auto text-sm font-medium sm:gap-6">
          {VIEWS.map(({ view, label }) => {
            const current = filters.view === view;
            return (
              <li key={view}>
                <Link
                  to={`/reports?${reportSearch({ ...filters, view })}`}
                  aria-current={current ? "page" : undefined}
                  preventScrollReset
                  className={`inline-block border-b-2 px-1 pb-2 whitespace-nowrap ${current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className={`mt-6 space-y-6 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {funnel && sources ? (
          funnel.applications === 0 ? (
            <EmptyState title="No applications in these days.">Choose other dates or filters to see a report.</EmptyState>
          ) : (
            <>
              <FunnelPanel funnel={funnel} filters={filters} scope={scope} />
              <SourcesPanel sources={sources} filters={filters} />
            </>
          )
        ) : null}
        {speed ? <SpeedPanel speed={speed} filters={filters} /> : null}
        {volume ? <VolumePanel volume={volume} filters={filters} /> : null}
        {team ? <TeamPanel team={team} filters={filters} /> : null}
        {jobHealth ? <JobHealthPanel report={jobHealth} filters={filters} /> : null}
      </div>
    </div>
  );
}

/** The report's pages, each with the same filters. */
const VIEWS: { view: ShownReportFilters["view"]; label: string }[] = [
  { view: "pipeline", label: "Pipeline" },
  { view: "speed", label: "Speed" },
  { view: "volume", label: "Volume" },
  { view: "team", label: "Team" },
];

/** A report table's CSV file with the page's filters. */
function CsvLink({ report, filters }: { report: string; filters: ShownReportFilters }) {
  return (
    <a href={`/reports/export.csv?${reportSearch(filters, { report })}`} className="text-sm font-semibold text-brand-600 hover:text-brand-700" download>
      Download CSV
    </a>
  );
}

/** A share, or a dash read out as "None" where there is none to take it from (`NoValue`: the page's markup stays Latin-1). */
const percent = (value: number | null) => (value === null ? <NoValue /> : `${value}%`);

function FunnelPanel({ funnel, filters, scope }: { funnel: FunnelReport; filters: ShownReportFilters; scope: string }) {
  const steps = funnel.steps;
  const caption = `Pipeline funnel for ${scope}: ${funnel.applications.toLocaleString("en-US")} applications; ${steps
    .map((step) => `${step.reached.toLocaleString("en-US")} reached ${step.stage}${step.conversion === null ? "" : ` (${step.conversion}%)`}`)
    .join(", ")}.`;
  return (
    <Panel id="funnel" title="Pipeline funnel">
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-600">How many applications reached each stage or a later one, and how many of the stage before did.</p>
        <CsvLink report="funnel" filters={filters} />
      </div>
      <BarChart
        caption={caption}
        bars={steps.map((step) => ({
          label: step.stage,
          value: step.reached,
          href: applicationsBehind(filters, { reached: step.stage }),
          note: step.conversion === null ? undefined : `(${step.conversion}%)`,
        }))}
      >
        <TableView
          columns={["Stage", "Reached", "Conversion", "Drop-off"]}
          rows={steps.map((step) => ({
            key: step.stage,
            cells: [
              step.stage,
              <CountLink value={step.reached} href={applicationsBehind(filters, { reached: step.stage })} label={`${step.reached} reached ${step.stage}`} />,
              percent(step.conversion),
              step.dropOff.toLocaleString("en-US"),
            ],
          }))}
        />
      </BarChart>
    </Panel>
  );
}

function SourcesPanel({ sources, filters }: { sources: SourceRow[]; filters: ShownReportFilters }) {
  const caption = `Applications by source: ${sources
    .map((row) => `${sourceLabel(row.source, null)} ${row.applications.toLocaleString("en-US")}, ${row.hired.toLocaleString("en-US")} hired`)
    .join("; ")}.`;
  return (
    <Panel id="sources" title="Sources">
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-600">Applications, interviews and hires per source, and the share of each source hired.</p>
        <CsvLink report="sources" filters={filters} />
      </div>
      <BarChart
        caption={caption}
        notesBelow
        bars={sources.map((row) => ({
          label: sourceLabel(row.source, null),
          value: row.applications,
          href: applicationsBehind(filters, { source: row.source }),
          note: `${row.hired.toLocaleString("en-US")} hired`,
        }))}
      >
        <TableView
          columns={["Source", "Applications", "Interviewed", "Hired", "Share hired"]}
          rows={sources.map((row) => {
            const label = sourceLabel(row.source, null);
            const behind = (counts: { interviewed?: boolean; hired?: boolean }) => applicationsBehind(filters, { source: row.source, ...counts });
            return {
              key: row.source,
              cells: [
                label,
                <CountLink value={row.applications} href={behind({})} label={`${row.applications} applications from ${label}`} />,
                <CountLink value={row.interviewed} href={behind({ interviewed: true })} label={`${row.interviewed} interviewed from ${label}`} />,
                <CountLink value={row.hired} href={behind({ hired: true })} label={`${row.hired} hired from ${label}`} />,
                percent(row.conversion),
              ],
            };
          })}
        />
      </BarChart>
    </Panel>
  );
}

/** "3 days", "1 day", "under a day", "a year or more" (time in stage is counted in whole days, at most 365). */
function wholeDays(days: number): string {
  if (days === 0) return "under a day";
  if (days >= 365) return "a year or more";
  return days === 1 ? "1 day" : `${days.toLocaleString("en-US")} days`;
}

/** A median or percentile in days, one decimal. */
const inDays = (days: number | null) => (days === null ? "—" : days === 1 ? "1 day" : `${days.toLocaleString("en-US")} days`);

function SpeedPanel({ speed, filters }: { speed: SpeedReport; filters: ShownReportFilters }) {
  const { timeToHire, timeToFill, timeInStage, stuck } = speed;
  const stages = timeInStage.filter((row) => row.median !== null);
  const caption = `Median time in each stage: ${stages.map((row) => `${row.stage} ${wholeDays(row.median!)}`).join(", ") || "no stay has ended yet"}.`;
  const measures = [
    {
      title: "Time to hire",
      measure: timeToHire,
      about: "from applying to the hire day",
      over: (
        <>
          <CountLink value={timeToHire.count} href={applicationsBehind(filters, { hired: true })} label={`${timeToHire.count} hired`} /> {timeToHire.count === 1 ? "hire" : "hires"}
        </>
      ),
    },
    {
      title: "Time to fill",
      measure: timeToFill,
      about: "from a job opening to its first hire",
      over: `${timeToFill.count.toLocaleString("en-US")} ${timeToFill.count === 1 ? "job" : "jobs"}`,
    },
  ];
  return (
    <Panel id="speed" title="Speed">
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-600">How long hiring takes, how long candidates stay in each stage, and who has been waiting too long.</p>
        <CsvLink report="speed" filters={filters} />
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {measures.map(({ title, measure, about, over }) => (
          <div key={title} className="rounded-lg border border-slate-200 p-4" data-testid={`speed-${title}`}>
            <dt className="text-sm font-medium text-slate-500">{title}</dt>
            <dd className="mt-1">
              <span className="text-2xl font-semibold text-slate-900">{measure.count === 0 ? "No hires yet" : inDays(measure.median)}</span>
              {measure.count > 0 ? <span className="ml-2 text-sm text-slate-600">median · 75% within {inDays(measure.p75)}</span> : null}
              <p className="mt-1 text-sm text-slate-600">
                Days {about}
                {measure.count > 0 ? <>, over {over}</> : null}.
              </p>
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Time in each stage</h3>
      <p className="text-sm text-slate-600">The median stay of the candidates who have moved on from each stage, in whole days.</p>
      {stages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No candidate has moved on from a stage yet.</p>
      ) : (
        <BarChart caption={caption} bars={stages.map((row) => ({ label: row.stage, value: row.median!, valueText: wholeDays(row.median!) }))}>
          <TableView
            columns={["Stage", "Median stay", "Stays"]}
            rows={stages.map((row) => ({ key: row.stage, cells: [row.stage, wholeDays(row.median!), row.stays.toLocaleString("en-US")] }))}
          />
        </BarChart>
      )}
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Stuck for more than {filters.stuck} days</h3>
      <p className="text-sm text-slate-600">Active candidates, not hired, who entered their stage more than {filters.stuck} days ago.</p>
      {stuck.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No one has been waiting that long.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="stuck">
          {stuck.map((row) => (
            <li key={row.stage}>
              <a
                href={applicationsBehind(filters, { stuckIn: row.stage })}
                className="inline-flex items-baseline gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset hover:bg-amber-100"
              >
                <span className="font-semibold tabular-nums">{row.waiting.toLocaleString("en-US")}</span> in {row.stage}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The volume report's table of jobs shows this many, the most applications first; its CSV file has them all. */
const VOLUME_JOBS_SHOWN = 10;

/** "Mar 2" from a YYYY-MM-DD day, "Mar 2026" from a YYYY-MM month (the dates are the reader's, shown as written). */
const shortDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const shortMonth = (month: string) => new Date(`${month}-15T12:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

function VolumePanel({ volume, filters }: { volume: VolumeReport & { jobCount: number }; filters: ShownReportFilters }) {
  const { weeks, months, jobs, jobCount } = volume;
  const busiest = weeks.reduce((best, week) => (week.applications > best.applications ? week : best), weeks[0]!);
  const weekLabel = (week: (typeof weeks)[number]) => `${shortDay(week.from)}–${shortDay(week.to)}`;
  const hires = months.reduce((sum, month) => sum + month.hires, 0);
  const busiestMonth = months.reduce((best, month) => (month.hires > best.hires ? month : best), months[0]!);
  return (
    <Panel id="volume" title="Volume">
      <p className="mt-1 text-sm text-slate-600">Applications per week (Monday to Sunday), hires per month of their hire day, and each job&apos;s share.</p>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="volume-weeks">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="volume-weeks" className="text-sm font-semibold text-slate-900">
              Applications per week
            </h3>
            <CsvLink report="weeks" filters={filters} />
          </div>
          <ColumnChart
            unit="a week"
            caption={`Applications per week, ${weeks.length} weeks: the most, ${busiest.applications.toLocaleString("en-US")}, in the week of ${weekLabel(busiest)}.`}
            columns={weeks.map((week) => ({ label: weekLabel(week), value: week.applications, href: applicationsBehind(filters, { days: week }) }))}
          >
            <TableView
              columns={["Week", "Applications"]}
              rows={weeks.map((week) => ({
                key: week.from,
                cells: [
                  weekLabel(week),
                  <CountLink value={week.applications} href={applicationsBehind(filters, { days: week })} label={`${week.applications} applications ${weekLabel(week)}`} />,
                ],
              }))}
            />
          </ColumnChart>
        </section>
        <section aria-labelledby="volume-months">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="volume-months" className="text-sm font-semibold text-slate-900">
              Hires per month
            </h3>
            <CsvLink report="hires" filters={filters} />
          </div>
          {hires === 0 ? (
            <p className="mt-3 text-sm text-slate-500">No one who applied in these days has been hired yet.</p>
          ) : (
            <ColumnChart
              unit="a month"
              caption={`Hires per month of their hire day: ${hires.toLocaleString("en-US")} in all; the most, ${busiestMonth.hires.toLocaleString("en-US")}, in ${shortMonth(busiestMonth.month)}.`}
              columns={months.map((month) => ({ label: shortMonth(month.month), value: month.hires, href: applicationsBehind(filters, { hiredMonth: month.month }) }))}
            >
              <TableView
                columns={["Month", "Hires"]}
                rows={months.map((month) => ({
                  key: month.month,
                  cells: [
                    shortMonth(month.month),
                    <CountLink value={month.hires} href={applicationsBehind(filters, { hiredMonth: month.month })} label={`${month.hires} hired in ${shortMonth(month.month)}`} />,
                  ],
                }))}
              />
            </ColumnChart>
          )}
        </section>
      </div>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">By job</h3>
        <CsvLink report="job-volume" filters={filters} />
      </div>
      {jobCount > jobs.length ? (
        <p className="text-sm text-slate-600">
          The {jobs.length} jobs with the most applications of {jobCount.toLocaleString("en-US")}; the CSV file has them all.
        </p>
      ) : null}
      <ReportTable
        className="mt-2"
        columns={["Job", "Applications", "Hired"]}
        rows={jobs.map((row) => {
          const behind = (hired: boolean) => applicationsBehind({ ...filters, job: row.jobId }, { hired });
          return {
            key: row.jobId,
            cells: [
              row.title,
              <CountLink value={row.applications} href={behind(false)} label={`${row.applications} applications to ${row.title}`} />,
              <CountLink value={row.hired} href={behind(true)} label={`${row.hired} hired to ${row.title}`} />,
            ],
          };
        })}
      />
    </Panel>
  );
}

const RECOMMENDATION_PARTS = RECOMMENDATION_OPTIONS.map((option) => option.label);
/** Worst to best: red, amber, light green, green. */
const RECOMMENDATION_FILLS = ["fill-red-500", "fill-amber-400", "fill-emerald-400", "fill-emerald-700"];

/** What each member did in the days (not of the applications made in them), and how each interviewer recommends. */
function TeamPanel({ team, filters }: { team: MemberActivity[]; filters: ShownReportFilters }) {
  const interviewers = team.filter((member) => member.feedback > 0).sort((a, b) => b.feedback - a.feedback || a.name.localeCompare(b.name));
  const counts = (member: MemberActivity) => RECOMMENDATION_OPTIONS.map((option) => member.recommendations[option.value]);
  return (
    <Panel id="team" title="Team activity">
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-600">
          What each member did from {filters.from} to {filters.to} on these jobs&apos; applications, whenever they applied and from any source.
        </p>
        {team.length > 0 ? <CsvLink report="team" filters={filters} /> : null}
      </div>
      {team.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Nobody moved a candidate, submitted feedback or sent an email in these days.</p>
      ) : (
        <>
          <ReportTable
            columns={["Member", "Moves", "Feedback", "Emails"]}
            rows={team.map((member) => ({
              key: member.memberId,
              cells: [member.name, member.moved.toLocaleString("en-US"), member.feedback.toLocaleString("en-US"), member.emailed.toLocaleString("en-US")],
            }))}
          />
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Recommendations</h3>
          <p className="text-sm text-slate-600">Each interviewer&apos;s feedback in these days by its overall recommendation, as they submitted it.</p>
          {interviewers.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">No feedback was submitted in these days.</p>
          ) : (
            <StackedBars
              parts={RECOMMENDATION_PARTS}
              partClasses={RECOMMENDATION_FILLS}
              caption={`Recommendations by interviewer: ${interviewers
                .map(
                  (member) =>
                    `${member.name}: ${RECOMMENDATION_OPTIONS.map((option) => `${member.recommendations[option.value].toLocaleString("en-US")} ${option.label.toLowerCase()}`).join(", ")}`,
                )
                .join("; ")}.`}
              rows={interviewers.map((member) => ({ label: member.name, parts: counts(member) }))}
            >
              <TableView
                columns={["Interviewer", ...RECOMMENDATION_PARTS]}
                rows={interviewers.map((member) => ({ key: member.memberId, cells: [member.name, ...counts(member).map((n) => n.toLocaleString("en-US"))] }))}
              />
            </StackedBars>
          )}
        </>
      )}
    </Panel>
  );
}

/** Open jobs now (not the days above): how long open, applicants, and the quiet ones first. */
function JobHealthPanel({ report, filters }: { report: JobHealthReport; filters: ShownReportFilters }) {
  return (
    <Panel id="job-health" title="Job health">
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-600">
          Open jobs now, the quietest first: a job with no application and no move for {QUIET_DAYS} days is marked quiet.
          {report.total > report.rows.length ? ` The ${report.rows.length} quietest of ${report.total.toLocaleString("en-US")}; the CSV file has them all.` : ""}
        </p>
        {report.rows.length > 0 ? <CsvLink report="jobs" filters={filters} /> : null}
      </div>
      {report.rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No open jobs.</p>
      ) : (
        <ReportTable
          columns={["Job", "Days open", "Applicants", "Per day", "Last activity"]}
          rows={report.rows.map((row) => ({
            key: row.jobId,
            cells: [
              <a href={`/manage/jobs/${row.jobId}`} className="text-slate-800 hover:text-brand-700">
                {row.title}
              </a>,
              row.daysOpen.toLocaleString("en-US"),
              <CountLink value={row.applicants} href={`/applications?job=${row.jobId}`} label={`${row.applicants} ${row.applicants === 1 ? "applicant" : "applicants"} to ${row.title}`} />,
              row.perDay.toLocaleString("en-US"),
              // On a phone the date's year and the "Quiet" badge go to lines of their own rather than widening the table.
              <span className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
                <LocalDate value={row.lastActivityAt} />
                {row.quietDays !== null ? (
                  <span className="whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
                    Quiet {row.quietDays} days
                  </span>
                ) : null}
              </span>,
            ],
          }))}
        />
      )}
    </Panel>
  );
}
