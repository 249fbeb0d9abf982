import { Parser } from "htmlparser2";
import { TextExtractionError } from "./text-extraction-error.server";
import { readZipEntries, type ZipEntryLimits } from "./zip-entries.server";

const CONTENT = "content.xml";
const META = "meta.xml";

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
 * table cells, text boxes), a line each, with the spaces, tabs and line breaks written as elements.
 * The page count is the one the writer stored in meta.xml, when it did.
 */
export async function readOdt(bytes: Uint8Array, limits?: ZipEntryLimits): Promise<OdtText> {
  const parts = await readZipEntries(bytes, (name) => name === CONTENT || name === META, limits);
  const content = parts.get(CONTENT);
  if (!content) throw new TextExtractionError("unreadable", "The file has no content.xml: not an OpenDocument text.");
  const meta = parts.get(META);
  return { text: odtContentText(Buffer.from(content).toString("utf8")), pages: meta ? odtPageCount(Buffer.from(meta).toString("utf8")) : null };
}

function odtContentText(xml: string): string {
  const out: string[] = [];
  let paragraphDepth = 0;
  let skippedDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skippedDepth > 0 || SKIPPED.has(name)) {
          skippedDepth += 1;
          return;
        }
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
        if (PARAGRAPHS.has(name)) {
          paragraphDepth -= 1;
          out.push("\n");
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return out.join("");
}

function odtPageCount(xml: string): number | null {
  const match = /<meta:document-statistic\b[^>]*\bmeta:page-count="(\d+)"/.exec(xml);
  const pages = match ? Number(match[1]) : 0;
  return pages > 0 ? pages : null;
}
