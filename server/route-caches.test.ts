import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { branchesFor, dataRoutesOnce, firstSegment, serverRoutesOnce } from "./route-caches";

interface ConfigRoute {
  path?: string;
  index?: boolean;
  children?: ConfigRoute[];
}

/** Every route of the app's config as a branch: its whole address pattern, in the config's order. */
function branchesOf(config: readonly ConfigRoute[], parent = ""): { path: string }[] {
  return config.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${route.path}`;
    const own = route.path !== undefined || route.index ? [{ path: path || "/" }] : [];
    return [...own, ...branchesOf(route.children ?? [], path)];
  });
}

const firstMatch = (branches: readonly { path: string }[], pathname: string) =>
  branches.find((branch) => matchPath({ path: branch.path, caseSensitive: false, end: true }, pathname));

/** Addresses for a pattern: parameters and splats filled in, optional segments with and without. */
function addressesOf(pattern: string): string[] {
  const filled = pattern.replace(/:[\w-]+\?/g, "x").replace(/:[\w-]+/g, "abc").replace(/\*$/, "a/b");
  const withoutOptional = pattern.replace(/\/[^/]+\?/g, "").replace(/:[\w-]+/g, "abc").replace(/\*$/, "");
  return [filled.replace(/\?/g, ""), withoutOptional || "/"];
}

describe("branchesFor (decision 138)", () => {
  const branches = branchesOf(routes as ConfigRoute[]);

  it("finds the same first match as trying every branch, for every address of the app's routes and then some", () => {
    expect(branches.length).toBeGreaterThan(100);
    const addresses = new Set<string>(["/", "/nope", "/nope/deeper", "//jobs", "/jobs//x", "/JOBS", "/Manage/Jobs", "/jobs/", "/api", "/assets/x.js", "/é/ü"]);
    for (const branch of branches) {
      for (const address of addressesOf(branch.path)) {
        addresses.add(address);
        addresses.add(address.toUpperCase());
        addresses.add(`${address}/`);
        addresses.add(`${address}/more`);
      }
    }
    let matched = 0;
    for (const address of addresses) {
      const expected = firstMatch(branches, address);
      if (expected) matched++;
      expect(firstMatch(branchesFor(branches, address), address), address).toBe(expected);
    }
    // The addresses above do reach most of the routes.
    expect(matched).toBeGreaterThan(branches.length);
  });

  it("keeps the branches' order and leaves out those of another first segment", () => {
    const some = [{ path: "/jobs/:id" }, { path: "/:lang?/about" }, { path: "/applications" }, { path: "/jobs" }, { path: "/*" }, { path: "/" }];
    expect(branchesFor(some, "/jobs/1").map((branch) => branch.path)).toEqual(["/jobs/:id", "/:lang?/about", "/jobs", "/*"]);
    expect(branchesFor(some, "/Applications").map((branch) => branch.path)).toEqual(["/:lang?/about", "/applications", "/*"]);
    expect(branchesFor(some, "/").map((branch) => branch.path)).toEqual(["/:lang?/about", "/*", "/"]);
    expect(branchesFor(some, "/elsewhere").map((branch) => branch.path)).toEqual(["/:lang?/about", "/*"]);
    // An optional fixed segment may be left out of the address.
    const optional = [{ path: "/en?/contact" }, { path: "/contact" }];
    expect(branchesFor(optional, "/contact")).toEqual(optional);
    expect(firstMatch(branchesFor(optional, "/contact"), "/contact")).toBe(optional[0]);
    // An address with an empty segment is matched against all of them.
    expect(branchesFor(some, "//jobs")).toBe(some);
  });

  it("reads a first segment as React Router's patterns and addresses write it", () => {
    expect(firstSegment("/applications/:id")).toBe("applications");
    expect(firstSegment("/")).toBe("");
    expect(firstSegment("")).toBe("");
    expect(firstSegment("jobs")).toBe("jobs");
  });
});

describe("serverRoutesOnce (decision 138)", () => {
  const manifest = { root: { id: "root" }, "routes/a": { id: "routes/a" } };
  const modules = { root: { default: "root" }, "routes/a": { default: "a" } };
  const future = {};

  it("builds a build's routes once, from a new modules object of the same modules too", () => {
    let built = 0;
    const create = () => ({ routes: ++built });
    const first = serverRoutesOnce(create, manifest, modules, future, false);
    expect(serverRoutesOnce(create, manifest, { ...modules }, future, false)).toBe(first);
    expect(built).toBe(1);
  });

  it("builds them again when a module, the mode or the future flags are others", () => {
    let built = 0;
    const create = () => ({ routes: ++built });
    const own = { root: { id: "root" } };
    const first = serverRoutesOnce(create, own, { root: modules.root }, future, false);
    const second = serverRoutesOnce(create, own, { root: { default: "root, edited" } }, future, false);
    expect(second).not.toBe(first);
    expect(serverRoutesOnce(create, own, { root: { default: "root, edited" } }, future, true)).not.toBe(second);
    expect(serverRoutesOnce(create, own, { root: { default: "root, edited" } }, {}, true)).not.toBe(second);
    expect(built).toBe(4);
  });
});

describe("dataRoutesOnce (decision 138)", () => {
  it("converts a routes array once, with the manifest its conversion filled", () => {
    const routes = [{ id: "root" }];
    let converted = 0;
    const convert = (manifest: Record<string, unknown>) => {
      converted++;
      manifest.root = routes[0];
      return [{ ...routes[0] }];
    };
    const first = dataRoutesOnce(routes, convert);
    const second = dataRoutesOnce(routes, convert);
    expect(second).toBe(first);
    expect(first.manifest.root).toBe(routes[0]);
    expect(converted).toBe(1);
    expect(dataRoutesOnce([...routes], convert)).not.toBe(first);
  });
});
