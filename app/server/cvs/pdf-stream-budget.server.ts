import { constants, inflateSync } from "node:zlib";
import { TextExtractionError } from "./text-extraction-error.server";

/**
 * The most bytes the compressed streams of one PDF may inflate to, pictures aside. A two-page CV's
 * page contents and fonts inflate to about 100 KB, a 70-page one's to a few MB. pdf.js reads a
 * stream into a buffer it doubles as it fills, so a file under this cap stays under the
 * extraction's memory limit (MAX_EXTRACTION_MEMORY_GROWTH_MB).
 */
export const MAX_INFLATED_PDF_BYTES = 48 * 1024 * 1024;

// How far before a `stream` keyword its dictionary may start: a font's widths make long dictionaries.
const DICTIONARY_LOOKBEHIND = 64 * 1024;

/**
 * Refuses a PDF whose compressed streams inflate past the limit, before pdf.js reads it. pdf.js
 * inflates a page's content stream whole into one growing buffer, outside the JavaScript heap and so
 * outside the worker's heap limit: a 300 KB page that inflates to 300 MB of spaces takes 500 MB of
 * memory to read. This pass inflates each FlateDecode stream with a cap instead, keeping nothing.
 *
 * It is a first line, not the only one: it reads the file loosely (no cross-reference table), and
 * streams it cannot measure (encrypted, other filters, a filter given by reference) are left to the
 * extraction worker's memory watchdog. Pictures are skipped: extracting text never decodes them, and
 * a scanned CV's full-page pictures must not make it fail.
 */
export function checkPdfStreamBudget(bytes: Uint8Array, maxInflatedBytes = MAX_INFLATED_PDF_BYTES): void {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let inflatedTotal = 0;
  let position = 0;
  for (;;) {
    const keyword = pdf.indexOf("stream", position, "latin1");
    if (keyword === -1) return;
    position = keyword + 6;
    if (keyword >= 3 && pdf.toString("latin1", keyword - 3, keyword) === "end") continue;
    const dataStart = streamDataStart(pdf, keyword + 6);
    if (dataStart === null) continue;

    const before = pdf.subarray(Math.max(0, keyword - DICTIONARY_LOOKBEHIND), keyword);
    const objectStart = before.lastIndexOf("obj", undefined, "latin1");
    const dictionary = before.toString("latin1", objectStart === -1 ? 0 : objectStart);
    const end = pdf.indexOf("endstream", dataStart, "latin1");
    const dataEnd = end === -1 ? pdf.length : end;
    position = dataEnd;
    if (!isFlateOnly(dictionary) || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;

    try {
      const inflated = inflateSync(pdf.subarray(dataStart, dataEnd), {
        maxOutputLength: maxInflatedBytes - inflatedTotal + 1,
        // A stream cut short or followed by stray bytes still inflates as far as it goes, as pdf.js reads it.
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      inflatedTotal += inflated.length;
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
        throw new TextExtractionError("refused", `The PDF's compressed contents inflate to more than ${maxInflatedBytes / 1024 / 1024} MB.`);
      }
      // Not inflatable as it stands (encrypted, damaged): not ours to measure; see above.
    }
    if (inflatedTotal > maxInflatedBytes) {
      throw new TextExtractionError("refused", `The PDF's compressed contents inflate to more than ${maxInflatedBytes / 1024 / 1024} MB.`);
    }
  }
}

/** Where a stream's data starts: after the keyword and its end of line (CR LF, LF, or a lone CR as pdf.js accepts). */
function streamDataStart(pdf: Buffer, afterKeyword: number): number | null {
  const first = pdf[afterKeyword];
  if (first === 0x0d) return pdf[afterKeyword + 1] === 0x0a ? afterKeyword + 2 : afterKeyword + 1;
  if (first === 0x0a) return afterKeyword + 1;
  return null;
}

function isFlateOnly(dictionary: string): boolean {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1];
  if (!filter) return false;
  const names = filter.match(/\/[A-Za-z0-9]+/g) ?? [];
  return names.length === 1 && (names[0] === "/FlateDecode" || names[0] === "/Fl");
}
