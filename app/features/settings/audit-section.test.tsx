import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AuditData, AuditSection } from "./audit-section";

const entry = (n: number): AuditData["entries"][number] => ({
  id: `e${n}`,
  createdAt: "2026-11-30T08:00:00.000Z",
  who: "Rae Recruiter",
  action: "candidate.viewed",
  what: "Viewed a candidate",
  subject: `Candidate ${n}`,
  subjectHref: `/candidates/c${n}`,
  details: "",
  ip: null,
});

function render(data: AuditData) {
  const router = createMemoryRouter([{ path: "/settings/audit", element: <AuditSection data={data} /> }], { initialEntries: ["/settings/audit"] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("AuditSection", () => {
  it("links every subject to its page but marks only the first row's link for route discovery (decisions 135 and 146)", () => {
    const html = render({ filters: {}, members: [], entries: [entry(1), entry(2), entry(3)], next: null, previous: null });
    // Each entry is a card (phones) and a table row: six links to the three candidates.
    for (const n of [1, 2, 3]) expect(html.match(new RegExp(`href="/candidates/c${n}"`, "g"))).toHaveLength(2);
    // A page of 50 entries marked 100 links: the browser asked React Router for each one's route.
    expect(html.match(/<a [^>]*data-discover="true"/g)).toHaveLength(1);
    expect(html).toContain('href="/candidates/c1" data-row-link="" data-discover="true"');
  });
});
