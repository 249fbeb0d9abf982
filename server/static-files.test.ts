import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { NextFunction, Request, Response } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { acceptsEncoding, listStaticFiles, staticFiles } from "./static-files";

const root = mkdtempSync(join(tmpdir(), "openhire-static-"));
mkdirSync(join(root, "assets"));
mkdirSync(join(root, "images", "blog"), { recursive: true });
writeFileSync(join(root, "favicon.svg"), "<svg/>");
writeFileSync(join(root, "images", "blog", "a b.svg"), "<svg/>");
writeFileSync(join(root, "assets", "entry-abc.js"), "code");
writeFileSync(join(root, "assets", "entry-abc.js.br"), "br");
writeFileSync(join(root, "assets", "entry-abc.js.gz"), "gz");
writeFileSync(join(root, "assets", "plain-abc.woff2"), "font");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("listStaticFiles", () => {
  it("lists each file by its address, with the compressed copies the build stored beside assets", () => {
    const files = listStaticFiles(root);
    expect([...files.keys()].sort()).toEqual(["/assets/entry-abc.js", "/assets/plain-abc.woff2", "/favicon.svg", "/images/blog/a b.svg"]);
    expect(files.get("/assets/entry-abc.js")).toMatchObject({ immutable: true, br: join(root, "assets", "entry-abc.js.br"), gzip: join(root, "assets", "entry-abc.js.gz") });
    expect(files.get("/favicon.svg")).toMatchObject({ immutable: false });
    expect(files.get("/favicon.svg")?.br).toBeUndefined();
  });
});

describe("staticFiles", () => {
  it("passes a page request on at once, without looking at the disk", () => {
    // A root that does not exist: express.static would stat it (and answer later); this answers now.
    const middleware = staticFiles(join(root, "missing"), new Map());
    for (const path of ["/jobs", "/", "/favicon.svg", "/%E0%A4%A"]) {
      let passed = false;
      middleware({ method: "GET", path } as Request, {} as Response, (() => (passed = true)) as NextFunction);
      expect(passed, path).toBe(true);
    }
  });
});

describe("acceptsEncoding", () => {
  it("reads Accept-Encoding with its q-values and wildcard", () => {
    expect(acceptsEncoding("gzip, deflate, br", "br")).toBe(true);
    expect(acceptsEncoding("gzip, deflate", "br")).toBe(false);
    expect(acceptsEncoding("br;q=0, gzip", "br")).toBe(false);
    expect(acceptsEncoding("BR;q=0.5", "br")).toBe(true);
    expect(acceptsEncoding("*", "gzip")).toBe(true);
    expect(acceptsEncoding("*;q=0", "gzip")).toBe(false);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
  });
});
