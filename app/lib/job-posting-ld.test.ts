import { describe, expect, it } from "vitest";
import { googleJobPostingProblems } from "../../tests/helpers/google-job-posting";
import { jobPostingJsonLd, serializeJsonLd } from "./job-posting-ld";

const job = {
  id: "0b5f7c4e-3f0a-4c6e-9d1e-2a9b8c7d6e5f",
  title: "Backend Engineer",
  descriptionHtml: "<p>Build </script><script>alert(1)</script> things</p>",
  remoteCountries: null,
  closesOn: null,
  publishedAt: "2026-01-02T03:04:05.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
  type: "contract",
  location: "Lisbon",
  remoteType: "hybrid",
  salaryMin: "60",
  salaryMax: "85",
  salaryCurrency: "EUR",
  salaryPeriod: "hourly",
  companyName: "Acme",
  companyWebsite: "javascript:alert(1)",
};

describe("jobPostingJsonLd", () => {
  it("maps the job to schema.org JobPosting", () => {
    expect(jobPostingJsonLd(job, "https://x.test/jobs/1/backend-engineer")).toEqual({
      "@context": "https://schema.org/",
      "@type": "JobPosting",
      title: "Backend Engineer",
      description: job.descriptionHtml,
      identifier: { "@type": "PropertyValue", name: "Acme", value: job.id },
      datePosted: "2026-01-02T03:04:05.000Z",
      url: "https://x.test/jobs/1/backend-engineer",
      directApply: true,
      employmentType: "CONTRACTOR",
      hiringOrganization: { "@type": "Organization", name: "Acme" },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Lisbon" } },
      baseSalary: { "@type": "MonetaryAmount", currency: "EUR", value: { "@type": "QuantitativeValue", minValue: 60, maxValue: 85, unitText: "HOUR" } },
    });
  });

  it("marks remote jobs TELECOMMUTE and leaves out what is missing", () => {
    const ld = jobPostingJsonLd(
      { ...job, type: "full-time", remoteType: "remote", salaryMin: null, salaryMax: null, companyWebsite: "https://acme.test" },
      "u",
    );
    expect(ld).toMatchObject({ employmentType: "FULL_TIME", jobLocationType: "TELECOMMUTE", hiringOrganization: { sameAs: "https://acme.test/" } });
    // A remote job with an office keeps it; without one it has no place.
    expect(ld).toHaveProperty("jobLocation");
    expect(jobPostingJsonLd({ ...job, remoteType: "remote", location: null }, "u")).not.toHaveProperty("jobLocation");
    expect(ld).not.toHaveProperty("baseSalary");
    expect(jobPostingJsonLd({ ...job, type: "part-time" }, "u").employmentType).toBe("PART_TIME");
    expect(jobPostingJsonLd({ ...job, type: "internship" }, "u").employmentType).toBe("INTERN");
  });

  it("gives a remote job with a salary range and a closing date every property Google requires or recommends", () => {
    const ld = jobPostingJsonLd(
      { ...job, remoteType: "remote", location: null, remoteCountries: ["US", "CA"], closesOn: "2027-03-31", salaryMin: "90k", salaryMax: "120,000", salaryCurrency: "usd", salaryPeriod: "yearly" },
      "https://x.test/jobs/1/backend-engineer",
    );
    expect(googleJobPostingProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: [
        { "@type": "Country", name: "United States" },
        { "@type": "Country", name: "Canada" },
      ],
      validThrough: "2027-03-31T23:59:59Z",
      baseSalary: { currency: "USD", value: { minValue: 90000, maxValue: 120000, unitText: "YEAR" } },
    });
    expect(ld).not.toHaveProperty("jobLocation");
  });

  it("names what Google would miss", () => {
    const bare = jobPostingJsonLd({ ...job, location: null, salaryMin: null, salaryMax: null }, "u");
    expect(googleJobPostingProblems(bare)).toEqual([
      "required: jobLocation (or jobLocationType TELECOMMUTE with applicantLocationRequirements)",
      "recommended: baseSalary",
      "recommended: validThrough",
    ]);
    const remoteAnywhere = jobPostingJsonLd({ ...job, remoteType: "remote", location: null, closesOn: "2027-01-01" }, "u");
    expect(googleJobPostingProblems(remoteAnywhere)).toEqual(["required: jobLocation (or jobLocationType TELECOMMUTE with applicantLocationRequirements)"]);
  });

  it("escapes < so the description cannot close the script tag", () => {
    const text = serializeJsonLd(jobPostingJsonLd(job, "u"));
    expect(text).not.toContain("<");
    expect(JSON.parse(text).description).toBe(job.descriptionHtml);
  });
});

describe("the salary in jobPostingJsonLd", () => {
  const salary = (salaryMin: string | null, salaryMax: string | null, salaryCurrency: string | null) =>
    jobPostingJsonLd({ ...job, salaryMin, salaryMax, salaryCurrency }, "u").baseSalary;

  it("reads the amounts as the job form does and upper-cases the currency", () => {
    expect(salary("60k", "80,000", "eur")).toEqual({
      "@type": "MonetaryAmount",
      currency: "EUR",
      value: { "@type": "QuantitativeValue", minValue: 60000, maxValue: 80000, unitText: "HOUR" },
    });
    expect(salary(null, "80 000", "USD")).toMatchObject({ value: { maxValue: 80000 } });
  });

  it("leaves out a salary saved before salaries were checked when it is not valid", () => {
    expect(salary("60k", "40,000", "EUR")).toBeUndefined();
    expect(salary("60000", "80000", "EU")).toBeUndefined();
    expect(salary("60000", "80000", null)).toBeUndefined();
    expect(salary("competitive", "great", "EUR")).toBeUndefined();
  });
});
