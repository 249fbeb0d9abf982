import { describe, expect, it } from "vitest";
import { accentText, contrastRatio } from "./brand-color";

describe("accentText", () => {
  it("puts white on dark colours and ink on light ones, whichever contrasts more", () => {
    expect(accentText("#4f46e5")).toBe("#ffffff");
    expect(accentText("#000000")).toBe("#ffffff");
    expect(accentText("#facc15")).toBe("#0f172a");
    expect(accentText("#ffffff")).toBe("#0f172a");
    for (const colour of ["#4f46e5", "#facc15", "#10b981", "#0ea5e9", "#1e293b"]) {
      expect(contrastRatio(colour, accentText(colour)), colour).toBeGreaterThanOrEqual(4.5);
    }
    // The hardest colour for both (a mid grey) still gets the better of the two.
    expect(contrastRatio("#777777", accentText("#777777"))).toBeGreaterThan(4.4);
  });
});
