import { describe, expect, it } from "vitest";
import { withQuery } from "~/components/ui/kept-query";
import { tabOfAnchor } from "~/features/application-page/application-tabs";
import { applicationHref } from "./application-href";

describe("the application page's addresses (decision 100)", () => {
  it("name a tab in the query, the overview by the page's own address", () => {
    expect(applicationHref("a1")).toBe("/applications/a1");
    expect(applicationHref("a1", "notes", "note-n1")).toBe("/applications/a1?tab=notes#note-n1");
    expect(applicationHref("a1", "email", "email-heading")).toBe("/applications/a1?tab=email#email-heading");
  });

  it("send the anchors of the one-page application to their tab", () => {
    expect(tabOfAnchor("#note-123")).toBe("notes");
    expect(tabOfAnchor("#email-heading")).toBe("email");
    expect(tabOfAnchor("#feedback")).toBe("feedback");
    expect(tabOfAnchor("#history")).toBe("history");
    expect(tabOfAnchor("#details")).toBeNull();
    expect(tabOfAnchor("")).toBeNull();
  });

  it("keep the rest of the query when one key changes", () => {
    const search = new URLSearchParams("tab=notes&notes=all");
    expect(withQuery(search, "edit", "n1")).toBe("?tab=notes&notes=all&edit=n1");
    expect(withQuery(new URLSearchParams("tab=notes&edit=n1"), "edit", null)).toBe("?tab=notes");
    expect(withQuery(new URLSearchParams("edit=n1"), "edit", null)).toBe("");
  });
});
