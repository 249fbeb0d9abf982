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

describe("background work", () => {
  const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const filesMatching = (pattern: RegExp) =>
    serverFiles(dir)
      .filter((file) => pattern.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(dir, file));

  it("runs through the task queue, never on a timer of its own", () => {
    // But the CV extraction's memory watchdog: it samples only while a file is read, and stopApp
    // stops it with the extraction worker (stopTextExtraction).
    expect(filesMatching(/\bsetInterval\s*\(/)).toEqual(["cvs/extract-text.server.ts"]);
    expect(readFileSync(path.join(dir, "boot/lifecycle.server.ts"), "utf8")).toMatch(/stopApp[\s\S]*await stopTextExtraction\(\)/);
  });

  it("has one queue, started only by lifecycle.server.ts, so stopApp can stop it", () => {
    expect(filesMatching(/\bstartQueue\s*\(/)).toEqual(["boot/lifecycle.server.ts", "queue/queue.server.ts"]);
    expect(filesMatching(/\bnew PgBoss\s*\(/).sort()).toEqual(["queue/pg-boss-sql.server.ts", "queue/queue.server.ts"]);
  });
});
