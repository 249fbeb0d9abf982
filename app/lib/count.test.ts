import { describe, expect, it } from "vitest";
import { formatCount } from "./count";

describe("formatCount", () => {
  it("groups the digits of a count in thousands, and leaves a small one as it is", () => {
    expect(formatCount(895500)).toBe("895,500");
    expect(formatCount(1000000)).toBe("1,000,000");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(0)).toBe("0");
  });
});
