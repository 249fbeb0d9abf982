// What the server refuses before any route reads a request: malformed URLs, methods the pages do
// not take, and bodies that are too large, of the wrong kind or malformed. A body that passes is
// read once, here, and handed to React Router as the buffered bytes (server/request-handler.ts).
import { Readable, Transform } from "node:stream";
import type { NextFunction, Request, Response } from "express";

const KB = 1024;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** How large a request body may be on some paths, how many fields it may hold, and of which kinds. */
export interface BodyRule {
  /** Matched against the path (without the query); the first rule that matches applies. */
  path: RegExp;
  maxBytes: number;
  maxParameters: number;
  contentTypes: readonly string[];
  /**
   * A multipart body (a form with a file: a CV) is not read here but handed to the route as a
   * stream, cut off past these bytes: the route streams the file to storage and skips what is over
   * its own limit, so a file that is too large is refused with the form's other answers kept. Any
   * other body of the path is read here under `maxBytes`, as everywhere.
   */
  streamedMultipartBytes?: number;
}

/** The error a streamed body ends with when it passes its rule's limit (the app's form reader knows the code). */
export const BODY_TOO_LARGE = "BODY_TOO_LARGE";

/**
 * The body limits, per path; the first match wins, so the catch-all stays last. A file upload
 * (a CV) gets a rule of its own here with its own, larger limit.
 */
export const BODY_RULES: readonly BodyRule[] = [
  // Forms with a CV (decision 083): applying (by the form or the public API, decision 110), and Add candidate. The file's own limit (10 MB) is the
  // route's; this one stops a sender that never ends.
  {
    path: /^\/(?:jobs\/[^/]+\/[^/]+\/apply|candidates\/new|api\/v1\/boards\/[^/]+\/jobs\/[^/]+\/applications)(?:\.data)?$/,
    maxBytes: 256 * KB,
    maxParameters: 500,
    contentTypes: FORM_TYPES,
    streamedMultipartBytes: 64 * 1024 * KB,
  },
  // better-auth's JSON endpoints, if its handler is mounted.
  { path: /^\/api\/auth\//, maxBytes: 64 * KB, maxParameters: 100, contentTypes: ["application/json", ...FORM_TYPES] },
  // A candidates CSV file to import (decision 085): the file's 5 MB, and room for the form around it.
  { path: /^\/candidates\/import(?:\.data)?$/, maxBytes: 5 * 1024 * KB + 64 * KB, maxParameters: 10, contentTypes: ["multipart/form-data"] },
  // The job form: free-text description and requirements, a form builder and a stage builder.
  { path: /^\/manage\/jobs\/(?:new|[^/]+\/edit)(?:\.data)?$/, maxBytes: 1024 * KB, maxParameters: 2000, contentTypes: FORM_TYPES },
  // Candidates' replies posted by Mailgun (decision 097): the raw message (at most 10 MB, the reply
  // limit of app/server/mail/inbound.server.ts) and Mailgun's few other fields.
  { path: /^\/api\/inbound-email\/mime$/, maxBytes: 10 * 1024 * KB + 256 * KB, maxParameters: 100, contentTypes: FORM_TYPES },
  // The staff API (decision 112): JSON bodies from integrations' servers (a candidate, a move, a note).
  { path: /^\/api\/v1\/(?:jobs|candidates|applications)(?:\/|$)/, maxBytes: 64 * KB, maxParameters: 100, contentTypes: ["application/json"] },
  // Every other page action: plain forms.
  { path: /^/, maxBytes: 256 * KB, maxParameters: 500, contentTypes: FORM_TYPES },
];

export function bodyRuleFor(path: string, rules: readonly BodyRule[] = BODY_RULES): BodyRule {
  return rules.find((rule) => rule.path.test(path)) ?? rules[rules.length - 1]!;
}

/** Paths that better-auth answers itself, with the methods it needs; every page takes GET, HEAD and POST only. */
const PAGE_METHODS = "GET, HEAD, POST";
const isPageMethod = (method: string) => method === "GET" || method === "HEAD" || method === "POST";
const isAuthApi = (path: string) => path.startsWith("/api/auth/");

export type Refusal = { status: 400 | 405 | 413 | 415; message: string; headers?: Record<string, string> };

/** A refusal for the request line alone (URL and method), or null. */
export function refuseRequestLine(method: string, url: string, path: string): Refusal | null {
  // A NUL byte is never part of a real address or search; the database refuses it in text.
  if (/%00/i.test(url)) return { status: 400, message: "The address contains a NUL character (%00)." };
  if (!isPageMethod(method) && !isAuthApi(path)) {
    return { status: 405, message: `${method} is not allowed here.`, headers: { Allow: PAGE_METHODS } };
  }
  return null;
}

/** The media type of a Content-Type header, lower-cased and without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

const tooLarge = (rule: BodyRule): Refusal => ({
  status: 413,
  message: `The request is too large: at most ${Math.floor(rule.maxBytes / KB)} KB and ${rule.maxParameters} fields are accepted here.`,
});

/** A refusal from the headers alone, before any of the body is read, or null. */
export function refuseBodyHeaders(
  rule: BodyRule,
  contentType: string | undefined,
  contentLength: number | undefined,
  chunked: boolean,
): Refusal | null {
  if (contentLength !== undefined && contentLength > rule.maxBytes) return tooLarge(rule);
  // A POST without a body (no length, or 0, and not chunked) needs no type.
  if (!contentType && !chunked && !contentLength) return null;
  const type = mediaType(contentType);
  if (!rule.contentTypes.includes(type)) {
    return { status: 415, message: `This address takes ${rule.contentTypes.join(" or ")} bodies, not ${type || "a body without a type"}.` };
  }
  return null;
}

/**
 * Checks a whole body that is within the size limit: the number of fields, that it parses, and
 * that no form field holds a NUL character.
 */
export async function refuseBody(rule: BodyRule, contentType: string | undefined, body: Buffer): Promise<Refusal | null> {
  const type = mediaType(contentType);
  if (body.length === 0) return null;
  if (type === "application/json") {
    try {
      JSON.parse(body.toString("utf8"));
      return null;
    } catch {
      return { status: 400, message: "The request body is not valid JSON." };
    }
  }
  let entries: Iterable<[string, string | File]>;
  if (type === "application/x-www-form-urlencoded") {
    // Counted before parsing: 300,000 empty fields must not be parsed at all.
    if (countByte(body, 0x26 /* & */) + 1 > rule.maxParameters) return tooLarge(rule);
    entries = new URLSearchParams(body.toString("utf8"));
  } else if (type === "multipart/form-data") {
    try {
      const request = new globalThis.Request("http://localhost/", { method: "POST", headers: { "content-type": contentType! }, body: bytesOf(body) });
      entries = [...(await request.formData())];
    } catch {
      return { status: 400, message: "The form data is malformed." };
    }
  } else {
    return { status: 415, message: `This address does not take ${type} bodies.` };
  }
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > rule.maxParameters) return tooLarge(rule);
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      return { status: 400, message: "A form field contains a NUL character." };
    }
  }
  return null;
}

function countByte(buffer: Buffer, byte: number): number {
  let count = 0;
  for (let at = buffer.indexOf(byte); at !== -1; at = buffer.indexOf(byte, at + 1)) count++;
  return count;
}

const bodies = new WeakMap<Request, Buffer>();
const streamedRules = new WeakMap<Request, BodyRule>();

/**
 * The body of a request whose rule streams it, as a stream that ends with an error coded
 * BODY_TOO_LARGE once more than the rule's bytes arrived; undefined for any other request.
 */
export function streamedBody(req: Request): ReadableStream<Uint8Array> | undefined {
  const rule = streamedRules.get(req);
  if (!rule) return undefined;
  let size = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > rule.maxBytes) {
        // What is left is read and dropped (see `refuse`), so the client gets the answer.
        req.resume();
        callback(Object.assign(new Error(tooLarge(rule).message), { code: BODY_TOO_LARGE }));
      } else {
        callback(null, chunk);
      }
    },
  });
  req.on("error", (error) => limited.destroy(error));
  return Readable.toWeb(req.pipe(limited)) as ReadableStream<Uint8Array>;
}

/** The body the edge read and checked, for React Router's request; undefined for GET and HEAD. */
export function bufferedBody(req: Request): Buffer | undefined {
  return bodies.get(req);
}

function refuse(res: Response, refusal: Refusal, bodyUnread = false) {
  // The rest of a refused body is read and dropped, never kept: closing the connection instead
  // would cut off most clients while they are still sending, before they read this answer.
  // Node's requestTimeout bounds how long a sender can keep that up.
  if (bodyUnread) res.req.resume();
  res.status(refusal.status).set(refusal.headers ?? {}).type("text/plain").send(refusal.message);
}

/** Refuses a malformed address or a method the pages do not take. */
export function checkRequestLine(req: Request, res: Response, next: NextFunction) {
  const refusal = refuseRequestLine(req.method, req.originalUrl, req.path);
  if (refusal) return refuse(res, refusal, req.method !== "GET" && req.method !== "HEAD");
  next();
}

/** Reads and checks the body of every request that has one, within its path's limits. */
export async function readCheckedBody(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const path = bodyRuleFor(req.path);
  const streamed = path.streamedMultipartBytes !== undefined && mediaType(req.get("content-type")) === "multipart/form-data";
  const rule = streamed ? { ...path, maxBytes: path.streamedMultipartBytes! } : path;
  const lengthHeader = req.get("content-length");
  const contentLength = lengthHeader === undefined ? undefined : Number(lengthHeader);
  const headerRefusal = refuseBodyHeaders(
    rule,
    req.get("content-type"),
    Number.isFinite(contentLength) ? contentLength : undefined,
    req.get("transfer-encoding") !== undefined,
  );
  if (headerRefusal) return refuse(res, headerRefusal, true);
  if (streamed) {
    streamedRules.set(req, rule);
    return next();
  }
  let body: Buffer | "too large";
  try {
    body = await readBody(req, rule.maxBytes);
  } catch (error) {
    return next(error);
  }
  if (body === "too large") return refuse(res, tooLarge(rule), true);
  const refusal = await refuseBody(rule, req.get("content-type"), body);
  if (refusal) return refuse(res, refusal);
  bodies.set(req, body);
  next();
}

/** The request's body, or "too large" as soon as more than maxBytes arrived (the rest is left unread). */
function readBody(req: Request, maxBytes: number): Promise<Buffer | "too large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        req.pause();
        resolve("too large");
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** The buffer's bytes as a fetch body, without copying them. */
export function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}
