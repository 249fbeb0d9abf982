// The extraction worker: a worker thread that reads one document at a time for `extractText`.
// It is its own entry of the server build (vite.config.ts, `cvTextWorker`), and is run from this
// TypeScript source through tsx under vitest, tsx and the development server.
import { open } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import type { DocumentKind } from "~/schemas/document";
import { type ExtractedText, readDocumentText } from "./read-document.server";
import { TextExtractionError, type TextExtractionFailure } from "./text-extraction-error.server";

export type ExtractionRequest = {
  id: number;
  /** The document's bytes (copied to this thread), or the path of a file this thread reads itself. */
  source: { bytes: Uint8Array } | { path: string };
  kind: DocumentKind;
  maxChars: number;
  maxBytes: number;
};

export type ExtractionAnswer = { id: number; memory: WorkerMemory } & (
  | { ok: true; result: ExtractedText }
  | { ok: false; reason: TextExtractionFailure; message: string }
  // The file could not be read from the disk (missing, no permission): not the document's fault.
  | { ok: false; reason: "io"; message: string; code: string | undefined }
);

/** What this thread held when it answered: its JavaScript heap, and the buffers outside it. */
export type WorkerMemory = { heapUsedBytes: number; arrayBufferBytes: number };

// pdf.js inflates a stream with the platform's DecompressionStream when there is one: native zlib,
// whose many small output chunks are allocated in this thread's malloc arena. glibc keeps an arena's
// memory after a thread ends, so a file stopped by the memory watchdog left up to 400 MB resident in
// the server for good (measured: decision 082). Without it pdf.js inflates in JavaScript into one
// growing buffer, which the system takes back when the worker is stopped.
Reflect.deleteProperty(globalThis, "DecompressionStream");

if (!parentPort) throw new Error("extract-worker.server.ts runs as a worker thread, started by extract-text.server.ts.");
const port = parentPort;

port.on("message", (request: ExtractionRequest) => {
  void answer(request).then((message) => port.postMessage(message));
});

async function answer(request: ExtractionRequest): Promise<ExtractionAnswer> {
  const { id } = request;
  let bytes: Uint8Array;
  try {
    bytes = "bytes" in request.source ? request.source.bytes : await readCapped(request.source.path, request.maxBytes);
  } catch (error) {
    if (error instanceof TextExtractionError) return { id, ok: false, reason: error.reason, message: error.message, memory: memory() };
    return { id, ok: false, reason: "io", message: (error as Error).message, code: (error as { code?: string }).code, memory: memory() };
  }
  try {
    const result = await readDocumentText(bytes, request.kind, request.maxChars);
    return { id, ok: true, result, memory: memory() };
  } catch (error) {
    if (error instanceof TextExtractionError) return { id, ok: false, reason: error.reason, message: error.message, memory: memory() };
    // A library failing on bytes it did not expect: the document is what it could not read.
    return { id, ok: false, reason: "unreadable", message: `The ${request.kind} file cannot be read: ${(error as Error).message}`, memory: memory() };
  }
}

/** The file's bytes, refused unread when it is bigger than a CV can be. */
async function readCapped(path: string, maxBytes: number): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    if (size > maxBytes) throw new TextExtractionError("refused", `The file is ${Math.ceil(size / 1024 / 1024)} MB; a CV is at most ${maxBytes / 1024 / 1024} MB.`);
    return await file.readFile();
  } finally {
    await file.close();
  }
}

function memory(): WorkerMemory {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heapUsedBytes: heapUsed, arrayBufferBytes: arrayBuffers };
}
