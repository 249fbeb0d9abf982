import { describe, expect, it } from "vitest";
import { imageOnlyPdf, pdfStreamBomb, pdfWithText, twoPageCv } from "../../../tests/fixtures/documents";
import { checkPdfStreamBudget } from "./pdf-stream-budget.server";

describe("the PDF stream budget", () => {
  it("lets a two-page CV through with room to spare", async () => {
    const cv = await pdfWithText(twoPageCv(1).paragraphs);
    expect(() => checkPdfStreamBudget(cv)).not.toThrow();
    // Its streams inflate to a few KB: a budget of 64 KB is already enough.
    expect(() => checkPdfStreamBudget(cv, 64 * 1024)).not.toThrow();
  });

  it("refuses a page whose content stream inflates past the budget", async () => {
    const bomb = await pdfStreamBomb(80);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(() => checkPdfStreamBudget(bomb)).toThrow(/inflate to more than 48 MB/);
  });

  it("does not count pictures, which text extraction never decodes: a scan is not a bomb", async () => {
    const scan = await imageOnlyPdf();
    // The picture inflates to 56 KB; a budget of 1 KB would refuse it if pictures counted.
    expect(() => checkPdfStreamBudget(scan, 1024)).not.toThrow();
  });
});
