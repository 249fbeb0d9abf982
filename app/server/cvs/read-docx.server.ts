import { zipSync } from "fflate";
import { Parser } from "htmlparser2";
import mammoth from "mammoth";
import { TextExtractionError } from "./text-extraction-error.server";
import { readZipEntries, type ZipEntryLimits } from "./zip-entries.server";

// mammoth reads only XML parts and their relationships for raw text; pictures and embedded files are
// never opened, so they are never inflated either.
const isXmlPart = (name: string) => name.endsWith(".xml") || name.endsWith(".rels");
const APP_PROPERTIES = "docProps/app.xml";
const HEADER = /^word\/header\d*\.xml$/;
const FOOTER = /^word\/footer\d*\.xml$/;

export type DocxText = { text: string; pages: number | null };

/**
 * The text of a Word document (.docx), by mammoth, and the page count Word stored when it saved.
 * mammoth leaves out headers and footers, where a CV often puts the name and contact details, so
 * their text is read here and put before and after the body.
 *
 * mammoth unzips with JSZip, which trusts the sizes a zip declares. So mammoth never sees the file as
 * uploaded: we inflate its XML parts ourselves within the limits (`readZipEntries`) and hand mammoth
 * a new zip of exactly those bytes, stored uncompressed, so there is nothing left for it to inflate.
 */
export async function readDocx(bytes: Uint8Array, limits?: ZipEntryLimits): Promise<DocxText> {
  const parts = await readZipEntries(bytes, isXmlPart, limits);
  if (parts.size === 0) throw new TextExtractionError("unreadable", "The zip holds no Word document.");
  const checked = zipSync(Object.fromEntries(parts), { level: 0 });
  let text: string;
  try {
    ({ value: text } = await mammoth.extractRawText({ buffer: Buffer.from(checked.buffer, checked.byteOffset, checked.byteLength) }));
  } catch (error) {
    throw new TextExtractionError("unreadable", `The Word document cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const app = parts.get(APP_PROPERTIES);
  // mammoth ends every paragraph with a blank line; one line per paragraph, as the other formats
  // give, keeps a list readable, and an empty paragraph still makes a blank line.
  const body = text.replace(/\n\n/g, "\n");
  const headers = partsText(parts, HEADER);
  const footers = partsText(parts, FOOTER);
  return { text: [...headers, body, ...footers].join("\n"), pages: app ? wordPageCount(Buffer.from(app).toString("utf8")) : null };
}

/** The texts of the headers (or footers) of a document, each once: the first page's, odd and even pages' are often the same. */
function partsText(parts: Map<string, Uint8Array>, name: RegExp): string[] {
  const texts = [...parts].filter(([path]) => name.test(path)).map(([, xml]) => wordParagraphsText(Buffer.from(xml).toString("utf8")));
  return [...new Set(texts.filter((text) => text.trim()))];
}

/**
 * The text of the paragraphs of a WordprocessingML part: `w:t` runs, tabs and breaks. Field codes
 * (`w:instrText`, a page number's PAGE) and deleted text (`w:delText`) are other elements, left out.
 */
function wordParagraphsText(xml: string): string {
  const out: string[] = [];
  let inText = false;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "w:t") inText = true;
        else if (name === "w:tab") out.push("\t");
        else if (name === "w:br" || name === "w:cr") out.push("\n");
      },
      ontext(text) {
        if (inText) out.push(text);
      },
      onclosetag(name) {
        if (name === "w:t") inText = false;
        else if (name === "w:p") out.push("\n");
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return out.join("");
}

function wordPageCount(xml: string): number | null {
  const match = /<Pages>(\d+)<\/Pages>/.exec(xml);
  const pages = match ? Number(match[1]) : 0;
  return pages > 0 ? pages : null;
}
