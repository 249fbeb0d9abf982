import { describe, expect, it } from "vitest";
import { locationQuery } from "./queries.server";

describe("locationQuery", () => {
  it("makes each word the start of a location word, and drops everything that could be query syntax", () => {
    expect(locationQuery("New York")).toBe("new:* & york:*");
    expect(locationQuery("São Paulo")).toBe("são:* & paulo:*");
    expect(locationQuery("berlin:* | !x & (y)")).toBe("berlin:* & x:* & y:*");
    expect(locationQuery("  % ")).toBeNull();
    expect(locationQuery(undefined)).toBeNull();
  });
});
