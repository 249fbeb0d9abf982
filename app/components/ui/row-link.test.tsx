import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isCurrentPath, RowLink } from "./row-link";

describe("RowLink", () => {
  it("is a plain link, marked for React Router's route discovery only when asked (decision 135)", () => {
    expect(renderToStaticMarkup(<RowLink to="/applications/1">View</RowLink>)).toBe('<a href="/applications/1" data-row-link="">View</a>');
    expect(renderToStaticMarkup(<RowLink to="/applications/1" discover>View</RowLink>)).toBe(
      '<a href="/applications/1" data-row-link="" data-discover="true">View</a>',
    );
  });
});

describe("isCurrentPath", () => {
  it("marks a section on its own page and the pages under it, as <NavLink> does (decision 136)", () => {
    expect(isCurrentPath("/candidates", "/candidates")).toBe(true);
    expect(isCurrentPath("/candidates/42", "/candidates")).toBe(true);
    expect(isCurrentPath("/Candidates/42", "/candidates")).toBe(true);
    // Not a page whose address merely starts with the same letters.
    expect(isCurrentPath("/candidates-import", "/candidates")).toBe(false);
    expect(isCurrentPath("/settings/company", "/settings")).toBe(true);
    expect(isCurrentPath("/dashboard", "/settings")).toBe(false);
    // `end`: the page itself only.
    expect(isCurrentPath("/notifications", "/notifications", true)).toBe(true);
    expect(isCurrentPath("/notifications/3", "/notifications", true)).toBe(false);
    // The home page is not the parent of every page.
    expect(isCurrentPath("/dashboard", "/")).toBe(false);
    expect(isCurrentPath("/", "/")).toBe(true);
  });
});
