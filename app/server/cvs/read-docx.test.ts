import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { docxPackage, docxWithText, docxZipBomb } from "../../../tests/fixtures/documents";
import { readDocx } from "./read-docx.server";

describe("reading a Word CV", () => {
  it("keeps one line per paragraph, and the page count Word stored", async () => {
    const { text, pages } = await readDocx(docxWithText(["Kwame Okafor", "Engineering Manager — 12 years", "Go & Rust <systems>"], { pages: 2 }));
    expect(text).toBe("Kwame Okafor\nEngineering Manager — 12 years\nGo & Rust <systems>\n");
    expect(pages).toBe(2);
  });

  it("reads tabs, tables and an empty paragraph as a blank line", async () => {
    const { text } = await readDocx(
      docxPackage(
        "<w:p><w:r><w:t>2019</w:t></w:r><w:r><w:tab/><w:t>Helio Energy</w:t></w:r></w:p><w:p/>" +
          "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Cell one</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Cell two</w:t></w:r></w:p></w:tc></w:tr></w:tbl>",
      ),
    );
    expect(text).toBe("2019\tHelio Energy\n\nCell one\nCell two\n");
  });

  it("puts the header's text before the body and the footer's after, without field codes", async () => {
    const { text } = await readDocx(
      docxPackage("<w:p><w:r><w:t>Experience</w:t></w:r></w:p>", {
        headerXml: "<w:p><w:r><w:t>Ravi Iyer</w:t></w:r><w:r><w:tab/><w:t>ravi@example.com</w:t></w:r></w:p>",
        footerXml: '<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:t>1</w:t></w:r></w:p>',
      }),
    );
    expect(text).toBe("Ravi Iyer\travi@example.com\n\nExperience\n\nPage 1\n");
  });

  it("refuses a zip bomb before mammoth sees it", async () => {
    await expect(readDocx(await docxZipBomb({ inflatedMb: 60 }))).rejects.toMatchObject({ reason: "refused" });
    await expect(readDocx(await docxZipBomb({ inflatedMb: 60, declaredBytes: 2048 }))).rejects.toMatchObject({ reason: "refused" });
  });

  it("throws for a zip that holds no Word document, and for bytes that are not a zip", async () => {
    await expect(readDocx(zipSync({ "notes.xml": strToU8("<notes/>") }))).rejects.toMatchObject({ reason: "unreadable", message: expect.stringMatching(/main document part/) });
    await expect(readDocx(Buffer.from("%PDF-1.4 not a zip"))).rejects.toMatchObject({ reason: "unreadable" });
  });
});
