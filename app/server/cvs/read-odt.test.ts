import { zipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { odtPackage, odtWithText } from "../../../tests/fixtures/documents";
import { readOdt } from "./read-odt.server";

describe("reading an OpenDocument CV", () => {
  it("keeps each paragraph and heading on its line, and the page count from meta.xml", async () => {
    const { text, pages } = await readOdt(odtWithText(["Siobhán O'Brien", "Data Analyst & <SQL> lover"], { pages: 2 }));
    expect(text).toBe("Siobhán O'Brien\nData Analyst & <SQL> lover\n");
    expect(pages).toBe(2);
  });

  it("writes spaces, tabs and line breaks given as elements", async () => {
    const { text } = await readOdt(odtPackage('<text:p>a<text:s text:c="3"/>b<text:s/>c<text:tab/>d<text:line-break/>e</text:p>'));
    expect(text).toBe("a   b c\td\ne\n");
  });

  it("finds the paragraphs in headings, lists, tables and text boxes", async () => {
    const { text } = await readOdt(
      odtPackage(
        '<text:h text:outline-level="1">Skills</text:h>' +
          "<text:list><text:list-item><text:p>TypeScript</text:p></text:list-item><text:list-item><text:p>PostgreSQL</text:p></text:list-item></text:list>" +
          "<table:table><table:table-row><table:table-cell><text:p>2019–2024</text:p></table:table-cell><table:table-cell><text:p>Kestrel Fintech</text:p></table:table-cell></table:table-row></table:table>" +
          '<text:p><draw:frame><draw:text-box><text:p>Boxed contact</text:p></draw:text-box></draw:frame>after the box</text:p>',
      ),
    );
    expect(text).toBe("Skills\nTypeScript\nPostgreSQL\n2019–2024\nKestrel Fintech\nBoxed contact\nafter the box\n");
  });

  it("leaves out comments, tracked deletions, pictures' descriptions and footnote marks", async () => {
    const { text } = await readOdt(
      odtPackage(
        "<text:tracked-changes><text:changed-region><text:deletion><text:p>deleted words</text:p></text:deletion></text:changed-region></text:tracked-changes>" +
          "<text:p>Kept<office:annotation><dc:creator>Reviewer</dc:creator><text:p>a comment</text:p></office:annotation> text" +
          '<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>a footnote</text:p></text:note-body></text:note></text:p>' +
          "<text:p><draw:frame><svg:desc>photo of me</svg:desc></draw:frame>end</text:p>",
      ),
    );
    expect(text).toBe("Kept text a footnote\n\nend\n");
  });

  it("puts the page header's text before the body and the footer's after, each once", async () => {
    const { text } = await readOdt(
      odtPackage("<text:p>Experience</text:p>", {
        headerXml: "<text:p>Léa Moreau<text:tab/>lea@example.com</text:p>",
        footerXml: "<text:p>Page <text:page-number>1</text:page-number></text:p>",
      }),
    );
    expect(text).toBe("Léa Moreau\tlea@example.com\n\nExperience\n\nPage 1\n");
  });

  it("does not expand entities a document declares (no billion laughs)", async () => {
    const laughs = '<!DOCTYPE x [<!ENTITY a "haha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const zip = zipSync({ "content.xml": strToU8(`<?xml version="1.0"?>${laughs}<office:document-content><office:body><office:text><text:p>&b; and &amp;</text:p></office:text></office:body></office:document-content>`) });
    const { text } = await readOdt(zip);
    expect(text).not.toContain("haha");
    expect(text).toContain("and &");
  });

  it("throws for a zip without content.xml and for bytes that are not a zip", async () => {
    await expect(readOdt(zipSync({ "mimetype": strToU8("application/vnd.oasis.opendocument.text") }))).rejects.toThrow(/no content\.xml/);
    await expect(readOdt(Buffer.from("not a zip at all"))).rejects.toMatchObject({ reason: "unreadable" });
  });
});
