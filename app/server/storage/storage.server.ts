// The one file storage interface (uploaded CVs and whatever files come next): a local directory by
// default, or any S3-compatible store. Files are private: nothing here makes a public URL; the app
// reads a file and serves it to the staff who may see it (see `downloadHeaders` in upload.server.ts).
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { pipeline as pipeInto, type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import { config } from "../platform/config.server";
import { DomainError } from "../platform/errors.server";

export interface FileStorage {
  readonly kind: "local" | "s3";
  /**
   * Stores a stream under `key` (keys are made by the app, e.g. `cv/<companyId>/<uuid>`, never from
   * user input). Resolves when the file is durable; rejects, storing nothing, when the stream fails or
   * does not hold exactly `size` bytes. A second put under a key replaces the first.
   */
  put(key: string, body: Readable, options: { contentType: string; size: number }): Promise<void>;
  /** A stream of the stored bytes; throws a `FileNotFoundError` when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the file; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

/** No file under this key. A `DomainError` (NOT_FOUND), so a route that lets it through answers 404. */
export class FileNotFoundError extends DomainError {
  constructor(readonly key: string) {
    super("NOT_FOUND", "File not found.");
    this.name = "FileNotFoundError";
  }
}

/**
 * Keys are slash-separated segments of letters, digits, `.`, `_` and `-`, each starting with a letter
 * or digit: no `..`, no absolute path, no hidden names (the local driver's temporary files start with
 * a dot, so they can never be a key). The app makes keys; one that breaks the rule is a bug, thrown.
 */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const KEY_MAX_LENGTH = 512;

export function assertValidKey(key: string): void {
  if (key.length > KEY_MAX_LENGTH || !KEY_PATTERN.test(key)) {
    throw new TypeError(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: segments of [A-Za-z0-9._-] starting with a letter or digit.`);
  }
}

/**
 * Passes `body` through and fails the stream if it holds more or fewer than `size` bytes. Without it a
 * short body would leave an S3 request waiting for the bytes its Content-Length promised.
 */
function exactly(size: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > size) callback(new Error(`The stream holds more than the ${size} bytes announced.`));
      else callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      callback(seen === size ? null : new Error(`The stream held ${seen} bytes, not the ${size} announced.`));
    },
  });
}

/**
 * `body` through `exactly(size)`, joined at once: a body that fails while a driver is still getting
 * ready (making a folder, loading the SDK) then fails the returned stream instead of being an error
 * nobody listens to, which would end the process.
 */
function sizedBody(body: Readable, size: number): Transform {
  const sized = exactly(size);
  pipeInto(body, sized, () => {});
  return sized;
}

const isMissingPathError = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // ENOTDIR: a key whose parent "directory" is a file (`a/b/c` when `a/b` is stored) is not stored either.
  return code === "ENOENT" || code === "ENOTDIR";
};

/**
 * Files under `directory`, one per key (`cv/1/abc` is `<directory>/cv/1/abc`), readable by this user
 * only. A file is written under a temporary name beside its place, flushed to disk, then renamed, so a
 * reader sees the whole old file or the whole new one and a crash leaves no half file under a key.
 */
export function localFileStorage(directory: string): FileStorage {
  const root = path.resolve(directory);
  const pathOf = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(root, key);
    // The pattern already rules out traversal; this keeps it true if the pattern is ever loosened.
    if (!file.startsWith(root + path.sep)) throw new TypeError(`Storage key ${JSON.stringify(key)} leaves the storage directory.`);
    return file;
  };

  return {
    kind: "local",

    async put(key, body, { size }) {
      const file = pathOf(key);
      const sized = sizedBody(body, size);
      const folder = path.dirname(file);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const temporary = path.join(folder, `.${path.basename(file)}.${randomUUID()}.partial`);
      try {
        // `flush` fsyncs the file before it is closed: the rename below must not publish a file whose
        // bytes are still only in the page cache.
        await pipeline(sized, createWriteStream(temporary, { flags: "wx", mode: 0o600, flush: true }));
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw error;
      }
      // The rename itself is durable once the directory is flushed.
      const folderHandle = await open(folder, "r");
      try {
        await folderHandle.sync();
      } finally {
        await folderHandle.close();
      }
    },

    async get(key) {
      const file = pathOf(key);
      let handle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissingPathError(error)) throw new FileNotFoundError(key);
        throw error;
      }
      // Opening a directory succeeds on Linux; a key that names one (`cv/1` beside `cv/1/abc`) holds no file.
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new FileNotFoundError(key);
      }
      return handle.createReadStream();
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissingPathError(error)) throw error;
      }
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  /** `us-east-1` when unset; MinIO and R2 accept any (R2 documents `auto`). */
  region?: string;
  /** The store's address for MinIO, R2 and the like; unset for AWS S3. */
  endpoint?: string;
  /** Both or neither; without them the AWS SDK's default chain applies (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Address the bucket in the path (`endpoint/bucket/key`) instead of the host name; MinIO needs it. */
  forcePathStyle?: boolean;
}

/**
 * Objects in an S3-compatible bucket, one per key. No ACL is ever sent, so objects get the bucket's
 * default, which is private (and buckets with ACLs disabled would refuse one).
 */
export function s3FileStorage(options: S3StorageOptions): FileStorage {
  if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials.");
  }
  const createClient = (sdk: typeof S3) =>
    new sdk.S3Client({
      region: options.region ?? "us-east-1",
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // By default the SDK sends a streamed body as `aws-chunked` with a trailing CRC32. AWS S3 takes it,
      // but S3-compatible stores do not all understand it: s3rver stored the chunk framing as the file's
      // bytes. Checksums only where an operation requires one keeps every store on plain PutObject; the
      // app keeps its own SHA-256 of each file (receiveDocument).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  let connecting: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  // The SDK is loaded on first use: 20 MB and 0.1 to 0.2 s at start-up that a server on the local
  // directory never pays.
  const connect = () => (connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: createClient(sdk) })));
  const Bucket = options.bucket;

  return {
    kind: "s3",

    async put(key, body, { contentType, size }) {
      assertValidKey(key);
      const sized = sizedBody(body, size);
      // The SDK pipes the body into the HTTP request, and a pipe does not pass a failure on: a body
      // that fails (the client went away) or holds the wrong size must abort the request itself, or it
      // would wait for the bytes its Content-Length promised. The failure is what the caller gets.
      const abort = new AbortController();
      sized.once("error", (error) => abort.abort(error));
      const { sdk, client } = await connect();
      // A known size makes one PutObject with a Content-Length; no multipart upload is needed up to
      // S3's 5 GB limit for one request, far above any file the app accepts.
      try {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: sized, ContentLength: size, ContentType: contentType }), {
          abortSignal: abort.signal,
        });
      } catch (error) {
        throw abort.signal.aborted ? abort.signal.reason : error;
      } finally {
        sized.destroy();
      }
    },

    async get(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK's body is the HTTP response, a Readable.
        return object.Body as Readable;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)) {
          throw new FileNotFoundError(key);
        }
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      // S3 answers 204 for a key that is not there, which is what this method promises.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The storage the settings name: S3 when `s3` is set, else the local directory (`filesDir`, or `<dataDir>/files`). */
export function createFileStorage(settings: Pick<typeof config, "s3" | "filesDir" | "dataDir">): FileStorage {
  return settings.s3 ? s3FileStorage(settings.s3) : localFileStorage(settings.filesDir ?? path.join(settings.dataDir, "files"));
}

let configured: FileStorage | undefined;

/** The app's storage, made from config on first use (S3_* variables, FILES_DIR, PGLITE_DIR). */
export function fileStorage(): FileStorage {
  configured ??= createFileStorage(config);
  return configured;
}
