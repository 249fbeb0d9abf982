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
    expect(repeating).toEqual(["boot/lifecycle.server.ts"]);
  });
});
