import type { Response } from "express";
import compression from "compression";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptsEncoding } from "./static-files";

/*
 * How pages and data are compressed, in one place (decisions 071, 103 and 138). Brotli at quality 1
 * with a 256 KB window: on the rejected lane's board (110 KB) 0.26 ms against 0.45 at quality 3 and
 * 0.81 at the middleware's default (quality 4, 4 MB window), for 7 % more bytes than quality 3 (15.8
 * against 14.7 KB); on the candidates list (70 KB) 0.11 against 0.29 ms, 10.9 against 10.1 KB. A
 * kilobyte more on the wire is less than the fifth of a millisecond of a page's 6 to 8 ms of server
 * CPU. Fingerprinted assets are sent as stored at build time, at quality 11 (static-files.ts).
 */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18 };
/** Smaller answers are sent as they are: the middleware's own threshold. */
const THRESHOLD_BYTES = 1024;
/**
 * A body that arrived at once and is at most this long is compressed at once (a 250 KB page in about
 * 1.5 ms at quality 3); a longer one streams.
 */
const AT_ONCE_BYTES = 512 * 1024;
/** What is worth compressing: text, and JSON, XML and JavaScript of any kind. */
const COMPRESSIBLE = /^text\/|[/+](?:json|xml|javascript)\b/i;

/** The compression middleware, for answers written in parts (a page streamed while it renders). */
export function compressAnswers() {
  return compression({ threshold: THRESHOLD_BYTES, brotli: { params: BROTLI_PARAMS } });
}

/**
 * Ends the answer with `body` compressed in one call, as the middleware would compress it, when the
 * client takes brotli or gzip and the body is worth it; false, having written nothing, otherwise
 * (the caller ends it as it is, and the middleware decides). bench:slots: through the middleware's
 * stream, a 4 KB answer cost 0.2 ms of CPU to compress, at once 0.05 ms, a tenth of a scheduling
 * link's data request.
 */
export function endCompressed(res: Response, body: Uint8Array): boolean {
  if (res.headersSent || res.req.method === "HEAD") return false;
  if (body.byteLength < THRESHOLD_BYTES || body.byteLength > AT_ONCE_BYTES) return false;
  if (res.getHeader("Content-Encoding") || /\bno-transform\b/i.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
  if (!COMPRESSIBLE.test(String(res.getHeader("Content-Type") ?? ""))) return false;
  const accepted = res.req.get("Accept-Encoding");
  const encoding = acceptsEncoding(accepted, "br") ? "br" : acceptsEncoding(accepted, "gzip") ? "gzip" : null;
  if (!encoding) return false;
  const compressed = encoding === "br" ? brotliCompressSync(body, { params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }) : gzipSync(body);
  res.vary("Accept-Encoding");
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", compressed.byteLength);
  res.end(compressed);
  return true;
}
