import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "./pagination";

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
});
