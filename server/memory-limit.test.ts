import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;

describe("the production server's memory", () => {
  it("is bounded: npm start serves with a heap limit and a young generation sized for page renders (decision 073)", () => {
    expect(scripts.start).toBe("npm run build && npm run serve");
    expect(scripts.serve).toMatch(/^NODE_ENV=production node --max-old-space-size=\d+ --max-semi-space-size=\d+ server\.js$/);
    const limit = Number(scripts.serve!.match(/--max-old-space-size=(\d+)/)![1]);
    expect(limit).toBeGreaterThanOrEqual(256);
    expect(limit).toBeLessThanOrEqual(512);
  });
});
