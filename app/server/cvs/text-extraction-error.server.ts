/**
 * Why a CV's text could not be extracted. Every one of them marks the file failed; the reason is for
 * the log and for the staff page's wording ("could not be read" against "was refused").
 * - `unreadable`: the bytes are not a document of the kind (corrupt, truncated, not that format).
 * - `refused`: a file built to hurt (a zip bomb, a stream that inflates past the limits, a file too
 *   big to be a CV); refused before it could take the memory.
 * - `timed_out`: the extraction took longer than its time limit; the worker was replaced.
 * - `worker_failed`: the worker died under the file (out of memory) or used more memory than an
 *   extraction may; it was replaced and the next file gets a fresh one.
 */
export type TextExtractionFailure = "unreadable" | "refused" | "timed_out" | "worker_failed";

export class TextExtractionError extends Error {
  constructor(
    readonly reason: TextExtractionFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "TextExtractionError";
  }
}
