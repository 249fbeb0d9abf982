import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { InactiveLane } from "./inactive-lane";

describe("InactiveLane", () => {
  it("groups its count's digits in thousands, as a job of thousands of applicants has", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <InactiveLane cards={[]} count={12500} hasMore={false} showMoreHref="/manage/jobs/j?rejected=1&more=1" />
      </MemoryRouter>,
    );
    expect(html).toContain('aria-label="12,500 candidates">12,500</span>');
  });
});
