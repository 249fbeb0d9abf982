// What kind of document a received file is, decided from its bytes alone (never its name or the
// browser's content type), and whether it is safe to keep. Each check reads the file from disk in
// chunks, so memory stays bounded whatever the file holds. Decision 081 says what is refused and why.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { type Readable } from "node:stream";
import { createInflate, constants as zlibConstants } from "node:zlib";
import yauzl, { type Entry, type ZipFile } from "yauzl";

export type { DocumentKind } from "~/schemas/document";
import type { DocumentKind } from "~/schemas/document";

/** The decision on one file; `detail` says why, for the log, never for the person uploading. */
export type Verdict =
  | { ok: true; kind: DocumentKind; textEncoding?: TextEncoding }
  | { ok: false; reason: "empty" | "unsupported" | "unsafe"; detail: string };

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** How much of the file's start `identifyDocument` needs in memory. */
export const HEAD_BYTES = 8 * 1024;

/** How much of a file each check reads at a time. */
export const SCAN_CHUNK_BYTES = 256 * 1024;

/** Limits on a DOCX or ODT's zip, from its central directory (zip bombs). */
export const ZIP_LIMITS = {
  maxEntries: 2_000,
  maxTotalUncompressedBytes: 100 * 1024 * 1024,
  /** An entry larger than `ratioAppliesAboveBytes` may be at most this many times its compressed size. */
  maxCompressionRatio: 100,
  ratioAppliesAboveBytes: 1024 * 1024,
};

/** How many bytes of a PDF's compressed object streams are inflated to be checked, at most. */
export const PDF_OBJECT_STREAMS_MAX_BYTES = 50 * 1024 * 1024;

const unsupported = (detail: string): Verdict => ({ ok: false, reason: "unsupported", detail });
const unsafe = (detail: string): Verdict => ({ ok: false, reason: "unsafe", detail });

const ascii = (text: string) => Buffer.from(text, "latin1");
const startsWith = (bytes: Buffer, prefix: Buffer, at = 0) =>
  bytes.length >= at + prefix.length && bytes.subarray(at, at + prefix.length).equals(prefix);

/** Byte signatures of programs: refused whatever they are called. */
const EXECUTABLE_SIGNATURES: readonly { name: string; bytes: Buffer }[] = [
  { name: "Windows executable (MZ)", bytes: ascii("MZ") },
  { name: "ELF executable", bytes: Buffer.from([0x7f, 0x45, 0x4c, 0x46]) },
  { name: "Mach-O executable", bytes: Buffer.from([0xfe, 0xed, 0xfa, 0xce]) },
  { name: "Mach-O executable", bytes: Buffer.from([0xfe, 0xed, 0xfa, 0xcf]) },
  { name: "Mach-O executable", bytes: Buffer.from([0xce, 0xfa, 0xed, 0xfe]) },
  { name: "Mach-O executable", bytes: Buffer.from([0xcf, 0xfa, 0xed, 0xfe]) },
  { name: "Mach-O universal binary or Java class", bytes: Buffer.from([0xca, 0xfe, 0xba, 0xbe]) },
  { name: "script (#!)", bytes: ascii("#!") },
];

/** Containers that may not sit inside a DOCX or ODT (nested archives, programs, OLE objects and macros). */
const NESTED_CONTENT_SIGNATURES: readonly { name: string; bytes: Buffer }[] = [
  ...EXECUTABLE_SIGNATURES.filter((signature) => signature.name !== "script (#!)"),
  { name: "zip archive", bytes: ascii("PK\x03\x04") },
  { name: "zip archive", bytes: ascii("PK\x05\x06") },
  { name: "zip archive", bytes: ascii("PK\x07\x08") },
  { name: "gzip archive", bytes: Buffer.from([0x1f, 0x8b, 0x08]) },
  { name: "7-Zip archive", bytes: Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { name: "RAR archive", bytes: ascii("Rar!\x1a\x07") },
  { name: "bzip2 archive", bytes: ascii("BZh") },
  { name: "xz archive", bytes: Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) },
  { name: "cabinet archive", bytes: ascii("MSCF") },
  { name: "OLE compound file (embedded object or macros)", bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  { name: "PDF", bytes: ascii("%PDF-") },
];

/** Archive signatures at the start of a file that is not a DOCX or ODT: not a document we take. */
const OTHER_ARCHIVE_SIGNATURES = NESTED_CONTENT_SIGNATURES.filter((signature) => signature.name.includes("archive"));

/**
 * Markup a browser would run if it ever rendered the file as HTML or SVG. Looked for in the first
 * 1,445 bytes, the "resource header" that WHATWG's MIME sniffing reads.
 */
const SNIFFED_BYTES = 1445;
const ACTIVE_MARKUP = /<(?:script|html|svg|iframe|body|object|embed|!doctype\s+html)[\s/>]/i;
/**
 * WHATWG MIME sniffing's HTML signatures (and XML's `<?xml`, and SVG): text that begins, after
 * whitespace, with one of these is markup, not a plain-text CV.
 */
const MARKUP_START =
  /^[\t\n\f\r ]*<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg|\?xml|!--)(?=[\s>/]|$)/i;

/** PDF names that make a document act instead of being read (decision 081 lists why each). */
const ACTIVE_PDF_NAMES = new Set([
  "JavaScript", // a script: the only way a PDF runs JavaScript is an action of type /S /JavaScript or the /JavaScript name tree
  "Rendition", // a rendition action may carry its own /JS
  "OnInstantiate", // 3D artwork's script
  "3DD", // 3D artwork, whose streams may carry scripts
  "RichMedia", // Flash and other embedded players
  "XFA", // XML forms, which carry their own scripts
  "Launch", // starts a program
  "EmbeddedFile", // an attached file (an executable, another PDF)
  "EmbeddedFiles",
  "GoToE", // opens an embedded document
  "ImportData", // reads form data from another file
  "SubmitForm", // sends form data to an address
]);

/**
 * The first index of `%PDF-` within the first 1,024 bytes (where the PDF specification lets readers
 * look for it), or -1.
 */
function pdfHeaderAt(head: Buffer): number {
  return head.subarray(0, 1024).indexOf("%PDF-", 0, "latin1");
}

/** Bytes of a UTF-8 byte-order mark and whitespace before the first real byte. */
function leadingBlankBytes(head: Buffer): number {
  let at = startsWith(head, Buffer.from([0xef, 0xbb, 0xbf])) ? 3 : 0;
  while (at < head.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(head[at]!)) at++;
  return at;
}

/**
 * Decides the kind of the file at `file` (`size` bytes, `head` its first `HEAD_BYTES` or fewer), or
 * why it is refused.
 */
export async function identifyDocument(file: string, size: number, head: Buffer): Promise<Verdict> {
  const blank = leadingBlankBytes(head);
  const pdfAt = pdfHeaderAt(head);
  // A PDF reader finds `%PDF-` anywhere in the first KB, so a file that is something else first and a
  // PDF too (a polyglot) would be one thing to us and another to a reader.
  if (pdfAt >= 0 && pdfAt !== blank) return unsafe(`%PDF- at byte ${pdfAt} after other content (a polyglot)`);

  for (const signature of EXECUTABLE_SIGNATURES) {
    if (startsWith(head, signature.bytes)) return unsafe(signature.name);
  }

  const isPdf = pdfAt === blank;
  const isRtf = startsWith(head, ascii("{\\rtf"));
  const isZip = startsWith(head, ascii("PK\x03\x04"));

  if ((isPdf || isRtf || isZip) && ACTIVE_MARKUP.test(head.subarray(0, SNIFFED_BYTES).toString("latin1"))) {
    return unsafe("HTML or SVG markup in the first bytes (a polyglot)");
  }
  if (isZip) return checkZipDocument(file);

  for (const signature of OTHER_ARCHIVE_SIGNATURES) {
    if (startsWith(head, signature.bytes)) return unsupported(signature.name);
  }

  // Zip readers look for the central directory at the end of a file; a PDF, RTF or text file that
  // carries one is also a zip (the classic polyglot).
  const zipAt = await zipDirectoryAtEnd(file, size);
  if (zipAt !== null) return unsafe(`a zip central directory at byte ${zipAt} (a polyglot)`);

  if (isPdf) return checkPdf(file);
  if (isRtf) return checkRtf(file);
  return checkText(file, head);
}

/**
 * Where a zip's end-of-central-directory record sits in the last 64 KB of the file (its comment may
 * be up to 65,535 bytes), when a central-directory entry ends right before it: a real zip, not four
 * bytes that happen to match by chance inside compressed data.
 */
async function zipDirectoryAtEnd(file: string, size: number): Promise<number | null> {
  const length = Math.min(size, 22 + 0xffff + 4096);
  const tail = Buffer.alloc(length);
  const handle = await open(file, "r");
  try {
    await handle.read(tail, 0, length, size - length);
  } finally {
    await handle.close();
  }
  const base = size - length;
  for (let at = tail.lastIndexOf("PK\x05\x06", undefined, "latin1"); at >= 0; at = at > 0 ? tail.lastIndexOf("PK\x05\x06", at - 1, "latin1") : -1) {
    if (at + 22 > tail.length) continue;
    const directorySize = tail.readUInt32LE(at + 12);
    const entries = tail.readUInt16LE(at + 10);
    const directoryStart = at - directorySize;
    if (entries === 0 && directorySize === 0) return base + at;
    if (directoryStart >= 0 && startsWith(tail, ascii("PK\x01\x02"), directoryStart)) return base + at;
    // The directory may begin before the bytes read here: check it in the file itself.
    if (directoryStart < 0 && base + directoryStart >= 0) {
      const signature = Buffer.alloc(4);
      const again = await open(file, "r");
      try {
        await again.read(signature, 0, 4, base + directoryStart);
      } finally {
        await again.close();
      }
      if (signature.equals(ascii("PK\x01\x02"))) return base + at;
    }
  }
  return null;
}

/** Bytes kept before a chunk's first unread byte, so that what precedes a token can be checked. */
const CHUNK_CONTEXT = 16;

/**
 * One chunk of a stream's bytes. A token counts when it starts in `[from, limit)`; the bytes from
 * `limit` on are read again at the start of the next chunk, so a token that the chunk's end cuts is
 * found whole there, as long as it is at most `overlap` bytes. `offset` is where `bytes` starts in
 * the stream; `fresh` is how many of its bytes are new.
 */
type ByteChunk = { bytes: Buffer; offset: number; from: number; limit: number; fresh: number };

async function* byteChunks(source: AsyncIterable<unknown>, overlap: number): AsyncGenerator<ByteChunk> {
  let carry = Buffer.alloc(0);
  let carryFrom = 0;
  let consumed = 0;
  const chunk = (fresh: Buffer, last: boolean): ByteChunk => {
    const bytes = carry.length > 0 ? Buffer.concat([carry, fresh]) : fresh;
    const offset = consumed - carry.length;
    consumed += fresh.length;
    const from = carryFrom;
    const limit = last ? bytes.length : Math.max(from, bytes.length - overlap);
    const keep = Math.max(0, limit - CHUNK_CONTEXT);
    // A copy, so the chunk's buffer is not held on to for a few hundred bytes of it.
    carry = Buffer.from(bytes.subarray(keep));
    carryFrom = limit - keep;
    return { bytes, offset, from, limit, fresh: fresh.length };
  };
  for await (const fresh of source) yield chunk(fresh as Buffer, false);
  yield chunk(Buffer.alloc(0), true);
}

/**
 * `byteChunks` of a file, read into one buffer that is used again for every chunk (the bytes carried
 * over are moved to its front), so a scan makes no garbage however large the file: a new 256 KB
 * buffer a chunk, and a copy to join it to the carried bytes, cost 20 uploads at once more time in
 * the garbage collector than the scan itself. A chunk is only valid until the next is read.
 */
async function* fileChunks(file: string, overlap: number): AsyncGenerator<ByteChunk> {
  const handle = await open(file, "r");
  try {
    // Room for a chunk and what is carried before it (at most the overlap and the context).
    const buffer = Buffer.allocUnsafe(SCAN_CHUNK_BYTES + 2 * (overlap + CHUNK_CONTEXT));
    let carried = 0;
    let carryFrom = 0;
    let offset = 0;
    for (;;) {
      const wanted = Math.min(SCAN_CHUNK_BYTES, buffer.length - carried);
      const { bytesRead } = await handle.read(buffer, carried, wanted, offset + carried);
      const last = bytesRead === 0;
      const length = carried + bytesRead;
      const bytes = buffer.subarray(0, length);
      const from = carryFrom;
      const limit = last ? length : Math.max(from, length - overlap);
      yield { bytes, offset, from, limit, fresh: bytesRead };
      if (last) return;
      const keep = Math.max(0, limit - CHUNK_CONTEXT);
      buffer.copy(buffer, 0, keep, length);
      carried = length - keep;
      carryFrom = limit - keep;
      offset += keep;
    }
  } finally {
    await handle.close();
  }
}

/** PDF's regular characters (1): anything but whitespace (NUL included) and the delimiters. */
const PDF_REGULAR = new Uint8Array(256).fill(1);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20, ...Buffer.from("()<>[]{}/%", "latin1")]) PDF_REGULAR[byte] = 0;
const isLetter = (byte: number | undefined) => byte !== undefined && ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a));
const isAlphanumeric = (byte: number | undefined) => isLetter(byte) || (byte !== undefined && byte >= 0x30 && byte <= 0x39);
/** Longer names are none of those looked for, even with every character `#xx`-escaped. */
const PDF_NAME_MAX_BYTES = 64;
const PDF_TOKEN_OVERLAP = 512;

type PdfToken =
  | { kind: "name"; name: string }
  | { kind: "stream"; dataStart: number }
  | { kind: "endstream"; at: number }
  | { kind: "obj" };

const decodePdfName = (raw: string) =>
  raw.includes("#") ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : raw;

/**
 * The tokens of one chunk of a PDF, in order: every name (`/Type`, with `#xx` escapes decoded, since
 * `/J#61vaScript` is `/JavaScript` to a reader) and, with `keywords`, the keywords that bound objects
 * and streams. Names are looked for everywhere, stream data included, because a cross-reference
 * table may point into the middle of a stream; the names refused are long enough (three letters or
 * more) that binary data matches one only by a very rare chance. `Buffer.indexOf` finds each
 * candidate, so the bytes between them cost next to nothing.
 */
function* pdfTokens({ bytes, offset, from, limit }: ByteChunk, keywords: boolean): Generator<PdfToken> {
  let slash = bytes.indexOf(0x2f, from);
  let stream = keywords ? bytes.indexOf("stream", from, "latin1") : -1;
  let obj = keywords ? bytes.indexOf("obj", from, "latin1") : -1;
  let nameEnd = 0;
  for (;;) {
    let at = Number.POSITIVE_INFINITY;
    for (const candidate of [slash, stream, obj]) if (candidate >= 0 && candidate < at) at = candidate;
    if (at >= limit) return;
    if (at === slash) {
      let end = at + 1;
      while (end < bytes.length && PDF_REGULAR[bytes[end]!]) end++;
      nameEnd = end;
      slash = bytes.indexOf(0x2f, end);
      if (end - at - 1 <= PDF_NAME_MAX_BYTES) yield { kind: "name", name: decodePdfName(bytes.toString("latin1", at + 1, end)) };
    } else if (at === stream) {
      stream = bytes.indexOf("stream", at + 6, "latin1");
      if (at < nameEnd) continue; // inside a name such as /streamer
      if (at >= 3 && bytes.toString("latin1", at - 3, at) === "end") {
        if (!isLetter(bytes[at - 4])) yield { kind: "endstream", at: offset + at - 3 };
      } else if (!isLetter(bytes[at - 1])) {
        // The keyword is followed by CRLF or LF, then the data.
        const eol = bytes[at + 6] === 0x0a ? 1 : bytes[at + 6] === 0x0d && bytes[at + 7] === 0x0a ? 2 : 0;
        if (eol > 0) yield { kind: "stream", dataStart: offset + at + 6 + eol };
      }
    } else {
      obj = bytes.indexOf("obj", at + 3, "latin1");
      if (at >= nameEnd && !isAlphanumeric(bytes[at - 1]) && !isAlphanumeric(bytes[at + 3])) yield { kind: "obj" };
    }
  }
}

type ObjectStream = { start: number; end?: number; filters: string[]; decodeParms: boolean };

async function checkPdf(file: string): Promise<Verdict> {
  const objectStreams: ObjectStream[] = [];
  let dictionary = { objectStream: false, filters: [] as string[], decodeParms: false };
  let openStream: ObjectStream | undefined;

  for await (const chunk of fileChunks(file, PDF_TOKEN_OVERLAP)) {
    for (const token of pdfTokens(chunk, true)) {
      if (token.kind === "name") {
        const { name } = token;
        if (ACTIVE_PDF_NAMES.has(name)) return unsafe(`active PDF content: /${name}`);
        // Encrypted strings and streams cannot be read without the key, so nothing in them can be checked.
        if (name === "Encrypt") return unsafe("an encrypted PDF");
        if (name === "ObjStm") dictionary.objectStream = true;
        else if (name === "DecodeParms") dictionary.decodeParms = true;
        else if (name.endsWith("Decode") || name === "Fl") dictionary.filters.push(name);
      } else if (token.kind === "endstream") {
        if (openStream) openStream.end = token.at;
        openStream = undefined;
      } else if (token.kind === "stream") {
        if (dictionary.objectStream) {
          openStream = { start: token.dataStart, filters: dictionary.filters, decodeParms: dictionary.decodeParms };
          objectStreams.push(openStream);
        }
        dictionary = { objectStream: false, filters: [], decodeParms: false };
      } else {
        dictionary = { objectStream: false, filters: [], decodeParms: false };
      }
    }
  }

  // Dictionaries can also sit compressed inside object streams (PDF 1.5): inflate those and look again.
  let budget = PDF_OBJECT_STREAMS_MAX_BYTES;
  for (const stream of objectStreams) {
    const flate = stream.filters.length === 1 && (stream.filters[0] === "FlateDecode" || stream.filters[0] === "Fl");
    if (stream.filters.length > 0 && !flate) return unsafe(`a PDF object stream with filters ${stream.filters.join(", ")}`);
    if (stream.decodeParms) return unsafe("a PDF object stream with decode parameters");
    const source = createReadStream(file, { start: stream.start, end: stream.end !== undefined ? stream.end - 1 : undefined });
    const verdict = await checkObjectStream(flate ? source.pipe(inflating(source)) : source, budget);
    if (typeof verdict === "number") budget = verdict;
    else return verdict;
  }
  return { ok: true, kind: "pdf" };
}

/**
 * Inflates an object stream as a reader would, up to where its data ends: a truncated stream gives
 * what it holds (readers show that much), and the end-of-line before `endstream` is ignored.
 */
function inflating(source: Readable) {
  const inflate = createInflate({ finishFlush: zlibConstants.Z_SYNC_FLUSH });
  // `pipe` does not pass errors on; a failed read must fail the check rather than end it quietly.
  source.on("error", (error) => inflate.destroy(error));
  return inflate;
}

/** The names in one object stream's bytes; the inflating budget left, or the verdict that stops. */
async function checkObjectStream(data: Readable, budget: number): Promise<number | Verdict> {
  let left = budget;
  try {
    for await (const chunk of byteChunks(data, PDF_TOKEN_OVERLAP)) {
      left -= chunk.fresh;
      if (left < 0) return unsafe(`PDF object streams inflate to more than ${PDF_OBJECT_STREAMS_MAX_BYTES} bytes`);
      for (const token of pdfTokens(chunk, false)) {
        if (token.kind === "name" && ACTIVE_PDF_NAMES.has(token.name)) return unsafe(`active PDF content in an object stream: /${token.name}`);
      }
    }
  } catch (error) {
    // A reader might still show what comes before the damage; what it holds cannot be told for sure.
    return unsafe(`a damaged PDF object stream: ${(error as Error).message}`);
  } finally {
    data.destroy();
  }
  return left;
}

/**
 * RTF control words that embed or fetch other content: any beginning `\obj` (`\object`, `\objdata`,
 * `\objemb`...: OLE objects, the usual way an RTF carries an exploit) and `\template` (a template
 * fetched from elsewhere). Control words are lower-case letters, and readers take them as written.
 */
const ACTIVE_RTF_CONTROL_WORDS = ["\\obj", "\\template"];

async function checkRtf(file: string): Promise<Verdict> {
  for await (const chunk of fileChunks(file, 64)) {
    for (const word of ACTIVE_RTF_CONTROL_WORDS) {
      for (let at = chunk.bytes.indexOf(word, chunk.from, "latin1"); at >= 0 && at < chunk.limit; at = chunk.bytes.indexOf(word, at + 1, "latin1")) {
        let end = at + 1;
        while (isLetter(chunk.bytes[end])) end++;
        const found = chunk.bytes.toString("latin1", at, end);
        if (word === "\\obj" || found === "\\template") return unsafe(`RTF control word ${found}`);
      }
    }
  }
  return { ok: true, kind: "rtf" };
}

/** C0 controls other than tab, LF, FF and CR; DEL; and the C1 controls. */
// eslint-disable-next-line no-control-regex -- this pattern exists to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/;

/**
 * Text: UTF-8 (with or without a byte-order mark), or UTF-16 with one, decoded strictly (an invalid
 * sequence is not text), holding no control characters but tab, CR, LF and FF, and not starting as
 * HTML or XML does.
 */
async function checkText(file: string, head: Buffer): Promise<Verdict> {
  const encoding: TextEncoding = startsWith(head, Buffer.from([0xff, 0xfe]))
    ? "utf-16le"
    : startsWith(head, Buffer.from([0xfe, 0xff]))
      ? "utf-16be"
      : "utf-8";
  const decoder = new TextDecoder(encoding, { fatal: true });
  let start = "";
  let blank = true;
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: SCAN_CHUNK_BYTES })) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (CONTROL_CHARACTERS.test(text)) return unsupported("binary data (control characters)");
      if (start.length < 256) start += text.slice(0, 256);
      if (blank && /\S/.test(text)) blank = false;
    }
    const rest = decoder.decode();
    if (CONTROL_CHARACTERS.test(rest)) return unsupported("binary data (control characters)");
    if (blank && /\S/.test(rest)) blank = false;
  } catch {
    return unsupported(`not valid ${encoding} text`);
  }
  if (MARKUP_START.test(start)) return unsafe("HTML or XML markup");
  if (blank) return { ok: false, reason: "empty", detail: "text of whitespace only" };
  return { ok: true, kind: "txt", textEncoding: encoding };
}

const DOCX_REQUIRED = ["[Content_Types].xml", "word/document.xml"];
const ODT_MIMETYPE = "application/vnd.oasis.opendocument.text";
/** Parts that hold macros, ActiveX controls or embedded objects: a DOCX or ODT with them is refused. */
const ACTIVE_ZIP_PARTS = /(?:^|\/)(?:vbaProject\.bin|vbaData\.xml)$|^word\/(?:activeX|embeddings)\/|^(?:Basic|Scripts)\//i;
/** Names of archives and programs, refused inside a document whatever their bytes. */
const NESTED_FILE_NAMES = /\.(?:zip|jar|war|apk|docx|docm|dotm|xlsx|xlsm|pptx|pptm|odt|ods|odp|7z|rar|gz|tgz|bz2|xz|tar|cab|iso|exe|dll|scr|com|msi|bat|cmd|ps1|vbs|wsf|hta|lnk|sh|app)$/i;
/**
 * External relationships that make Word fetch and run content from elsewhere when the file is opened
 * (a remote template, a linked OLE object, a sub-document or frame). Hyperlinks stay allowed.
 */
const EXTERNAL_ACTIVE_RELATIONSHIP =
  /<Relationship\b(?=[^>]*TargetMode\s*=\s*["']External["'])(?=[^>]*Type\s*=\s*["'][^"']*\/(?:attachedTemplate|oleObject|subDocument|frame)["'])[^>]*>/i;
const SMALL_PART_MAX_BYTES = 1024 * 1024;

async function checkZipDocument(file: string): Promise<Verdict> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true });
  } catch (error) {
    return unsafe(`a malformed zip: ${(error as Error).message}`);
  }
  try {
    return await inspectZip(zip);
  } catch (error) {
    // yauzl refuses absolute or `..` entry names, lying sizes and broken structures.
    return unsafe(`a malformed zip: ${(error as Error).message}`);
  } finally {
    zip.close();
  }
}

async function inspectZip(zip: ZipFile): Promise<Verdict> {
  // The count comes from the end record, before any entry is read.
  if (zip.entryCount > ZIP_LIMITS.maxEntries) return unsafe(`a zip of ${zip.entryCount} entries`);

  // First what the central directory declares, which costs no decompression: zip bombs stop here.
  const entries: Entry[] = [];
  let totalUncompressed = 0;
  for await (const entry of zip.eachEntry()) {
    entries.push(entry);
    totalUncompressed += entry.uncompressedSize;
    if (totalUncompressed > ZIP_LIMITS.maxTotalUncompressedBytes) return unsafe(`a zip that expands to over ${ZIP_LIMITS.maxTotalUncompressedBytes} bytes`);
    if (
      entry.uncompressedSize > ZIP_LIMITS.ratioAppliesAboveBytes &&
      entry.uncompressedSize > ZIP_LIMITS.maxCompressionRatio * Math.max(1, entry.compressedSize)
    ) {
      return unsafe(`zip entry ${entry.fileName} compressed over ${ZIP_LIMITS.maxCompressionRatio}:1`);
    }
    if (entry.isEncrypted()) return unsafe(`encrypted zip entry ${entry.fileName}`);
    // Stored and deflated are what Word and LibreOffice write; anything else cannot be checked here.
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      return unsafe(`zip entry ${entry.fileName} uses compression method ${entry.compressionMethod}`);
    }
  }
  // Entries whose data overlap are how a small zip declares far more than it holds ("a better zip bomb").
  const byOffset = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  for (let index = 1; index < byOffset.length; index++) {
    const before = byOffset[index - 1]!;
    if (before.relativeOffsetOfLocalHeader + 30 + before.compressedSize > byOffset[index]!.relativeOffsetOfLocalHeader) {
      return unsafe(`overlapping zip entries ${before.fileName} and ${byOffset[index]!.fileName}`);
    }
  }

  // Then which document it is; any other zip is not a document we take, whatever it holds.
  const names = new Set(entries.map((entry) => entry.fileName));
  let kind: "docx" | "odt" | undefined;
  if (DOCX_REQUIRED.every((name) => names.has(name))) kind = "docx";
  else {
    // ODF puts an uncompressed `mimetype` entry first, so its type can be read at a fixed place.
    const first = entries[0];
    if (first?.fileName === "mimetype" && first.compressionMethod === 0) {
      if ((await readEntry(zip, first, 256)).toString("latin1") === ODT_MIMETYPE) kind = "odt";
    }
  }
  if (!kind) return unsupported("a zip that is neither a DOCX nor an ODT");

  for (const entry of entries) {
    if (ACTIVE_ZIP_PARTS.test(entry.fileName)) return unsafe(`macros or embedded objects: ${entry.fileName}`);
    if (NESTED_FILE_NAMES.test(entry.fileName)) return unsafe(`a nested archive or program: ${entry.fileName}`);
  }
  // Every entry is inflated once, whole, and thrown away as it goes: yauzl fails an entry that
  // inflates to more than its declared size, so the limits above hold for what is really inside.
  for (const entry of entries) {
    if (entry.fileName.endsWith("/")) continue;
    const start = await readEntry(zip, entry, 16, { toTheEnd: true });
    const nested = NESTED_CONTENT_SIGNATURES.find((signature) => startsWith(start, signature.bytes));
    if (nested) return unsafe(`a ${nested.name} inside: ${entry.fileName}`);
  }

  if (kind === "docx") {
    const contentTypes = await readEntry(zip, entries.find((entry) => entry.fileName === "[Content_Types].xml")!, SMALL_PART_MAX_BYTES);
    if (/macroEnabled/i.test(contentTypes.toString("utf8"))) return unsafe("a macro-enabled Word document");
    for (const entry of entries.filter((entry) => entry.fileName.endsWith(".rels"))) {
      const relationships = (await readEntry(zip, entry, SMALL_PART_MAX_BYTES)).toString("utf8");
      const external = EXTERNAL_ACTIVE_RELATIONSHIP.exec(relationships);
      if (external) return unsafe(`an external relationship in ${entry.fileName}: ${external[0].slice(0, 200)}`);
    }
  }
  return { ok: true, kind };
}

/**
 * The first `maxBytes` of an entry's uncompressed data; with `toTheEnd`, the rest is inflated too and
 * dropped, so that yauzl checks the entry's real size against the declared one.
 */
async function readEntry(zip: ZipFile, entry: Entry, maxBytes: number, { toTheEnd = false } = {}): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      if (length < maxBytes) chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= maxBytes && !toTheEnd) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}
