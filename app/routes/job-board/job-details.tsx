import type { ReactNode } from "react";
import { buttonStyles, ButtonLink } from "~/components/ui/button";
import { jobTypeLabel, remoteTypeLabel } from "~/lib/job-labels";
import { pageMeta } from "~/lib/meta";
import type { PublishedJobPage } from "./job-page.server";
import { unavailableMeta } from "./job-unavailable";

/** The meta of the job page and the apply page. */
export function jobPageMeta(data: PublishedJobPage | { status: "missing" | "closed" } | undefined) {
  if (!data || data.status !== "published") return unavailableMeta(data?.status ?? "missing");
  const { job } = data;
  const summary = job.description.replace(/\s+/g, " ").slice(0, 155);
  return [
    ...pageMeta(`${data.apply ? "Apply: " : ""}${job.title} at ${job.companyName}`, summary),
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
}

/** What the job page shows of a job: the public page's, or a staff preview's (no JSON-LD). */
export type JobDetailsPage = Pick<PublishedJobPage, "apply" | "path"> & { job: Omit<PublishedJobPage["job"], "formSchema" | "cvField">; jsonLd?: string };

/** Looks like a button or link of the public page, goes nowhere: a preview's Apply Now and Back to Job Board. */
function Inert({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span aria-disabled="true" title="Not available in the preview" className={`${className} cursor-default`}>
      {children}
    </span>
  );
}

/**
 * A published job: Back to Job Board, the title, company, facts, description and requirements, with
 * Apply Now on the job page; the apply page passes its form as `children`. A staff preview
 * (`preview`) shows the same page with its links inert and without structured data.
 */
export function JobDetails({ page, preview = false, children }: { page: JobDetailsPage; preview?: boolean; children?: ReactNode }) {
  const { job, apply, path, jsonLd } = page;
  const facts = [
    { label: "Location", value: job.location },
    { label: "Type", value: jobTypeLabel(job.type) },
    { label: "Remote", value: remoteTypeLabel(job.remoteType) },
    { label: "Salary", value: job.salary },
  ].filter((fact) => fact.value);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
      {preview ? (
        <Inert className={`${buttonStyles.ghost} -ml-4 hover:bg-transparent`}>← Back to Job Board</Inert>
      ) : (
        <ButtonLink to="/jobs" variant="ghost" className="-ml-4">
          ← Back to Job Board
        </ButtonLink>
      )}
      <article className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{job.title}</h1>
            <p className="mt-1 text-base font-medium text-slate-700">
              {job.companyName}
              {job.companyWebsite ? (
                <>
                  {" · "}
                  <a href={job.companyWebsite} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 hover:text-brand-800">
                    {job.companyWebsite.replace(/^https?:\/\//, "").replace(/\/$/, "")}
                  </a>
                </>
              ) : null}
            </p>
          </div>
          {apply ? null : preview ? (
            <Inert className={`${buttonStyles.primary} shrink-0 hover:bg-brand-600`}>Apply Now</Inert>
          ) : (
            <ButtonLink to={`${path}/apply`} className="shrink-0">
              Apply Now
            </ButtonLink>
          )}
        </header>
        <dl className="mt-6 grid gap-4 border-y border-slate-100 py-4 sm:grid-cols-2">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{fact.label}</dt>
              <dd className="mt-1 text-sm text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <section className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">Description</h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{job.description}</p>
        </section>
        {job.requirements ? (
          <section className="mt-6">
            <h2 className="text-lg font-semibold text-slate-900">Requirements</h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{job.requirements}</p>
          </section>
        ) : null}
      </article>
      {children}
    </div>
  );
}
