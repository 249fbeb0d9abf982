import type { ReactNode } from "react";
import { Link } from "react-router";
import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";

/** What the Overview tab shows of an application (the page's loader answers it). */
export interface ApplicationOverviewData {
  candidateId: string | null;
  job: { id: string; title: string };
  stage: { id: string; name: string } | null;
  createdAt: string;
  source: string;
  resumeHref: string | null;
  resumeUrl: string | null;
  coverLetter: string | null;
  answers: readonly { fieldId: string; label: string; answer: string; removed?: boolean }[];
  /** The consent given as they applied (decision 114); null for candidates added by staff or imported. */
  consent: { noticeKind: "link" | "text" | "default"; noticeShown: string; agreedAt: string; talentPool: boolean; talentPoolAt: string | null } | null;
}

/** What the candidate agreed to and when, and their talent-pool choice: read-only. */
function ConsentDetails({ consent }: { consent: ApplicationOverviewData["consent"] }) {
  if (!consent) {
    return (
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-500">Privacy consent</dt>
        <dd className="mt-1 text-slate-500">Not recorded: added by your team or imported, not through the apply form</dd>
      </div>
    );
  }
  return (
    <div className="sm:col-span-2">
      <dt className="font-medium text-slate-500">Privacy consent</dt>
      <dd className="mt-1 space-y-1 text-slate-900">
        <p>
          Agreed to the {consent.noticeKind === "default" ? "default " : ""}privacy notice on <LocalDate value={consent.agreedAt} withTime />
        </p>
        <details className="text-slate-700">
          <summary className="cursor-pointer text-brand-600 hover:text-brand-700">The notice as shown</summary>
          <p className="mt-1 break-words whitespace-pre-line">{consent.noticeShown}</p>
        </details>
        <p>
          Talent pool:{" "}
          {consent.talentPool && consent.talentPoolAt ? (
            <>
              yes, kept for future roles (agreed <LocalDate value={consent.talentPoolAt} />)
            </>
          ) : (
            "no, this job only"
          )}
        </p>
      </dd>
    </div>
  );
}

/**
 * The application page's Overview tab (decision 100): the application itself, the candidate's CVs,
 * the cover letter and every answer to the job's form, in the form's order. `cvs` is the CV panel's
 * content (the CVs feature draws it); `jobLink`: the member's role opens the job (decision 096).
 */
export function ApplicationOverview({ application, cvs, cvCount, jobLink }: { application: ApplicationOverviewData; cvs: ReactNode; cvCount: number; jobLink: boolean }) {
  return (
    <>
      <Panel id="details" title="Application">
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-500">Job</dt>
            <dd className="mt-1">
              {jobLink ? (
                <Link to={`/manage/jobs/${application.job.id}`} className="font-semibold text-brand-600 hover:text-brand-700">
                  {application.job.title}
                </Link>
              ) : (
                <span className="font-semibold text-slate-900">{application.job.title}</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Stage</dt>
            <dd className="mt-1 text-slate-900">{application.stage?.name ?? "No stage"}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Applied</dt>
            <dd className="mt-1 text-slate-900">
              <LocalDate value={application.createdAt} withTime />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Source</dt>
            <dd className="mt-1 text-slate-900">{application.source}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Resume</dt>
            <dd className="mt-1 break-all">
              {application.resumeHref ? (
                <a href={application.resumeHref} target="_blank" rel="noopener noreferrer nofollow" className="font-semibold text-brand-600 hover:text-brand-700">
                  View resume
                  <span className="sr-only"> (opens in a new tab)</span> ↗
                </a>
              ) : application.resumeUrl ? (
                <span className="text-slate-700">{application.resumeUrl}</span>
              ) : (
                <span className="text-slate-500">Not provided</span>
              )}
            </dd>
          </div>
          <ConsentDetails consent={application.consent} />
        </dl>
      </Panel>
      <Panel id="cvs" title={cvCount > 1 ? `CVs (${cvCount})` : "CV"}>
        {cvs}
      </Panel>
      <Panel id="cover" title="Cover letter">
        {application.coverLetter ? (
          <p className="mt-3 whitespace-pre-line text-sm leading-6 text-slate-700">{application.coverLetter}</p>
        ) : (
          <p className="mt-3 text-sm text-slate-500">No cover letter.</p>
        )}
      </Panel>
      <Panel id="answers" title="Application form answers">
        {application.answers.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">This job&apos;s form has no custom questions.</p>
        ) : (
          <dl className="mt-4 divide-y divide-slate-100 text-sm">
            {application.answers.map((answer) => (
              <div key={answer.fieldId} className="py-3 first:pt-0">
                <dt className="font-medium text-slate-700">
                  {answer.label}
                  {answer.removed ? <span className="ml-2 text-xs font-normal text-slate-500">(no longer on the form)</span> : null}
                </dt>
                <dd className="mt-1 whitespace-pre-line text-slate-900">{answer.answer || <span className="text-slate-500">No answer</span>}</dd>
              </div>
            ))}
          </dl>
        )}
      </Panel>
    </>
  );
}
