import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Server code, for the rule below. */
function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("background timers", () => {
  it("are started only by lifecycle.server.ts, so stopApp can stop them all", () => {
    const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
    const repeating = serverFiles(dir)
      .filter((file) => /\bsetInterval\s*\(/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(dir, file));
    // And the CV extraction's memory watchdog: it samples only while a file is read, and stopApp
    // stops it with the extraction worker (stopTextExtraction).
    expect(repeating.sort()).toEqual(["boot/lifecycle.server.ts", "cvs/extract-text.server.ts"]);
    expect(readFileSync(path.join(dir, "boot/lifecycle.server.ts"), "utf8")).toMatch(/stopApp[\s\S]*await stopTextExtraction\(\)/);
  });
});
