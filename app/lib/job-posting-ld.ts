import { countryName } from "~/schemas/countries";
import { readSalary } from "./salary";

export interface JobPostingSource {
  id: string;
  title: string;
  /** The description and requirements as the job page shows them: sanitised HTML (decision 107). */
  descriptionHtml: string;
  publishedAt: string | null;
  createdAt: string;
  type: string;
  location: string | null;
  remoteType: string | null;
  /** ISO 3166-1 alpha-2 codes a remote job's candidates may work from. */
  remoteCountries: string[] | null;
  /** The last day applications are taken (YYYY-MM-DD). */
  closesOn: string | null;
  salaryMin: string | null;
  salaryMax: string | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  companyName: string;
  companyWebsite: string | null;
  /** The company's logo, an absolute address (decision 108), when it has one. */
  companyLogoUrl?: string | null;
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
 * The salary as schema.org MonetaryAmount, only when it reads (`readSalary`) and names a currency,
 * which Google requires. Jobs saved before salaries were checked may hold free text; such a
 * salary is left out rather than guessed.
 */
function baseSalary(job: JobPostingSource): Record<string, unknown> | null {
  const salary = readSalary(job);
  if (!salary?.currency) return null;
  return {
    "@type": "MonetaryAmount",
    currency: salary.currency,
    value: {
      "@type": "QuantitativeValue",
      ...(salary.min === null ? {} : { minValue: salary.min }),
      ...(salary.max === null ? {} : { maxValue: salary.max }),
      ...(salary.period && UNIT_TEXT[salary.period] ? { unitText: UNIT_TEXT[salary.period] } : {}),
    },
  };
}

/**
 * schema.org JobPosting for a published job (Google's job search reads it): every property Google
 * requires, and the recommended ones the job holds (decision 107). A remote job is TELECOMMUTE,
 * with the countries it takes candidates from; a closing date is validThrough, the end of that
 * day in UTC, when the job closes itself.
 */
export function jobPostingJsonLd(job: JobPostingSource, url: string): Record<string, unknown> {
  const website = safeWebsite(job.companyWebsite);
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: job.descriptionHtml,
    identifier: { "@type": "PropertyValue", name: job.companyName, value: job.id },
    datePosted: job.publishedAt ?? job.createdAt,
    url,
    directApply: true,
    employmentType: EMPLOYMENT_TYPES[job.type] ?? "OTHER",
    hiringOrganization: {
      "@type": "Organization",
      name: job.companyName,
      ...(website ? { sameAs: website } : {}),
      ...(job.companyLogoUrl ? { logo: job.companyLogoUrl } : {}),
    },
  };
  if (job.closesOn) ld.validThrough = `${job.closesOn}T23:59:59Z`;
  if (job.location) {
    ld.jobLocation = { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: job.location } };
  }
  if (job.remoteType === "remote") {
    ld.jobLocationType = "TELECOMMUTE";
    const countries = job.remoteCountries ?? [];
    if (countries.length) {
      ld.applicantLocationRequirements = countries.map((code) => ({ "@type": "Country", name: countryName(code) }));
    }
  }
  const salary = baseSalary(job);
  if (salary) ld.baseSalary = salary;
  return ld;
}

/** JSON for an inline <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
