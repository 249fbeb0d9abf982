import { describe, expect, it } from "vitest";
import { safeRedirect } from "./auth.server";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/manage/jobs")).toBe("/manage/jobs");
    expect(safeRedirect("/applications?status=active")).toBe("/applications?status=active");
  });

  it("falls back to the dashboard for anything that could leave the site", () => {
    for (const to of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined]) {
      expect(safeRedirect(to)).toBe("/dashboard");
    }
  });
});
