// React Router's request handler for Express, as @react-router/express builds it, except that a
// request's body is the one the edge already read and checked (server/request-edge.ts) rather
// than the socket, which that adapter would read a second time with no limit, and that a response
// body is written in bursts (`writeBody`) rather than chunk by chunk with a flush after each.
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { endCompressed } from "./compression";
import { bufferedBody, bytesOf, streamedBody } from "./request-edge";

export function createRequestHandler({
  build,
  getLoadContext,
}: {
  build: ServerBuild;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
}) {
  const handleRequest = createReactRouterHandler(build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handleRequest(fetchRequest(req, res), getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function fetchRequest(req: Request, res: Response): globalThis.Request {
  // The host and port as @react-router/express resolves them (X-Forwarded-Host only behind a trusted proxy).
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // A form with a file arrives as a stream (its route reads it as it comes); any other body was read by the edge.
  const stream = hasBody ? streamedBody(req) : undefined;
  const body = stream ?? (hasBody ? bytesOf(bufferedBody(req) ?? Buffer.alloc(0)) : undefined);
  // A POST without a body is an empty form (the edge let it through only because it was empty).
  if (hasBody && !headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
  return new globalThis.Request(url.href, { method: req.method, headers, body, signal: controller.signal, ...(stream ? { duplex: "half" } : {}) } as RequestInit);
}

async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's own headers replace what the middleware set before it (a CV's sandboxing
  // Content-Security-Policy replaces the pages' one rather than joining it); cookies add up.
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!response.body) return void res.end();
  try {
    await writeBody(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/** The longest run of chunks written as one; a longer burst is written in parts of about this size. */
const BURST_BYTES = 64 * 1024;
const IDLE = Symbol("idle");
const nextTurn = () => new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE));

/**
 * Writes a streamed body to the response (decision 071). React renders a page in hundreds of small
 * chunks; written and flushed one by one, each went through the compression stream on its own and a
 * page compressed half as well as the same bytes at once. Here the chunks that arrive before the
 * event loop turns are written as one, the compressor is flushed only when the body pauses (a
 * Suspense boundary waiting for data: what was rendered reaches the browser meanwhile), and a body
 * that arrives at once is one `res.end`, compressed in one call (`endCompressed`). Backpressure waits on one "drain" listener per response:
 * the compression middleware hands `res.on("drain")` to its own stream and never takes a listener
 * off again, so a listener per wait piled up (MaxListenersExceededWarning on long bodies).
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Response) {
  const reader = body.getReader();
  let resume: (() => void) | undefined;
  const wake = () => {
    const waiting = resume;
    resume = undefined;
    waiting?.();
  };
  res.on("drain", wake);
  res.on("close", wake);
  try {
    let next = reader.read();
    let done = false;
    let started = false;
    while (!done) {
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      let paused = false;
      let result = await next;
      while (!result.done) {
        chunks.push(result.value);
        bytes += result.value.byteLength;
        next = reader.read();
        const settled = await Promise.race([next, nextTurn()]);
        if (settled === IDLE) {
          paused = true;
          break;
        }
        result = settled;
        // A burst is written in parts; the part read last is kept in `next` for the next one. A body
        // that ends here (a page rendered to one string, decision 128) is still a body at once.
        if (bytes >= BURST_BYTES && !result.done) break;
      }
      done = result.done === true;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
      if (done) {
        // A body that arrived at once is compressed in one call, not through the middleware's stream.
        if (!started && endCompressed(res, data)) return;
        res.end(data);
        return;
      }
      started = true;
      const writable = res.write(data);
      // The compression middleware's flush: send what was compressed so far, at pauses only.
      if (paused) (res as Response & { flush?: () => void }).flush?.();
      if (!writable && !res.destroyed) await new Promise<void>((resolve) => (resume = resolve));
    }
  } catch (error) {
    if (!res.destroyed) res.destroy(error instanceof Error ? error : undefined);
    throw error;
  } finally {
    res.off("close", wake);
    reader.releaseLock();
  }
}
