import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RowLink } from "./row-link";

describe("RowLink", () => {
  it("is a plain link, marked for React Router's route discovery only when asked (decision 135)", () => {
    expect(renderToStaticMarkup(<RowLink to="/applications/1">View</RowLink>)).toBe('<a href="/applications/1" data-row-link="">View</a>');
    expect(renderToStaticMarkup(<RowLink to="/applications/1" discover>View</RowLink>)).toBe(
      '<a href="/applications/1" data-row-link="" data-discover="true">View</a>',
    );
  });
});
