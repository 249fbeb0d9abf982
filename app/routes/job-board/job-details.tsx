import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonStyles, ButtonLink } from "~/components/ui/button";
import { jobTypeLabel, remoteTypeLabel } from "~/lib/job-labels";
import { pageMeta } from "~/lib/meta";
import type { PublishedJobPage } from "./job-page.server";
import { unavailableMeta } from "./job-unavailable";

/** The meta of the job page and the apply page: title, description, canonical, and Open Graph and Twitter cards for sharing. */
export function jobPageMeta(data: PublishedJobPage | { status: "missing" | "closed" } | undefined) {
  if (!data || data.status !== "published") return unavailableMeta(data?.status ?? "missing");
  const { job } = data;
  const title = `${job.title} at ${job.companyName}`;
  const facts = [job.companyName, job.location, jobTypeLabel(job.type), remoteTypeLabel(job.remoteType)].filter(Boolean).join(" · ");
  const shareText = job.summary ? `${facts}. ${job.summary}` : facts;
  return [
    ...pageMeta(`${data.apply ? "Apply: " : ""}${title}`, job.summary),
    { tagName: "link", rel: "canonical", href: data.canonical },
    { property: "og:site_name", content: "OpenHire" },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: shareText },
    { property: "og:url", content: data.canonical },
    { property: "og:image", content: data.shareImage },
    { property: "og:image:alt", content: `${job.companyName} is hiring` },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: shareText },
  ];
}

/** "31 March 2027": the closing day as the page shows it (the day is UTC's, as the job stores it). */
function closingDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** Where a job can be shared, each a plain link (no script, no tracking until someone clicks). */
function shareLinks(title: string, companyName: string, url: string) {
  const text = `${title} at ${companyName}`;
  const q = encodeURIComponent;
  return [
    { label: "LinkedIn", name: "Share on LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${q(url)}` },
    { label: "X", name: "Share on X", href: `https://x.com/intent/post?text=${q(text)}&url=${q(url)}` },
    { label: "Facebook", name: "Share on Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${q(url)}` },
    { label: "Email", name: "Share by email", href: `mailto:?subject=${q(text)}&body=${q(`${text}\n${url}`)}` },
  ];
}

/** What the job page shows of a job: the public page's, or a staff preview's (no JSON-LD). */
export type JobDetailsPage = Pick<PublishedJobPage, "apply" | "path"> & {
  job: Omit<PublishedJobPage["job"], "formSchema" | "cvField" | "eeoQuestions">;
  jsonLd?: string;
  /** The public page's address: its share links use it (a preview has none). */
  canonical?: string;
};

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
  const { job, apply, path, jsonLd, canonical } = page;
  const facts = [
    { label: "Location", value: job.location },
    { label: "Department", value: job.department },
    { label: "Type", value: jobTypeLabel(job.type) },
    { label: "Remote", value: job.remoteFrom ? `${remoteTypeLabel(job.remoteType)} (${job.remoteFrom})` : remoteTypeLabel(job.remoteType) },
    { label: "Salary", value: job.salary },
    { label: "Applications close", value: job.closesOn ? closingDay(job.closesOn) : null },
  ].filter((fact) => fact.value);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
      {preview ? (
        <Inert className={`${buttonStyles.ghost} arrow-back -ml-4 hover:bg-transparent`}>Back to Job Board</Inert>
      ) : (
        <ButtonLink to="/jobs" variant="ghost" className="arrow-back -ml-4">
          Back to Job Board
        </ButtonLink>
      )}
      <article className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-4">
            {job.companyLogoPath ? (
              <img src={job.companyLogoPath} alt={`${job.companyName} logo`} className="size-14 shrink-0 rounded-lg border border-slate-200 bg-white object-contain p-1" />
            ) : null}
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{job.title}</h1>
              <p className="mt-1 text-base font-medium text-slate-700">
                {job.companyHref && !preview ? (
                  <Link to={job.companyHref} className="hover:text-brand-700 hover:underline">
                    {job.companyName}
                  </Link>
                ) : (
                  job.companyName
                )}
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
          {/* Sanitised on the server from the job's Markdown (job-text.server.ts, decision 107). */}
          <div className="job-text mt-2 text-slate-700" dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
        </section>
        {job.requirementsHtml ? (
          <section className="mt-6">
            <h2 className="text-lg font-semibold text-slate-900">Requirements</h2>
            <div className="job-text mt-2 text-slate-700" dangerouslySetInnerHTML={{ __html: job.requirementsHtml }} />
          </section>
        ) : null}
        {canonical && !preview && !apply ? (
          <footer className="mt-8 border-t border-slate-100 pt-4">
            <h2 className="text-sm font-semibold text-slate-900">Share this job</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {shareLinks(job.title, job.companyName, canonical).map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center rounded-lg border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-300 hover:text-brand-700"
                    aria-label={link.name}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
      </article>
      {children}
    </div>
  );
}
