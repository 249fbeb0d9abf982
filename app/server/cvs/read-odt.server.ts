import { Parser } from "htmlparser2";
import { TextExtractionError } from "./text-extraction-error.server";
import { readZipEntries, type ZipEntryLimits } from "./zip-entries.server";

const CONTENT = "content.xml";
const META = "meta.xml";
// Headers and footers are in the page styles (`style:header`, `style:header-left`, `style:footer-first`…).
const STYLES = "styles.xml";

// Paragraphs and headings hold an OpenDocument's text; everything else (lists, tables, sections,
// frames) holds paragraphs.
const PARAGRAPHS = new Set(["text:p", "text:h"]);
// Parts of the content that are not the document's text: comments, the text of tracked deletions,
// form controls, macros, the alternative text of pictures, and the number marks of footnotes.
const SKIPPED = new Set([
  "office:annotation", "text:tracked-changes", "office:forms", "office:scripts", "svg:title",
  "svg:desc", "text:note-citation", "office:automatic-styles", "office:font-face-decls",
]);
// `<text:s text:c="N"/>` stands for N spaces; more than a line's worth is padding, not text.
const MAX_SPACES = 100;

export type OdtText = { text: string; pages: number | null };

/**
 * The text of an OpenDocument text file (.odt): its paragraphs and headings, wherever they sit (lists,
 * table cells, text boxes), a line each, with the spaces, tabs and line breaks written as elements;
 * the page headers' text before them and the footers' after, where a CV often puts the name and
 * contact details. The page count is the one the writer stored in meta.xml, when it did.
 */
export async function readOdt(bytes: Uint8Array, limits?: ZipEntryLimits): Promise<OdtText> {
  const parts = await readZipEntries(bytes, (name) => name === CONTENT || name === META || name === STYLES, limits);
  const content = parts.get(CONTENT);
  if (!content) throw new TextExtractionError("unreadable", "The file has no content.xml: not an OpenDocument text.");
  const styles = parts.get(STYLES);
  const stylesXml = styles ? Buffer.from(styles).toString("utf8") : "";
  // Each page style has its header and footer, and the first page's, left pages' and right pages'
  // are often the same: each text once.
  const headers = new Set(odtParagraphsText(stylesXml, (name) => name.startsWith("style:header")));
  const footers = new Set(odtParagraphsText(stylesXml, (name) => name.startsWith("style:footer")));
  const body = odtParagraphsText(Buffer.from(content).toString("utf8"));
  const meta = parts.get(META);
  return {
    text: [...headers, ...body, ...footers].filter((text) => text.trim()).join("\n"),
    pages: meta ? odtPageCount(Buffer.from(meta).toString("utf8")) : null,
  };
}

/**
 * The text of the paragraphs of an OpenDocument part: the whole part's, or with `within` one text for
 * each element it accepts (each header, each footer).
 */
function odtParagraphsText(xml: string, within?: (name: string) => boolean): string[] {
  const texts: string[] = [];
  let out: string[] = [];
  let paragraphDepth = 0;
  let skippedDepth = 0;
  let withinDepth = within ? 0 : 1;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skippedDepth > 0 || SKIPPED.has(name)) {
          skippedDepth += 1;
          return;
        }
        if (within && withinDepth === 0 && within(name)) {
          if (out.length > 0) texts.push(out.join(""));
          out = [];
        }
        if (within && (withinDepth > 0 || within(name))) withinDepth += 1;
        if (withinDepth === 0) return;
        if (PARAGRAPHS.has(name)) paragraphDepth += 1;
        else if (paragraphDepth === 0) return;
        else if (name === "text:s") out.push(" ".repeat(Math.min(MAX_SPACES, Math.max(1, Number(attributes["text:c"]) || 1))));
        else if (name === "text:tab") out.push("\t");
        else if (name === "text:line-break") out.push("\n");
        // A footnote sits inside its paragraph: a space keeps its first word off the word before it.
        else if (name === "text:note-body") out.push(" ");
      },
      ontext(text) {
        if (skippedDepth === 0 && paragraphDepth > 0) out.push(text);
      },
      onclosetag(name) {
        if (skippedDepth > 0) {
          skippedDepth -= 1;
          return;
        }
        if (withinDepth === 0) return;
        if (within) withinDepth -= 1;
        if (PARAGRAPHS.has(name)) {
          paragraphDepth -= 1;
          out.push("\n");
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  if (out.length > 0) texts.push(out.join(""));
  return texts;
}

function odtPageCount(xml: string): number | null {
  const match = /<meta:document-statistic\b[^>]*\bmeta:page-count="(\d+)"/.exec(xml);
  const pages = match ? Number(match[1]) : 0;
  return pages > 0 ? pages : null;
}
