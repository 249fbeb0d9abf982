import type { JobCardData } from "~/features/public-jobs/public-jobs";
import { formatSalary } from "~/lib/salary";
import { jobPath } from "~/lib/slug";
import { countryName } from "~/schemas/countries";
import type { BoardJob } from "~/server/job-board/queries.server";
import { jobTextExcerpt, jobTextHtml } from "~/server/job-board/job-text.server";

/** How much of a job's text a board card holds: the card clamps it to three and two lines. */
const CARD_DESCRIPTION = 320;
const CARD_REQUIREMENTS = 200;

/** What the board's cards and the job page both show of a published job. */
function jobFacts(job: Pick<BoardJob, "id" | "title" | "companyName" | "location" | "type" | "remoteType" | "salaryMin" | "salaryMax" | "salaryCurrency" | "salaryPeriod">) {
  return {
    id: job.id,
    title: job.title,
    companyName: job.companyName,
    location: job.location,
    type: job.type,
    remoteType: job.remoteType,
    salary: formatSalary(job),
  };
}

/** A board or careers page card (`JobCardData`): the facts, and the first words of the description and requirements as plain text. */
export function jobCard(job: Omit<BoardJob, "publishedAt">): JobCardData {
  return {
    ...jobFacts(job),
    href: jobPath(job),
    companyHref: job.companySlug ? `/companies/${job.companySlug}` : null,
    department: job.department,
    featured: job.featured,
    description: jobTextExcerpt(job.description, CARD_DESCRIPTION),
    requirements: job.requirements ? jobTextExcerpt(job.requirements, CARD_REQUIREMENTS) : null,
  };
}

/**
 * The job page (and a staff preview): the facts, the description and requirements as sanitised
 * HTML from their Markdown (decision 107), the summary for the meta description, and where a
 * remote job's candidates may work from.
 */
export function jobPageContent(job: Omit<BoardJob, "publishedAt"> & { remoteCountries: string[] | null; closesOn: string | null; companyLogoPath?: string | null }) {
  return {
    ...jobFacts(job),
    companyLogoPath: job.companyLogoPath ?? null,
    department: job.department,
    companyHref: job.companySlug ? `/companies/${job.companySlug}` : null,
    summary: jobTextExcerpt(job.description, 155),
    descriptionHtml: jobTextHtml(job.description),
    requirementsHtml: job.requirements ? jobTextHtml(job.requirements) : null,
    remoteFrom: job.remoteType === "remote" && job.remoteCountries?.length ? job.remoteCountries.map(countryName).join(", ") : null,
    closesOn: job.closesOn,
  };
}

