import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { FeedbackTodos } from "./feedback-todos";
import { StatCards } from "./stat-cards";
import { WaitingCandidates } from "./waiting-candidates";
import { ErasureRequests } from "./erasure-requests";

const render = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);

describe("the dashboard's counts", () => {
  it("group a large counter's digits in thousands, on the link and in its name", () => {
    const html = render(
      <StatCards
        cards={[
          { label: "Pending Reviews", value: 895500, href: "/applications?status=active" },
          { label: "Active Jobs", value: 12, href: null },
        ]}
      />,
    );
    expect(html).toContain('aria-label="895,500 Pending Reviews: show them">895,500</a>');
    expect(html).toMatch(/data-testid="stat-Active Jobs">12<\/dd>/);
  });

  it("group the totals of the to-do lists", () => {
    const row = { id: "a", href: "/applications/a", candidateName: "Ada", jobTitle: "Engineer" };
    expect(render(<FeedbackTodos rows={[{ ...row, dueSince: "2026-11-30T08:00:00.000Z", interviewTitle: null, askedBy: null }]} total={12345} failed={false} />)).toContain(
      "1 of 12,345, the longest due first.",
    );
    expect(
      render(
        <ErasureRequests
          rows={[{ id: "c", href: "/candidates/c", candidateName: "Ada", requestedAt: "2026-11-30T08:00:00.000Z", dueAt: "2026-12-30T08:00:00.000Z", overdue: false }]}
          total={2048}
        />,
      ),
    ).toContain("1 of 2,048, the oldest first.");
    expect(
      render(
        <WaitingCandidates
          rows={[{ ...row, reason: "decision", waitingSince: "2026-11-30T08:00:00.000Z", scorecards: 2 }]}
          decisions={39000}
          newApplications={1000}
          newDays={7}
          failed={false}
        />,
      ),
    ).toContain("1 of 40,000: 39,000 ready for a decision, 1,000 new.");
  });
});
