import { Worker } from "node:worker_threads";
import type { ExtractionAnswer, ExtractionRequest, WorkerMemory } from "./extract-worker.server";
import { DEFAULT_MAX_CHARS } from "./normalize-text.server";
import { TextExtractionError } from "./text-extraction-error.server";

export type { DocumentKind } from "~/schemas/document";
import type { DocumentKind } from "~/schemas/document";

export type { ExtractedText } from "./read-document.server";
import type { ExtractedText } from "./read-document.server";

export type ExtractTextOptions = {
  /** The most characters kept (200,000 by default). */
  maxChars?: number;
  /** How long this file may take before its worker is stopped (20 s by default). */
  timeoutMs?: number;
};

/** The time one file may take; a two-page CV takes a few milliseconds. */
export const DEFAULT_EXTRACTION_TIMEOUT_MS = 20_000;
/** The biggest file read at all: a CV is a few hundred KB, a scanned one a few MB. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/**
 * How much the process's resident memory may grow while one file is read before its worker is
 * stopped. Reading a two-page CV grows it by a few MB, a 73-page PDF by 57 MB and a 400-page DOCX
 * by 48 MB (decision 082). The worker's heap limit cannot stand in for this: buffers live outside
 * the heap, and pdf.js decodes a stream into one.
 */
export const MAX_EXTRACTION_MEMORY_GROWTH_MB = 160;
/**
 * The worker's JavaScript heap (old generation), the same budget: a file that needs more kills
 * the worker at once, not the server, before the watchdog's next sample would see it.
 */
export const WORKER_HEAP_MB = 160;
const MEMORY_SAMPLE_INTERVAL_MS = 10;

export type TextExtractorOptions = {
  timeoutMs?: number;
  workerHeapMb?: number;
  maxMemoryGrowthMb?: number;
};

export type TextExtractorStats = {
  extracted: number;
  failed: number;
  /** Workers started: one, plus one for each that was stopped or died. */
  workersStarted: number;
  /** The most the worker held after a file: heap, and buffers outside the heap. */
  workerPeak: WorkerMemory;
};

export type TextExtractor = {
  extract(file: Buffer | Uint8Array | string, kind: DocumentKind, options?: ExtractTextOptions): Promise<ExtractedText>;
  stats(): TextExtractorStats;
  /** Stops the worker; files still waiting fail with `worker_failed`. */
  close(): Promise<void>;
};

type Job = {
  request: ExtractionRequest;
  timeoutMs: number;
  resolve(result: ExtractedText): void;
  reject(error: Error): void;
};

/**
 * Reads documents in one worker thread, one file at a time, in the order asked.
 *
 * One worker and not a pool: the server keeps the other core for pages, one worker meets the budget
 * (decision 082), and with one file in flight the memory watchdog knows which file grew the process.
 * A file that takes longer than its time limit, or grows the memory past the limit, has its worker
 * terminated; a file that exhausts the worker's heap kills only the worker. Either way that file's
 * extraction throws a `TextExtractionError` and the next file gets a new worker.
 */
export function createTextExtractor(options: TextExtractorOptions = {}): TextExtractor {
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_EXTRACTION_TIMEOUT_MS;
  const workerHeapMb = options.workerHeapMb ?? WORKER_HEAP_MB;
  const maxGrowthBytes = (options.maxMemoryGrowthMb ?? MAX_EXTRACTION_MEMORY_GROWTH_MB) * 1024 * 1024;

  const queue: Job[] = [];
  let worker: Worker | null = null;
  // A stopped worker until it has exited: the next one waits, so two never hold memory at once.
  let stopping: Promise<unknown> | null = null;
  let current: { job: Job; timer: NodeJS.Timeout; watchdog: NodeJS.Timeout } | null = null;
  let nextId = 1;
  let closed = false;
  const stats: TextExtractorStats = { extracted: 0, failed: 0, workersStarted: 0, workerPeak: { heapUsedBytes: 0, arrayBufferBytes: 0 } };

  function startWorker(): Worker {
    const started = spawnExtractionWorker({ maxOldGenerationSizeMb: workerHeapMb });
    stats.workersStarted += 1;
    started.on("message", (answer: ExtractionAnswer) => {
      if (started !== worker || current?.job.request.id !== answer.id) return;
      stats.workerPeak = {
        heapUsedBytes: Math.max(stats.workerPeak.heapUsedBytes, answer.memory.heapUsedBytes),
        arrayBufferBytes: Math.max(stats.workerPeak.arrayBufferBytes, answer.memory.arrayBufferBytes),
      };
      if (answer.ok) finish(answer.result);
      else if (answer.reason === "io") finish(Object.assign(new Error(answer.message), { code: answer.code }));
      else finish(new TextExtractionError(answer.reason, answer.message));
    });
    started.on("error", (error: Error & { code?: string }) => {
      if (started !== worker) return;
      const message = error.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? `The extraction ran out of memory (worker heap ${workerHeapMb} MB).`
        : `The extraction worker failed: ${error.message}`;
      discardWorker(new TextExtractionError("worker_failed", message, { cause: error }));
    });
    started.on("exit", (code) => {
      if (started !== worker) return;
      discardWorker(new TextExtractionError("worker_failed", `The extraction worker exited (code ${code}).`));
    });
    return started;
  }

  /** Settles the file in flight and moves to the next one. */
  function finish(outcome: ExtractedText | Error) {
    if (!current) return;
    const { job, timer, watchdog } = current;
    clearTimeout(timer);
    clearInterval(watchdog);
    current = null;
    if (outcome instanceof Error) {
      stats.failed += 1;
      job.reject(outcome);
    } else {
      stats.extracted += 1;
      job.resolve(outcome);
    }
    // An idle worker must not keep a script or a test process alive; a busy one must.
    if (queue.length === 0) worker?.unref();
    pump();
  }

  /** Stops the worker (it timed out, grew too big, died) and fails the file it was reading. */
  function discardWorker(reason: TextExtractionError) {
    const stopped = worker;
    worker = null;
    if (stopped) stopping = stopped.terminate().finally(() => (stopping = null));
    finish(reason);
  }

  function pump() {
    if (current || closed) return;
    const job = queue.shift();
    if (!job) return;
    if (stopping) {
      queue.unshift(job);
      void stopping.then(pump);
      return;
    }
    worker ??= startWorker();
    worker.ref();
    const running = worker;
    const baselineRss = process.memoryUsage.rss();
    current = {
      job,
      timer: setTimeout(() => {
        if (worker === running) discardWorker(new TextExtractionError("timed_out", `The extraction took longer than ${job.timeoutMs / 1000} s.`));
      }, job.timeoutMs),
      watchdog: setInterval(() => {
        const grownBytes = process.memoryUsage.rss() - baselineRss;
        if (worker === running && grownBytes > maxGrowthBytes) {
          discardWorker(new TextExtractionError("worker_failed", `The extraction grew the server's memory by more than ${maxGrowthBytes / 1024 / 1024} MB.`));
        }
      }, MEMORY_SAMPLE_INTERVAL_MS),
    };
    current.watchdog.unref();
    const { source } = job.request;
    running.postMessage(job.request, "bytes" in source ? [source.bytes.buffer as ArrayBuffer] : []);
  }

  return {
    extract(file, kind, { maxChars = DEFAULT_MAX_CHARS, timeoutMs = defaultTimeoutMs } = {}) {
      if (closed) return Promise.reject(new TextExtractionError("worker_failed", "Text extraction has been stopped."));
      if (typeof file !== "string" && file.byteLength > MAX_DOCUMENT_BYTES) {
        stats.failed += 1;
        return Promise.reject(new TextExtractionError("refused", `The file is ${Math.ceil(file.byteLength / 1024 / 1024)} MB; a CV is at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`));
      }
      return new Promise<ExtractedText>((resolve, reject) => {
        // The worker gets its own copy of the bytes, moved to it rather than copied a second time: the
        // caller's buffer stays usable, and a slice of a big buffer does not send the whole of it.
        const source = typeof file === "string" ? { path: file } : { bytes: new Uint8Array(file) };
        queue.push({ request: { id: nextId++, source, kind, maxChars, maxBytes: MAX_DOCUMENT_BYTES }, timeoutMs, resolve, reject });
        pump();
      });
    },
    stats: () => ({ ...stats, workerPeak: { ...stats.workerPeak } }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new TextExtractionError("worker_failed", "Text extraction has been stopped."));
      if (worker) discardWorker(new TextExtractionError("worker_failed", "Text extraction has been stopped."));
      await stopping;
    },
  };
}

/**
 * The URL of the worker's bundled file. The server build replaces this marker with it
 * (vite.config.ts, `cvTextWorker`); unreplaced, the worker runs from its TypeScript source.
 */
const BUILT_WORKER_URL: string = "__OPENHIRE_CV_TEXT_WORKER_URL__";

function spawnExtractionWorker(resourceLimits: { maxOldGenerationSizeMb: number }): Worker {
  // Under vitest, tsx and the development server this module is TypeScript itself, and so is the
  // worker: a small plain module registers tsx's loader in the worker thread, then imports it.
  const script = BUILT_WORKER_URL.startsWith("__") ? new URL("./extract-worker-from-source.mjs", import.meta.url) : new URL(BUILT_WORKER_URL);
  // No command-line options from the process that starts it (a worker inherits them by default):
  // the worker needs none, and some break it (`--input-type` of `node -e`, a test runner's loaders).
  return new Worker(script, { resourceLimits, execArgv: [] });
}

let sharedExtractor: TextExtractor | null = null;

/**
 * The text of a CV, read off the request path in the server's extraction worker.
 * Throws only for a file that cannot be read at all (corrupt); the caller marks it failed. The error
 * is a `TextExtractionError` whose `reason` says why, or the file system's error for a `path` that
 * cannot be opened.
 */
export async function extractText(file: Buffer | string, kind: DocumentKind, options?: ExtractTextOptions): Promise<ExtractedText> {
  sharedExtractor ??= createTextExtractor();
  return sharedExtractor.extract(file, kind, options);
}

/** Stops the shared extraction worker (at shutdown); the next `extractText` starts a new one. */
export async function stopTextExtraction(): Promise<void> {
  const extractor = sharedExtractor;
  sharedExtractor = null;
  await extractor?.close();
}
