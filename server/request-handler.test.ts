import { randomBytes } from "node:crypto";
import { get, request as request_, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressAnswers } from "./compression";
import { writeBody } from "./request-handler";

/** A body as React streams a page: many small chunks, a few pauses (Suspense boundaries). */
function streamedBody(chunks: string[], pauseEvery: number) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i > 0 && i % pauseEvery === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      if (i === chunks.length) return controller.close();
      controller.enqueue(new TextEncoder().encode(chunks[i++]));
    },
  });
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves one streamed body through the compression middleware; answers its bytes as sent (gzip). */
async function fetchGzipped(chunks: string[], pauseEvery: number) {
  const app = express();
  app.use(compression());
  app.get("/", (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    void writeBody(streamedBody(chunks, pauseEvery), res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": "gzip" } }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ encoding: response.headers["content-encoding"], bytes: Buffer.concat(parts) }));
    }).on("error", reject);
  });
}

describe("writeBody", () => {
  it("compresses a page streamed in small chunks about as well as the same bytes at once", async () => {
    const row = (i: number) => `<li class="rounded-xl border border-slate-200 bg-white p-5"><h2>Senior Engineer ${i}</h2><p>Join our team.</p></li>`;
    const chunks = Array.from({ length: 800 }, (_, i) => row(i));
    const { encoding, bytes } = await fetchGzipped(chunks, 200);
    expect(encoding).toBe("gzip");
    const text = gunzipSync(bytes).toString();
    expect(text).toBe(chunks.join(""));
    // Written and flushed chunk by chunk (React Router's writer), this body came out 30 times larger.
    expect(bytes.length).toBeLessThan(gzipSync(text).length * 1.15);
  });

  it("waits for the compressor to drain on a long body without piling up listeners", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      // Incompressible, so that the compressor's buffer fills and writes must wait for "drain".
      const chunks = Array.from({ length: 400 }, () => randomBytes(8 * 1024).toString("base64"));
      const { bytes } = await fetchGzipped(chunks, 5);
      expect(gunzipSync(bytes).toString()).toBe(chunks.join(""));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });
});

/** Serves one body through the app's compression (`compressAnswers`) and writeBody; answers what arrived. */
async function fetchAnswer(body: ReadableStream<Uint8Array>, request: { method?: string; acceptEncoding?: string; type?: string }) {
  const app = express();
  app.use(compressAnswers());
  app.all("/", (_req, res) => {
    res.setHeader("Content-Type", request.type ?? "text/html; charset=utf-8");
    void writeBody(body, res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const headers = request.acceptEncoding === undefined ? {} : { "accept-encoding": request.acceptEncoding };
  return new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
    request_({ host: "127.0.0.1", port, path: "/", method: request.method ?? "GET", headers }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(parts) }));
    })
      .on("error", reject)
      .end();
  });
}

/** A body that arrives at once, as a loader's data or a page rendered whole does. */
function wholeBody(text: string) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

describe("a body that arrives at once", () => {
  const text = Array.from({ length: 100 }, (_, i) => `{"startsAt":"2026-12-0${i % 9}T10:00:00.000Z","time":"11:00"}`).join(",");

  it("is compressed in one call, with its length, as the client takes it: brotli first, else gzip", async () => {
    const brotli = await fetchAnswer(wholeBody(text), { acceptEncoding: "gzip, deflate, br, zstd" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-length"]).toBe(String(brotli.bytes.length));
    expect(brotli.headers["transfer-encoding"]).toBeUndefined();
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(text);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;

    const gzip = await fetchAnswer(wholeBody(text), { acceptEncoding: "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.bytes).toString()).toBe(text);
  });

  it("is compressed in one call when it is a large page (a 5,000-card pipeline's 250 KB), and streams when it is larger still", async () => {
    const card = (i: number) => `<a class="card" href="/applications/${i}"><span>Candidate ${i}</span><span>c${i}@example.test</span></a>`;
    const page = Array.from({ length: 2_500 }, (_, i) => card(i)).join("");
    expect(page.length).toBeGreaterThan(200 * 1024);
    const large = await fetchAnswer(wholeBody(page), { acceptEncoding: "gzip, deflate, br, zstd" });
    expect(large.headers["content-encoding"]).toBe("br");
    expect(large.headers["content-length"]).toBe(String(large.bytes.length));
    expect(large.headers["transfer-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(large.bytes).toString()).toBe(page);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    // Past half a megabyte the body goes through the compression stream in parts: no length, chunked.
    const huge = page.repeat(3);
    const streamed = await fetchAnswer(wholeBody(huge), { acceptEncoding: "br" });
    expect(streamed.headers["content-encoding"]).toBe("br");
    expect(streamed.headers["transfer-encoding"]).toBe("chunked");
    expect(brotliDecompressSync(streamed.bytes).toString()).toBe(huge);
  });

  it("is sent as it is to a client that takes no compression, when it is small, and when it is not text", async () => {
    const plain = await fetchAnswer(wholeBody(text), {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.toString()).toBe(text);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const small = await fetchAnswer(wholeBody("short"), { acceptEncoding: "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.bytes.toString()).toBe("short");
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const image = await fetchAnswer(wholeBody(text), { acceptEncoding: "br", type: "image/png" });
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.bytes.toString()).toBe(text);
  });
});
