/**
 * What Google's job search asks of a JobPosting (developers.google.com/search/docs/appearance/
 * structured-data/job-posting, as of 2026): the required properties, then the recommended ones,
 * each missing one named. Tests read our JSON-LD with it.
 */
const REQUIRED = ["datePosted", "description", "hiringOrganization", "title"] as const;
const RECOMMENDED = ["baseSalary", "directApply", "employmentType", "identifier", "validThrough"] as const;

const LOCATION = "jobLocation (or jobLocationType TELECOMMUTE with applicantLocationRequirements)";

export function googleJobPostingProblems(ld: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const has = (key: string) => ld[key] !== undefined && ld[key] !== null && ld[key] !== "";
  if (ld["@context"] !== "https://schema.org/" && ld["@context"] !== "https://schema.org") problems.push("@context");
  if (ld["@type"] !== "JobPosting") problems.push("@type");
  for (const key of REQUIRED) if (!has(key)) problems.push(`required: ${key}`);
  const remote = ld.jobLocationType === "TELECOMMUTE";
  const requirements = ld.applicantLocationRequirements;
  const remoteWithCountries = remote && Array.isArray(requirements) && requirements.length > 0;
  // A fully remote job may leave out jobLocation only when it says where candidates may live.
  if (!has("jobLocation") && !remoteWithCountries) problems.push(`required: ${LOCATION}`);
  const organization = ld.hiringOrganization as { "@type"?: string; name?: string } | undefined;
  if (organization && (organization["@type"] !== "Organization" || !organization.name)) problems.push("required: hiringOrganization.name");
  if (typeof ld.datePosted === "string" && Number.isNaN(Date.parse(ld.datePosted))) problems.push("datePosted is not ISO 8601");
  for (const key of RECOMMENDED) if (!has(key)) problems.push(`recommended: ${key}`);
  if (has("validThrough") && Number.isNaN(Date.parse(String(ld.validThrough)))) problems.push("validThrough is not ISO 8601");
  const salary = ld.baseSalary as { currency?: string; value?: { minValue?: number; maxValue?: number; value?: number; unitText?: string } } | undefined;
  if (salary) {
    if (!/^[A-Z]{3}$/.test(salary.currency ?? "")) problems.push("baseSalary.currency");
    const value = salary.value ?? {};
    if (value.minValue === undefined && value.maxValue === undefined && value.value === undefined) problems.push("baseSalary.value");
    if (value.minValue !== undefined && value.maxValue !== undefined && value.minValue > value.maxValue) problems.push("baseSalary: minValue above maxValue");
    if (value.unitText && !["HOUR", "DAY", "WEEK", "MONTH", "YEAR"].includes(value.unitText)) problems.push("baseSalary.unitText");
  }
  return problems;
}
