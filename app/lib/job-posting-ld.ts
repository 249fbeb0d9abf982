import { isCurrencyCode, parseSalaryAmount } from "~/schemas/salary";

export interface JobPostingSource {
  title: string;
  description: string;
  publishedAt: string | null;
  createdAt: string;
  type: string;
  location: string | null;
  remoteType: string | null;
  salaryMin: string | null;
  salaryMax: string | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  companyName: string;
  companyWebsite: string | null;
}

const EMPLOYMENT_TYPES: Record<string, string> = {
  "full-time": "FULL_TIME",
  "part-time": "PART_TIME",
  contract: "CONTRACTOR",
  internship: "INTERN",
};

const UNIT_TEXT: Record<string, string> = { yearly: "YEAR", monthly: "MONTH", weekly: "WEEK", hourly: "HOUR" };

/** A website worth linking: http(s) only. */
export function safeWebsite(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The salary as schema.org MonetaryAmount, only when it is valid: an ISO 4217 currency (Google
 * requires one), at least one readable amount, and a minimum not above the maximum. Jobs saved
 * before salaries were checked may hold free text; such a salary is left out rather than guessed.
 */
function baseSalary(job: JobPostingSource): Record<string, unknown> | null {
  const currency = job.salaryCurrency?.trim().toUpperCase() ?? "";
  if (!isCurrencyCode(currency)) return null;
  const min = job.salaryMin ? parseSalaryAmount(job.salaryMin) : NaN;
  const max = job.salaryMax ? parseSalaryAmount(job.salaryMax) : NaN;
  if (Number.isNaN(min) && Number.isNaN(max)) return null;
  if (min > max) return null;
  return {
    "@type": "MonetaryAmount",
    currency,
    value: {
      "@type": "QuantitativeValue",
      ...(Number.isNaN(min) ? {} : { minValue: min }),
      ...(Number.isNaN(max) ? {} : { maxValue: max }),
      ...(job.salaryPeriod && UNIT_TEXT[job.salaryPeriod] ? { unitText: UNIT_TEXT[job.salaryPeriod] } : {}),
    },
  };
}

/** schema.org JobPosting for a published job (Google's job search reads it). */
export function jobPostingJsonLd(job: JobPostingSource, url: string): Record<string, unknown> {
  const website = safeWebsite(job.companyWebsite);
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: job.description,
    datePosted: job.publishedAt ?? job.createdAt,
    url,
    directApply: true,
    employmentType: EMPLOYMENT_TYPES[job.type] ?? "OTHER",
    hiringOrganization: { "@type": "Organization", name: job.companyName, ...(website ? { sameAs: website } : {}) },
  };
  if (job.remoteType === "remote") {
    ld.jobLocationType = "TELECOMMUTE";
  } else if (job.location) {
    ld.jobLocation = { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: job.location } };
  }
  const salary = baseSalary(job);
  if (salary) ld.baseSalary = salary;
  return ld;
}

/** JSON for an inline <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
