import { describe, expect, it } from "vitest";
import { applicationHref } from "./application-href";

describe("the application page's addresses (decision 100)", () => {
  it("name a tab in the query, the overview by the page's own address", () => {
    expect(applicationHref("a1")).toBe("/applications/a1");
    expect(applicationHref("a1", "notes", "note-n1")).toBe("/applications/a1?tab=notes#note-n1");
    expect(applicationHref("a1", "email", "email-heading")).toBe("/applications/a1?tab=email#email-heading");
  });
});
