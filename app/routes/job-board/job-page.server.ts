import { data, redirect } from "react-router";
import { jobPostingJsonLd, safeWebsite, serializeJsonLd } from "~/lib/job-posting-ld";
import { idParam } from "~/lib/id-param";
import { jobPath } from "~/lib/slug";
import { DEFAULT_SHARE_IMAGE } from "~/components/marketing/seo";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { getPublicJob } from "~/server/job-board/queries.server";
import { jobTextHtml, postingHtmlOf } from "~/server/job-board/job-text.server";
import type { PrivacyNotice } from "~/schemas/privacy";
import type { ApplyFormNotice } from "~/features/apply-form/apply-form";
import { jobPageContent } from "./job-summary.server";

/** A job that is not (or no longer) public may come back: never keep that answer. */
const UNAVAILABLE_HEADERS = { "Cache-Control": "no-store" };

/**
 * The loader of the job page and of its apply page: the public job, 404 when missing or draft,
 * 410 when closed, and a redirect to the canonical slug.
 */
export async function loadJobPage(params: { id: string; slug: string }, apply: boolean, search = "") {
  const job = await getPublicJob(appDatabase(), idParam(params.id, "Job not found"));
  if (!job) return data({ status: "missing" as const }, { status: 404, headers: UNAVAILABLE_HEADERS });
  // Draft jobs were never public: not found. Closed jobs are gone: 410.
  if (job.status !== "published") {
    return data({ status: "closed" as const }, { status: job.status === "closed" ? 410 : 404, headers: UNAVAILABLE_HEADERS });
  }
  const canonicalPath = jobPath(job);
  if (`/jobs/${params.id}/${params.slug}` !== canonicalPath) {
    // 301, but not kept by browsers: the slug follows the title, which staff may edit again.
    // With the query (a campaign's utm_* parameters, decision 079).
    throw redirect(`${apply ? `${canonicalPath}/apply` : canonicalPath}${search}`, { status: 301, headers: { "Cache-Control": "no-cache" } });
  }
  const canonical = `${config.baseUrl}${canonicalPath}`;
  const content = jobPageContent(job);
  return {
    status: "published" as const,
    apply,
    canonical,
    shareImage: `${config.baseUrl}${DEFAULT_SHARE_IMAGE.src}`,
    path: canonicalPath,
    jsonLd: serializeJsonLd(jobPostingJsonLd({ ...job, descriptionHtml: postingHtmlOf(content.descriptionHtml, content.requirementsHtml), companyLogoUrl: job.companyLogoPath ? `${config.baseUrl}${job.companyLogoPath}` : null }, canonical)),
    job: { ...content, companyWebsite: safeWebsite(job.companyWebsite), formSchema: job.formSchema, cvField: job.cvField, eeoQuestions: job.eeoQuestions },
    // The apply form's privacy notice (decision 114); a company's own text is Markdown, rendered here.
    privacyNotice: applyFormNotice(job.companyName, job.privacyNotice),
  };
}

function applyFormNotice(companyName: string, notice: PrivacyNotice): ApplyFormNotice {
  if (notice.kind === "link") return { companyName, kind: "link", url: notice.url };
  if (notice.kind === "text") return { companyName, kind: "html", html: jobTextHtml(notice.text) };
  return { companyName, kind: "text", text: notice.text };
}

export type PublishedJobPage = Extract<Awaited<ReturnType<typeof loadJobPage>>, { status: "published" }>;
