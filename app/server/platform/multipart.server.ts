import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { DomainError } from "./errors.server";

/** A file part of a form, as it arrives: read `stream` to the end (or the request stalls). */
export interface IncomingFile {
  fieldName: string;
  /** The name the browser sent; only ever shown, never used to decide anything. */
  fileName: string;
  stream: Readable;
}

export interface ReadFormOptions<T> {
  /** Bytes one file may have; its stream ends there (the handler sees it was cut, see `truncated`). */
  maxFileBytes: number;
  /** Names of the fields that may carry a file; a file in any other field is skipped unread. */
  fileFields: readonly string[];
  /** Reads one file (streams it somewhere) and answers what the form should hold for it. */
  onFile(file: IncomingFile, truncated: () => boolean): Promise<T>;
  /** Undoes what `onFile` kept (a temporary file) when the form as a whole could not be read. */
  discard(result: T): Promise<void>;
}

export interface ReadForm<T> {
  values: Record<string, string>;
  files: Map<string, T>;
}

/** Longest text field (a 50,000-character cover letter in UTF-8, with room). */
const MAX_FIELD_BYTES = 256 * 1024;
const MAX_FIELDS = 300;

/**
 * The fields of a form post, with its files streamed one at a time to `onFile` rather than held
 * in memory (as `request.formData()` would): a multipart post (a form with a file, with or
 * without JavaScript) is parsed by busboy as it arrives. Any other post is read as usual. At most
 * one file per allowed field; empty file inputs (no file chosen) are skipped.
 */
export async function readFormWithFiles<T>(request: Request, options: ReadFormOptions<T>): Promise<ReadForm<T>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    const values: Record<string, string> = {};
    for (const [key, value] of await request.formData()) if (typeof value === "string") values[key] = value;
    return { values, files: new Map() };
  }

  return new Promise<ReadForm<T>>((resolve, reject) => {
    const values: Record<string, string> = {};
    const files = new Map<string, T>();
    const pending: Promise<void>[] = [];
    let failed = false;
    const fail = (cause: unknown) => {
      if (failed) return;
      failed = true;
      const error = formReadError(cause);
      // What the handlers kept is let go once they have finished.
      void Promise.allSettled(pending).then(() => Promise.allSettled([...files.values()].map((file) => options.discard(file))));
      reject(error);
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        limits: { fileSize: options.maxFileBytes, files: options.fileFields.length, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
      });
    } catch (error) {
      fail(error);
      return;
    }
    parser.on("field", (name, value) => {
      values[name] = value;
    });
    parser.on("file", (fieldName, stream, info) => {
      if (!options.fileFields.includes(fieldName) || files.has(fieldName) || !info.filename) {
        stream.resume();
        return;
      }
      let truncated = false;
      stream.on("limit", () => {
        truncated = true;
      });
      // The handler reads a copy: if it stops early (a file over its limit) and drops its stream,
      // busboy's own part stream is still read to its end here, so the form's later fields arrive.
      const copy = new PassThrough();
      stream.pipe(copy);
      copy.on("close", () => {
        stream.unpipe(copy);
        stream.resume();
      });
      pending.push(
        options
          .onFile({ fieldName, fileName: info.filename, stream: copy }, () => truncated || (stream as { truncated?: boolean }).truncated === true)
          .then(async (result) => {
            if (failed) await options.discard(result);
            else files.set(fieldName, result);
          })
          // Whatever the handler did, the rest of the part is read so the form's later fields arrive.
          .finally(() => stream.resume()),
      );
    });
    parser.on("error", fail);
    parser.on("close", () => {
      Promise.all(pending).then(() => {
        if (!failed) resolve({ values, files });
      }, fail);
    });

    const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
    body.on("error", fail);
    body.pipe(parser);
  });
}

/** What went wrong reading a form, for its route to answer: too large (413), or not a form it can read (400). */
function formReadError(cause: unknown): Error {
  if (cause instanceof DomainError) return cause;
  // The request edge ends a streamed body with this code past its limit (server/request-edge.ts).
  if ((cause as { code?: unknown } | null)?.code === "BODY_TOO_LARGE") {
    return new DomainError("TOO_LARGE", "The form is too large to send. Attach a file of at most 10 MB.");
  }
  if (cause instanceof Error && /multipart|boundary|unexpected end/i.test(cause.message)) {
    return new DomainError("INVALID", "The form could not be read. Please try again.");
  }
  return cause instanceof Error ? cause : new Error(String(cause));
}
