// Intake of one uploaded document (a CV): streamed to a temporary file with bounded memory, its type
// decided from its bytes, hostile files refused; and the headers that serve a stored one safely.
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { type FileHandle, mkdir, open, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Readable } from "node:stream";
import { config } from "../platform/config.server";
import { type DocumentKind, HEAD_BYTES, identifyDocument, type TextEncoding } from "./document-checks.server";

export type { DocumentKind } from "./document-checks.server";

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The type each kind is stored and served as, whatever the browser said when it was uploaded. */
export const DOCUMENT_CONTENT_TYPES: Readonly<Record<DocumentKind, string>> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  odt: "application/vnd.oasis.opendocument.text",
  rtf: "application/rtf",
  txt: "text/plain; charset=utf-8",
};

const ACCEPTED = "Upload a PDF, DOCX, ODT, RTF or TXT file.";

/** What the person uploading is told, per reason: short, plain, and saying what to do. */
export const DOCUMENT_REFUSALS = {
  empty: "The file is empty.",
  too_large: "The file is larger than 10 MB.",
  unsupported: ACCEPTED,
  unsafe: `This file can't be accepted. ${ACCEPTED}`,
} as const;

export type DocumentRefusal = keyof typeof DOCUMENT_REFUSALS;

export type ReceivedDocument =
  | {
      ok: true;
      kind: DocumentKind;
      contentType: string;
      /** Bytes, and their SHA-256 in hex, of the file at `path` (UTF-16 text is stored as UTF-8). */
      size: number;
      sha256: string;
      /** The temporary file holding the document: `stream()` it to storage, then `dispose()`. */
      path: string;
      /** The document's bytes, read from the temporary file in large chunks (few system calls). */
      stream(): Readable;
      /** Removes the temporary file; safe to call more than once. */
      dispose(): Promise<void>;
    }
  | {
      ok: false;
      reason: DocumentRefusal;
      /** For the person uploading (DOCUMENT_REFUSALS). */
      message: string;
      /** Why, in the app's words, for the log; never shown (it would teach what gets through). */
      detail: string;
    };

/**
 * Where uploads wait while they are checked: beside the stored files under the data directory, so a
 * 10 MB upload never sits in memory (Debian mounts /tmp in RAM), or the system's temporary directory
 * (TMPDIR) when files go to S3 and nothing else is written locally.
 */
export function uploadTempDir(): string {
  return config.s3 ? os.tmpdir() : path.join(config.dataDir, "tmp");
}

/** Temporary files are named `upload-<uuid>`: nothing else in the folder is ever touched. */
const TEMP_FILE = /^upload-[0-9a-f-]{36}$/;

/**
 * Removes the temporary files of uploads that never finished (a process killed mid-upload) older
 * than `olderThanMs`; for start-up. Files of uploads still running elsewhere (another process on
 * the same data directory) are younger than any upload takes, so they are left alone.
 */
export async function sweepUploadTemp({ tempDir = uploadTempDir(), olderThanMs = 60 * 60 * 1000 } = {}): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tempDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((name) => TEMP_FILE.test(name))) {
    const file = path.join(tempDir, name);
    const stats = await stat(file).catch(() => undefined);
    if (stats && Date.now() - stats.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Receives one uploaded document from `body` (the file's own bytes, e.g. a multipart part's stream,
 * not the whole request). The bytes go to a temporary file as they arrive, hashed on the way; reading
 * stops (the body is cancelled and the file removed) as soon as they pass `maxBytes`. Then the type
 * is decided from the bytes alone, and anything but a safe PDF, DOCX, ODT, RTF or plain text is
 * refused. A failing body (the client went away) rejects, leaving nothing behind.
 */
export async function receiveDocument(
  body: AsyncIterable<Uint8Array> | Readable | ReadableStream<Uint8Array>,
  options: { maxBytes?: number; tempDir?: string } = {},
): Promise<ReceivedDocument> {
  const maxBytes = options.maxBytes ?? DOCUMENT_MAX_BYTES;
  const tempDir = options.tempDir ?? uploadTempDir();
  await mkdir(tempDir, { recursive: true, mode: 0o700 });
  const file = path.join(tempDir, `upload-${randomUUID()}`);

  const hash = createHash("sha256");
  const head = Buffer.alloc(HEAD_BYTES);
  let headLength = 0;
  let size = 0;
  const handle = await open(file, "wx", 0o600);
  // Network chunks are small (16 to 64 KB); writing them a few at a time costs far fewer system calls,
  // each a round trip through libuv's small thread pool, which 20 uploads at once would queue on.
  const pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    await writeFully(handle, pending);
    pending.length = 0;
    pendingBytes = 0;
  };
  try {
    for await (const chunk of chunksOf(body)) {
      size += chunk.byteLength;
      // Leaving the loop cancels the body: nothing past the limit is read, let alone kept.
      if (size > maxBytes) break;
      hash.update(chunk);
      if (headLength < HEAD_BYTES) headLength += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).copy(head, headLength);
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= WRITE_BATCH_BYTES) await flush();
    }
    if (size <= maxBytes) await flush();
  } catch (error) {
    await handle.close();
    await rm(file, { force: true });
    throw error;
  }
  await handle.close();

  const refuse = async (reason: DocumentRefusal, detail: string): Promise<ReceivedDocument> => {
    await rm(file, { force: true });
    return { ok: false, reason, message: DOCUMENT_REFUSALS[reason], detail };
  };
  if (size > maxBytes) return refuse("too_large", `more than ${maxBytes} bytes`);
  if (size === 0) return refuse("empty", "no bytes");

  let verdict;
  try {
    verdict = await identifyDocument(file, size, head.subarray(0, headLength));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  if (!verdict.ok) return refuse(verdict.reason, verdict.detail);

  let stored = { path: file, size, sha256: hash.digest("hex") };
  if (verdict.kind === "txt" && verdict.textEncoding && verdict.textEncoding !== "utf-8") {
    try {
      stored = await transcodeToUtf8(file, verdict.textEncoding, tempDir);
    } finally {
      await rm(file, { force: true });
    }
  }
  return {
    ok: true,
    kind: verdict.kind,
    contentType: DOCUMENT_CONTENT_TYPES[verdict.kind],
    ...stored,
    stream: () => createReadStream(stored.path, { highWaterMark: READ_CHUNK_BYTES }),
    dispose: () => rm(stored.path, { force: true }),
  };
}

/**
 * The chunks of a Node stream, an async iterable or a web stream (what multipart parsers built on
 * the Fetch API hand over). Leaving the loop early cancels the body: a Node stream is destroyed, a
 * web stream cancelled.
 */
async function* chunksOf(body: AsyncIterable<Uint8Array> | Readable | ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (!("getReader" in body)) {
    yield* body as AsyncIterable<Uint8Array>;
    return;
  }
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** How many bytes of a received document `stream()` reads at a time. */
const READ_CHUNK_BYTES = 256 * 1024;

/** How many bytes of an upload are gathered before they are written to its temporary file. */
const WRITE_BATCH_BYTES = 256 * 1024;

/** Writes every byte of `chunks`, in one system call when the kernel takes them all at once. */
async function writeFully(handle: FileHandle, chunks: Uint8Array[]): Promise<void> {
  let left = chunks;
  while (left.length > 0) {
    let { bytesWritten } = await handle.writev(left);
    const rest: Uint8Array[] = [];
    for (const chunk of left) {
      if (bytesWritten >= chunk.byteLength) bytesWritten -= chunk.byteLength;
      else {
        rest.push(chunk.subarray(bytesWritten));
        bytesWritten = 0;
      }
    }
    left = rest;
  }
}

/**
 * UTF-16 text rewritten as UTF-8 (without the byte-order mark), so every stored text file is what its
 * content type says and what text extraction reads.
 */
async function transcodeToUtf8(file: string, encoding: TextEncoding, tempDir: string) {
  const target = path.join(tempDir, `upload-${randomUUID()}`);
  const decoder = new TextDecoder(encoding);
  const encoder = new TextEncoder();
  const hash = createHash("sha256");
  let size = 0;
  const handle = await open(target, "wx", 0o600);
  try {
    const write = async (text: string) => {
      const bytes = encoder.encode(text);
      hash.update(bytes);
      size += bytes.byteLength;
      await writeFully(handle, [bytes]);
    };
    for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
      await write(decoder.decode(chunk as Buffer, { stream: true }));
    }
    await write(decoder.decode());
  } catch (error) {
    await handle.close();
    await rm(target, { force: true });
    throw error;
  }
  await handle.close();
  return { path: target, size, sha256: hash.digest("hex") };
}

const EXTENSIONS: Readonly<Record<DocumentKind, string>> = { pdf: "pdf", docx: "docx", odt: "odt", rtf: "rtf", txt: "txt" };

/**
 * The name a stored document is served under: the uploaded name's last path segment, without control
 * characters, direction overrides (which make `cv‮fdp.exe` read as `cvexe.pdf`) or invisible
 * characters, at most 120 characters, ending in the extension of the kind it really is (a `cv.html`
 * that is text is served as `cv.html.txt`, so no program takes it for a web page).
 */
export function documentFileName(kind: DocumentKind, uploadedName: string): string {
  const extension = `.${EXTENSIONS[kind]}`;
  let name = (uploadedName.split(/[/\\]/).pop() ?? "")
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- this pattern exists to remove control characters
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (name.toLowerCase().endsWith(extension)) name = name.slice(0, -extension.length).replace(/[\s.]+$/, "");
  name = [...name].slice(0, 120 - extension.length).join("") || "document";
  return `${name}${extension}`;
}

/**
 * `Content-Disposition` with a plain-ASCII `filename` for old clients and the exact name in
 * `filename*` (RFC 6266, with RFC 8187's encoding).
 */
function contentDisposition(type: "attachment" | "inline", name: string): string {
  const fallback = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    // Outside printable ASCII, and `"` `\` (quoting) and `%` (which some browsers decode) become `_`.
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Headers every stored document is served with, whichever way. */
function privateDocumentHeaders(kind: DocumentKind): Record<string, string> {
  return {
    "Content-Type": DOCUMENT_CONTENT_TYPES[kind],
    // The browser keeps the type it is given: a file is never sniffed into HTML or a script.
    "X-Content-Type-Options": "nosniff",
    // Only pages of this origin may load it (a CV is not for another site's <img> or <script>).
    "Cross-Origin-Resource-Policy": "same-origin",
    // A candidate's CV stays out of shared caches and the browser's disk cache.
    "Cache-Control": "private, no-store",
  };
}

/**
 * Response headers for downloading a stored document: always a download (`attachment`), never shown
 * by the browser itself; and should a browser show it anyway, it is sandboxed with nothing allowed
 * (no scripts, no plugins, no requests, a unique origin).
 */
export function downloadHeaders(kind: DocumentKind, fileName: string): Record<string, string> {
  return {
    ...privateDocumentHeaders(kind),
    "Content-Disposition": contentDisposition("attachment", documentFileName(kind, fileName)),
    "Content-Security-Policy": "sandbox; default-src 'none'",
  };
}

/**
 * Response headers for showing a stored PDF inside the app's own page, in an <iframe> of a staff
 * page. The document is sandboxed by its own policy (no scripts, a unique origin, no requests) and
 * only this app's pages may frame it. Chromium's PDF viewer shows a PDF sandboxed this way; it
 * refuses one whose <iframe> has a `sandbox` attribute (any flags), so the frame must not have one:
 * the sandbox comes from this header (tests/e2e/pdf-preview.spec.ts). PDFs with scripts or other
 * actions never get here: intake refuses them (decision 081).
 */
export function pdfPreviewHeaders(fileName: string): Record<string, string> {
  return {
    ...privateDocumentHeaders("pdf"),
    "Content-Disposition": contentDisposition("inline", documentFileName("pdf", fileName)),
    "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'self'",
  };
}
