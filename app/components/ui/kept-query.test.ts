import { describe, expect, it } from "vitest";
import { withQuery } from "./kept-query";

describe("withQuery", () => {
  it("keeps the rest of the query when one key changes", () => {
    expect(withQuery(new URLSearchParams("tab=notes&notes=all"), "edit", "n1")).toBe("?tab=notes&notes=all&edit=n1");
    expect(withQuery(new URLSearchParams("tab=notes&edit=n1"), "edit", null)).toBe("?tab=notes");
    expect(withQuery(new URLSearchParams("edit=n1"), "edit", null)).toBe("");
  });
});
