// The file storage contract, run against both drivers: the local directory, and S3 through a real
// S3-compatible server (s3rver) started here on an ephemeral port.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import type { IncomingHttpHeaders, Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "~/server/platform/errors.server";
import {
  createFileStorage,
  FileNotFoundError,
  type FileStorage,
  localFileStorage,
  s3FileStorage,
} from "~/server/storage/storage.server";

const BUCKET = "openhire-test";
// s3rver's built-in account.
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

let s3rver: S3rver;
let s3Endpoint: string;
let s3Directory: string;
let localDirectory: string;
/** Every request the S3 server received, as it arrived. */
const s3Requests: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  s3Directory = await mkdtemp(path.join(os.tmpdir(), "openhire-s3rver-"));
  localDirectory = await mkdtemp(path.join(os.tmpdir(), "openhire-files-"));
  s3rver = new S3rver({ address: "127.0.0.1", port: 0, directory: s3Directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  (s3rver as unknown as { httpServer: Server }).httpServer.on("request", (request) => {
    s3Requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
  });
});

afterAll(async () => {
  await s3rver?.close();
  await rm(s3Directory, { recursive: true, force: true });
  await rm(localDirectory, { recursive: true, force: true });
});

const s3Options = () => ({ bucket: BUCKET, endpoint: s3Endpoint, forcePathStyle: true, ...CREDENTIALS });

/** A stream of `bytes` in chunks of at most 64 KB, as an upload arrives. */
const streamOf = (bytes: Buffer, chunkSize = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
    })(),
  );

/** A stream that gives `before` and then fails, as an upload whose client goes away. */
const failingStream = (before: Buffer) =>
  Readable.from(
    (async function* () {
      yield before;
      throw new Error("client went away");
    })(),
  );

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const put = (storage: FileStorage, key: string, bytes: Buffer) =>
  storage.put(key, streamOf(bytes), { contentType: "application/pdf", size: bytes.length });

const uniqueKey = () => `cv/company-1/${randomBytes(8).toString("hex")}`;

describe.each([
  ["local", () => localFileStorage(localDirectory)],
  ["s3", () => s3FileStorage(s3Options())],
] as const)("the %s driver keeps the storage contract", (kind, makeStorage) => {
  it("stores a streamed file and gives back the same bytes", async () => {
    const storage = makeStorage();
    expect(storage.kind).toBe(kind);
    const key = uniqueKey();
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    await put(storage, key, bytes);
    expect((await bytesOf(await storage.get(key))).equals(bytes)).toBe(true);
  });

  it("replaces a file stored again under the same key", async () => {
    const storage = makeStorage();
    const key = uniqueKey();
    await put(storage, key, Buffer.from("first version, longer than the second"));
    await put(storage, key, Buffer.from("second"));
    expect((await bytesOf(await storage.get(key))).toString()).toBe("second");
  });

  it("answers a missing file with FileNotFoundError, a NOT_FOUND domain error", async () => {
    const storage = makeStorage();
    const error = await storage.get(uniqueKey()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileNotFoundError);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("NOT_FOUND");
  });

  it("deletes a file, and deleting one that is gone is no error", async () => {
    const storage = makeStorage();
    const key = uniqueKey();
    await put(storage, key, Buffer.from("to be deleted"));
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(uniqueKey())).resolves.toBeUndefined();
  });

  it("fails a put whose stream fails, with the stream's error, instead of waiting for the missing bytes", async () => {
    const storage = makeStorage();
    await expect(
      storage.put(uniqueKey(), failingStream(randomBytes(100_000)), { contentType: "application/pdf", size: 200_000 }),
    ).rejects.toThrow("client went away");
  });

  it("fails a put whose stream fails before a byte of it is read, as a client that goes away at once", async () => {
    const storage = makeStorage();
    const body = new Readable({ read() {} });
    // While the driver makes its folder or loads its SDK: with no one listening yet, this would end the process.
    setImmediate(() => body.destroy(new Error("client went away")));
    await expect(storage.put(uniqueKey(), body, { contentType: "application/pdf", size: 10 })).rejects.toThrow("client went away");
  });

  it("refuses a stream that holds more or fewer bytes than announced", async () => {
    const storage = makeStorage();
    await expect(storage.put(uniqueKey(), streamOf(Buffer.alloc(1000)), { contentType: "text/plain", size: 1001 })).rejects.toThrow(
      /1000 bytes, not the 1001/,
    );
    await expect(storage.put(uniqueKey(), streamOf(Buffer.alloc(1000)), { contentType: "text/plain", size: 999 })).rejects.toThrow(
      /more than the 999/,
    );
  });

  it.each(["../escape", "cv/../../escape", "/etc/passwd", "cv//double", "cv/.hidden", ".", "..", "", "cv/a b", "cv\\windows", "cv/trailing/"])(
    "refuses the key %j for put, get and delete",
    async (key) => {
      const storage = makeStorage();
      await expect(put(storage, key, Buffer.from("x"))).rejects.toThrow(TypeError);
      await expect(storage.get(key)).rejects.toThrow(TypeError);
      await expect(storage.delete(key)).rejects.toThrow(TypeError);
    },
  );
});

describe("the local driver", () => {
  it("keeps each file under its key, readable by the server's user only, with no temporary file left", async () => {
    const storage = localFileStorage(localDirectory);
    const key = `cv/company-2/${randomBytes(8).toString("hex")}`;
    await put(storage, key, Buffer.from("%PDF-1.7 a CV"));
    const file = path.join(localDirectory, key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
  });

  // Only here: S3 itself never stores a PutObject whose body fell short of its Content-Length, but
  // s3rver does (it keeps what arrived), so the S3 driver's half of this rests on S3's own guarantee.
  it("stores nothing when a put fails, keeps the file it would have replaced, and leaves no temporary file", async () => {
    const storage = localFileStorage(localDirectory);
    const key = `cv/company-3/${randomBytes(8).toString("hex")}`;
    const failedPut = (bytes: Buffer, size: number) => storage.put(key, streamOf(bytes), { contentType: "application/pdf", size });
    await expect(storage.put(key, failingStream(randomBytes(10_000)), { contentType: "application/pdf", size: 20_000 })).rejects.toThrow();
    await expect(failedPut(Buffer.alloc(10), 11)).rejects.toThrow();
    await expect(storage.get(key)).rejects.toBeInstanceOf(FileNotFoundError);

    await put(storage, key, Buffer.from("the good version"));
    await expect(storage.put(key, failingStream(randomBytes(10_000)), { contentType: "application/pdf", size: 20_000 })).rejects.toThrow();
    await expect(failedPut(Buffer.alloc(10), 9)).rejects.toThrow();
    expect((await bytesOf(await storage.get(key))).toString()).toBe("the good version");
    expect(await readdir(path.join(localDirectory, "cv/company-3"))).toEqual([path.basename(key)]);
  });

  it("has no file under a key that names a folder of other keys", async () => {
    const storage = localFileStorage(localDirectory);
    await put(storage, "cv/company-4/file", Buffer.from("x"));
    await expect(storage.get("cv/company-4")).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.get("cv/company-4/file/below")).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it("is the app's storage without S3_BUCKET, under <data directory>/files unless FILES_DIR says otherwise", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "openhire-data-"));
    try {
      const storage = createFileStorage({ s3: undefined, filesDir: undefined, dataDir });
      expect(storage.kind).toBe("local");
      await put(storage, "cv/1/default-place", Buffer.from("x"));
      expect((await stat(path.join(dataDir, "files/cv/1/default-place"))).isFile()).toBe(true);

      const filesDir = path.join(dataDir, "elsewhere");
      await put(createFileStorage({ s3: undefined, filesDir, dataDir }), "cv/1/other-place", Buffer.from("x"));
      expect((await stat(path.join(filesDir, "cv/1/other-place"))).isFile()).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the S3 driver", () => {
  it("is the app's storage when S3_BUCKET is set", async () => {
    const storage = createFileStorage({ s3: { region: "us-east-1", ...s3Options() }, filesDir: undefined, dataDir: localDirectory });
    expect(storage.kind).toBe("s3");
    const key = uniqueKey();
    await put(storage, key, Buffer.from("through the configured store"));
    expect((await bytesOf(await storage.get(key))).toString()).toBe("through the configured store");
  });

  it("sends one signed PutObject with the size and content type, and no ACL, so the object stays private", async () => {
    const storage = s3FileStorage(s3Options());
    const key = uniqueKey();
    const before = s3Requests.length;
    await put(storage, key, randomBytes(2 * 1024 * 1024));
    const sent = s3Requests.slice(before);
    expect(sent.map((request) => request.method)).toEqual(["PUT"]);
    const headers = sent[0]!.headers;
    expect(sent[0]!.url.split("?")[0]).toBe(`/${BUCKET}/${key}`);
    expect(headers["content-length"]).toBe(String(2 * 1024 * 1024));
    expect(headers["content-type"]).toBe("application/pdf");
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
    // Plain bytes, not aws-chunked framing, which not every S3-compatible store understands.
    expect(headers["content-encoding"]).toBeUndefined();
    expect(Object.keys(headers).filter((name) => name === "x-amz-acl" || name.startsWith("x-amz-grant-"))).toEqual([]);
  });

  it("sends the configured credentials: an unknown access key is refused", async () => {
    // s3rver checks the access key but not SigV4 signatures, so a wrong secret cannot be shown here.
    const storage = s3FileStorage({ ...s3Options(), accessKeyId: "NOT-AN-ACCOUNT" });
    await expect(put(storage, uniqueKey(), Buffer.from("x"))).rejects.toThrow(/Access Key Id you provided does not exist/);
  });

  it("refuses half a pair of credentials at once", () => {
    expect(() => s3FileStorage({ bucket: BUCKET, accessKeyId: "only-the-id" })).toThrow(/set both, or neither/);
  });
});
