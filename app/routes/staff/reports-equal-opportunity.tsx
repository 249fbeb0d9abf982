import { useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/reports-equal-opportunity";
import { EmptyState } from "~/components/ui/empty-state";
import { inputStyles } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { JobFilter } from "~/features/job-filter/job-filter";
import { ReportTable } from "~/features/reports/bar-chart";
import { pageMeta } from "~/lib/meta";
import type { RouteAccess } from "~/lib/permissions";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { EEO_MIN_GROUP, EeoReportQuerySchema } from "~/schemas/eeo";
import { parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { getApplicationFilterChoices } from "~/server/applications/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { getEeoSurveySettings } from "~/server/privacy/eeo-survey.server";
import { defaultEeoMonths, type EeoReportQuestion, equalOpportunityReport } from "~/server/reports/equal-opportunity.server";

/** What the loader needs (app/lib/permissions.ts, decision 096): admins only, never the hiring team. */
export const access = { loader: "eeo.view" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Equal-opportunity report", "Totals of your equal-opportunity survey's answers.");

/**
 * /reports/equal-opportunity?job=&from=YYYY-MM&to=YYYY-MM (decision 118): the survey's answers of
 * the applications made in those months (the last twelve by default), as totals with small groups hidden.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const query = parseQuery(EeoReportQuerySchema, request.url);
  const defaults = defaultEeoMonths();
  let from = query.from ?? defaults.from;
  let to = query.to ?? defaults.to;
  if (from > to) [from, to] = [to, from];
  const db = appDatabase();
  const survey = await getEeoSurveySettings(db, staff);
  const [report, choices] = await Promise.all([
    equalOpportunityReport(db, staff, { from, to, jobId: query.job }, survey.asked),
    getApplicationFilterChoices(db, staff, query.job),
  ]);
  return { filters: { from, to }, job: choices.job, surveyOn: survey.enabled, report };
}

/** "March 2025" from "2025-03". */
function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year!, number! - 1, 1)).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

const FEWER = `Fewer than ${EEO_MIN_GROUP}`;
const shownCount = (count: number | null) => (count === null ? FEWER : count.toLocaleString("en-US"));

export default function EqualOpportunityReport({ loaderData }: Route.ComponentProps) {
  const { filters, job, surveyOn, report } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const scope = job ? `“${job.title}”` : "all jobs";
  const period = filters.from === filters.to ? monthLabel(filters.from) : `${monthLabel(filters.from)} to ${monthLabel(filters.to)}`;
  return (
    <div className="mx-auto max-w-6xl">
      <p className="text-sm">
        <Link to="/reports" className="arrow-back font-medium text-brand-700 hover:text-brand-800">
          Reports
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Equal-opportunity report</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        What candidates answered in your voluntary survey when applying from {period}, for {scope}. The answers are kept apart from the applications,
        with nothing that names a candidate. Any group of fewer than {EEO_MIN_GROUP} is hidden, and so is the next smallest where a hidden group
        could otherwise be worked out from the total.
      </p>

      <Form
        method="get"
        ref={form}
        aria-label="Report filters"
        className="mt-6 grid gap-3 sm:grid-cols-3"
        onChange={(event) => {
          if (!(event.target as HTMLElement).getAttribute("name")) return;
          void submit(event.currentTarget, { replace: true, preventScrollReset: true });
        }}
      >
        <JobFilter
          selected={job}
          label="Job"
          labelClassName="block text-sm font-medium text-slate-700"
          onChoose={(chosen) => {
            const data = new FormData(form.current!);
            data.set("job", chosen?.id ?? "");
            void submit(data, { method: "get", replace: true, preventScrollReset: true });
          }}
        />
        <div>
          <label htmlFor="eeo-from" className="block text-sm font-medium text-slate-700">
            From month
          </label>
          <input id="eeo-from" type="month" name="from" placeholder="YYYY-MM" defaultValue={filters.from} className={`${inputStyles} mt-1`} />
        </div>
        <div>
          <label htmlFor="eeo-to" className="block text-sm font-medium text-slate-700">
            To month
          </label>
          <input id="eeo-to" type="month" name="to" placeholder="YYYY-MM" defaultValue={filters.to} className={`${inputStyles} mt-1`} />
        </div>
        <noscript>
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
            Show report
          </button>
        </noscript>
      </Form>

      <div className={`mt-6 space-y-6 ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {!report.any ? (
          surveyOn ? (
            <EmptyState title="No survey answers in these months.">
              <p className="mt-2 text-sm text-slate-600">Choose other months or another job. Answers appear here as candidates apply.</p>
            </EmptyState>
          ) : (
            <EmptyState title="The equal-opportunity survey is off.">
              <p className="mt-2 text-sm text-slate-600">
                Turn it on in{" "}
                <Link to={`${SETTINGS_PATHS.privacy}#eeo-survey`} className="font-medium text-brand-700 hover:text-brand-800">
                  Settings › Privacy
                </Link>{" "}
                to ask candidates, voluntarily, when they apply.
              </p>
            </EmptyState>
          )
        ) : (
          <>
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{report.responses === null ? `${FEWER} applications` : `${report.responses.toLocaleString("en-US")} applications`}</span>{" "}
              answered at least one question.
              {surveyOn ? null : " The survey is off now: these are the answers from when it was on."}
            </p>
            <div className="grid gap-6 lg:grid-cols-2">
              {report.questions.map((question) => (
                <QuestionPanel key={question.key} question={question} />
              ))}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function QuestionPanel({ question }: { question: EeoReportQuestion }) {
  return (
    <Panel id={`eeo-${question.key}`} title={question.title}>
      <ReportTable
        columns={["Answer", "Applications"]}
        rows={[
          ...question.groups.map((group) => ({
            key: group.label,
            cells: [group.label, group.count === null ? <span className="whitespace-nowrap text-slate-500">{FEWER}</span> : shownCount(group.count)] as const,
          })),
          {
            key: "total",
            cells: [<span className="font-semibold text-slate-900">Answered this question</span>, <span className="whitespace-nowrap font-semibold">{shownCount(question.total)}</span>] as const,
          },
        ]}
      />
    </Panel>
  );
}
