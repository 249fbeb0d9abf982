import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { InactiveLane } from "./inactive-lane";

describe("InactiveLane", () => {
  it("groups its count's digits in thousands, as a job of thousands of applicants has", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <InactiveLane
          cards={[{ id: "a", candidateName: "Ada", candidateEmail: "ada@example.test", createdAt: "2026-11-30T08:00:00.000Z", status: "rejected", rejectionReason: null, stageName: "Applied" }]}
          count={12500}
          hasMore
          showMoreHref="/manage/jobs/j?rejected=2"
        />
      </MemoryRouter>,
    );
    expect(html).toContain('aria-label="12,500 candidates">12,500</span>');
    expect(html).toContain("(12,499 more)");
  });
});
