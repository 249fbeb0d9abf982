import { describe, expect, it } from "vitest";
import { OPEN_REDIRECT_PAYLOADS } from "../../../tests/helpers/hostile-input";
import { safeRedirect } from "./session.server";


describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/manage/jobs")).toBe("/manage/jobs");
    expect(safeRedirect("/applications?status=active")).toBe("/applications?status=active");
    expect(safeRedirect("/settings#security")).toBe("/settings#security");
    // Dot segments that stay on this site are resolved, as the browser would.
    expect(safeRedirect("/manage/./jobs/../jobs")).toBe("/manage/jobs");
  });

  it("falls back to the dashboard for anything that could leave the site", () => {
    for (const to of [...OPEN_REDIRECT_PAYLOADS, "", null, undefined]) {
      expect(safeRedirect(to), String(to)).toBe("/dashboard");
    }
  });

  it("falls back to the given path", () => {
    expect(safeRedirect("/.//evil.example", "/manage/jobs/1/edit")).toBe("/manage/jobs/1/edit");
  });
});
