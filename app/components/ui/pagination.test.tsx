import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { countSummary, Pagination } from "./pagination";

const render = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);

describe("Pagination", () => {
  it("is a labelled navigation of plain links (no JavaScript needed), each only when its page exists", () => {
    const html = render(<Pagination summary="10,000+ applications" previousHref="/applications?before=1_x" nextHref="/applications?status=active&after=2_y" />);
    expect(html).toContain('<nav aria-label="Pagination"');
    expect(html).toContain("10,000+ applications");
    expect(html).toMatch(/<a [^>]*href="\/applications\?before=1_x"[^>]*>Previous<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/applications\?status=active&amp;after=2_y"[^>]*>Next<\/a>/);
    const first = render(<Pagination previousHref={null} nextHref="/manage/jobs?after=2_y" />);
    expect(first).not.toContain("Previous");
    expect(first).toContain(">Next</a>");
  });

  it("counts a list: exactly, in the singular for one, and with a plus where the count stopped at its cap", () => {
    expect(countSummary({ total: 995000, totalCapped: false }, "application", "applications")).toBe("995,000 applications");
    expect(countSummary({ total: 1, totalCapped: false }, "candidate", "candidates")).toBe("1 candidate");
    expect(countSummary({ total: 0, totalCapped: false }, "candidate", "candidates")).toBe("0 candidates");
    expect(countSummary({ total: 10000, totalCapped: true }, "application", "applications")).toBe("10,000+ applications");
  });
});
