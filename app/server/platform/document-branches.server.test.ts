import type { EntryContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { documentBranches } from "./document-branches.server";

type Branches = EntryContext["branches"];

/** A branch as React Router's flattenRoutes makes it: the full address and each route's part of it. */
function branch(path: string, id = path): Branches[number] {
  const parts = path.split("/").filter(Boolean);
  const route = { id, path: parts.at(-1) ?? "" };
  return {
    path,
    score: 0,
    routesMeta: [{ relativePath: parts.join("/"), caseSensitive: false, childrenIndex: 0, route }],
  } as unknown as Branches[number];
}

const paths = (branches: Branches) => branches.map((each) => each.path);

describe("documentBranches (decision 136)", () => {
  it("puts the branches of fixed addresses first, shortest first, and the others after in React Router's order", () => {
    // React Router's order: the most specific first, "/" last.
    const ranked = [branch("/manage/jobs/:jobId/match"), branch("/settings/company"), branch("/manage/jobs/:jobId"), branch("/manage/jobs"), branch("/jobs/:slug"), branch("/candidates"), branch("/"), branch("/*")];
    expect(paths(documentBranches(ranked))).toEqual(["/", "/candidates", "/settings/company", "/manage/jobs", "/manage/jobs/:jobId/match", "/manage/jobs/:jobId", "/jobs/:slug", "/*"]);
    // Worked out once per list.
    expect(documentBranches(ranked)).toBe(documentBranches(ranked));
  });

  it("keeps two branches of one address in React Router's order", () => {
    const layout = branch("/settings", "settings-layout");
    const index = branch("/settings", "settings-index");
    const ordered = documentBranches([branch("/settings/:tab"), index, layout]);
    expect(ordered.map((each) => each.routesMeta[0]!.route.id)).toEqual(["settings-index", "settings-layout", "/settings/:tab"]);
  });

  it("keeps React Router's order where a branch ranked above a fixed address also matches it", () => {
    // Not an order React Router makes, but the answer for "/jobs/new" would change with the fixed one first.
    const ranked = [branch("/jobs/:slug"), branch("/jobs/new"), branch("/")];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(documentBranches(ranked)).toBe(ranked);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
