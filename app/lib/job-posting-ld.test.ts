import { describe, expect, it } from "vitest";
import { jobPostingJsonLd, serializeJsonLd } from "./job-posting-ld";

const job = {
  title: "Backend Engineer",
  description: "Build </script><script>alert(1)</script> things",
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
      description: job.description,
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
    expect(ld).not.toHaveProperty("jobLocation");
    expect(ld).not.toHaveProperty("baseSalary");
    expect(jobPostingJsonLd({ ...job, type: "part-time" }, "u").employmentType).toBe("PART_TIME");
    expect(jobPostingJsonLd({ ...job, type: "internship" }, "u").employmentType).toBe("INTERN");
  });

  it("escapes < so the description cannot close the script tag", () => {
    const text = serializeJsonLd(jobPostingJsonLd(job, "u"));
    expect(text).not.toContain("<");
    expect(JSON.parse(text).description).toBe(job.description);
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
