import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { EDITS, editReactRouter } from "./route-caches-plugin";

/** The installed React Router's module with createServerRoutes, as the server build bundles it. */
function installedRouteModule() {
  const dir = "node_modules/react-router/dist/development";
  const file = readdirSync(dir).find((name) => name.endsWith(".mjs") && readFileSync(join(dir, name), "utf8").includes("function createServerRoutes("));
  if (!file) throw new Error("React Router's route module was not found");
  return readFileSync(join(dir, file), "utf8");
}

describe("the server build's edits to React Router (decision 138)", () => {
  it("each find their text once in the installed React Router, and leave a module that parses", () => {
    const code = installedRouteModule();
    const edited = editReactRouter(code, "/helpers.ts")!;
    for (const edit of EDITS) {
      expect(edited.split(edit.replace)).toHaveLength(2);
    }
    expect(edited).toContain('import * as __openhireRouteCaches from "/helpers.ts";');
    expect(() => parseAst(edited)).not.toThrow();
  });

  it("leave every other module as it is", () => {
    expect(editReactRouter("export const x = 1;")).toBeUndefined();
  });

  it("stop the build, naming the edit, when React Router's text has changed", () => {
    const code = installedRouteModule().replace("let decoded = decodePath(pathname);", "let decoded = decodePath(pathname, true);");
    expect(() => editReactRouter(code)).toThrow(/"matchRoutesImpl by first segment"/);
  });
});
