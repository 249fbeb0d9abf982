import { describe, expect, it } from "vitest";
import { tabOfAnchor } from "./application-tabs";

describe("links to the one-page application (decision 100)", () => {
  it("go to the tab their anchor now lives on", () => {
    expect(tabOfAnchor("#note-123")).toBe("notes");
    expect(tabOfAnchor("#email-heading")).toBe("email");
    expect(tabOfAnchor("#feedback")).toBe("feedback");
    expect(tabOfAnchor("#history")).toBe("history");
    expect(tabOfAnchor("#details")).toBeNull();
    expect(tabOfAnchor("")).toBeNull();
  });
});
