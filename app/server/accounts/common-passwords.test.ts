import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.server";

describe("isCommonPassword", () => {
  it("finds listed passwords whatever their case", () => {
    expect(isCommonPassword("password123")).toBe(true);
    expect(isCommonPassword("QWERTYUIOP")).toBe(true);
  });

  it("lets an uncommon password through", () => {
    expect(isCommonPassword("violet-harbour-kettle-42")).toBe(false);
  });
});
