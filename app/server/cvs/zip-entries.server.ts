import yauzl from "yauzl";
import { TextExtractionError } from "./text-extraction-error.server";

/**
 * The most bytes the parts we read from one DOCX or ODT may inflate to. A two-page CV's XML is
 * 20 to 200 KB and a 400-page document's about 2 MB; past this a zip is a bomb. Reading these parts
 * costs about three times as much memory (the parts, the zip handed to mammoth, its copies), which
 * keeps a file at the cap under the extraction's memory limit.
 */
export const MAX_INFLATED_ZIP_BYTES = 32 * 1024 * 1024;
/** A document package holds tens of parts; thousands only to make the reader walk them. */
export const MAX_ZIP_ENTRIES = 5_000;

export type ZipEntryLimits = { maxInflatedBytes?: number; maxEntries?: number };

/**
 * The inflated bytes of the entries of a zip that `wanted` selects, read one at a time, refused
 * before any is inflated when the sizes the zip declares pass the limit. yauzl then checks while
 * inflating that each entry is no bigger than it declared (`validateEntrySizes`), so a zip that lies
 * about its sizes stops at the lie instead of filling the memory.
 */
export async function readZipEntries(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  { maxInflatedBytes = MAX_INFLATED_ZIP_BYTES, maxEntries = MAX_ZIP_ENTRIES }: ZipEntryLimits = {},
): Promise<Map<string, Uint8Array>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (error) {
    throw new TextExtractionError("unreadable", "The file is not a readable zip package.", { cause: error });
  }

  if (zip.entryCount > maxEntries) {
    zip.close();
    throw new TextExtractionError("refused", `The zip holds ${zip.entryCount} files; a document holds at most ${maxEntries}.`);
  }

  const entries = new Map<string, Uint8Array>();
  let declaredTotal = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith("/") || !wanted(entry.fileName)) continue;
      if (entries.has(entry.fileName)) {
        // Two parts of one name: zip readers disagree on which one counts, which is what a polyglot
        // or a file built to show one text to us and another to a viewer relies on.
        throw new TextExtractionError("refused", `The zip holds two files named ${entry.fileName}.`);
      }
      if (entry.isEncrypted()) throw new TextExtractionError("unreadable", "The document is encrypted.");
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > maxInflatedBytes) {
        throw new TextExtractionError("refused", `The document's parts inflate to more than ${maxInflatedBytes / 1024 / 1024} MB.`);
      }
      entries.set(entry.fileName, await readEntry(zip, entry));
    }
  } catch (error) {
    if (error instanceof TextExtractionError) throw error;
    if (/too many bytes in the stream/.test((error as Error).message)) {
      throw new TextExtractionError("refused", "A part of the zip inflates to more than it declares: a zip bomb.", { cause: error });
    }
    // yauzl's own refusals: a size that lied, a corrupt header, a name that escapes the archive.
    throw new TextExtractionError("unreadable", `The zip package is damaged: ${(error as Error).message}`, { cause: error });
  } finally {
    zip.close();
  }
  return entries;
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Uint8Array> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
