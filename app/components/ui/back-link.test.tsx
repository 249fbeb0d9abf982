import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BackLink } from "./back-link";

describe("BackLink", () => {
  it("is a plain link whose arrow comes from the style sheet, so its markup stays Latin-1", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <BackLink to="/manage/jobs">Back to Jobs</BackLink>
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<a class="arrow-back [^"]*" href="\/manage\/jobs"[^>]*>Back to Jobs<\/a>$/);
    expect([...html].every((character) => character.charCodeAt(0) <= 0xff)).toBe(true);
  });
});
