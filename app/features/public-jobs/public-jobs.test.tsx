import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type JobCardData, JobCard } from "./public-jobs";

const job = (n: number): JobCardData => ({
  id: `j${n}`,
  title: `Engineer ${n}`,
  href: `/jobs/j${n}`,
  companyName: "Acme",
  companyHref: "/companies/acme",
  location: "Lisbon",
  type: "full_time",
  remoteType: null,
  department: null,
  salary: null,
  featured: false,
  description: "Build things.",
  requirements: null,
});

describe("JobCard", () => {
  it("links the title, the company and Apply Now as plain links, marked for route discovery on the first card only (decision 147)", () => {
    const html = renderToStaticMarkup(
      <ul>
        <JobCard job={job(1)} discover />
        <JobCard job={job(2)} />
        <JobCard job={job(3)} />
      </ul>,
    );
    for (const n of [1, 2, 3]) {
      expect(html).toContain(`href="/jobs/j${n}" data-row-link=""`);
      expect(html).toContain(`href="/jobs/j${n}/apply" data-row-link=""`);
    }
    // A page of 20 cards marked 60 links, and the browser asked React Router about each address.
    expect(html.match(/data-discover="true"/g)).toHaveLength(3);
    expect(html).toContain('href="/jobs/j1" data-row-link="" data-discover="true"');
  });
});
