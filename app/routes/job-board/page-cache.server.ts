import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import {
  type CachedPage,
  cachedAnswer,
  getCachedPage,
  JOB_BOARD_CACHE_TTL_MS,
  NONCE_PLACEHOLDER,
  renderOnce,
} from "~/server/job-board-cache.server";
import { cspNonceContext } from "~/server/request-context.server";


/** Which kind of answer a request wants: the HTML page or React Router's data; undefined: don't cache. */
function requestKind(request: Request): "document" | "data" | undefined {
  if (request.method !== "GET") return undefined;
  // Anonymous only: a session may change the page (and must never share a cache entry).
  if (/session_token=/.test(request.headers.get("cookie") ?? "")) return undefined;
  if ((request.headers.get("accept") ?? "").includes("text/html")) return "document";
  if (request.headers.get("sec-fetch-dest") === "empty") return "data";
  return undefined;
}

function respond(request: Request, page: CachedPage, nonce: string | undefined, cacheState: string): Response {
  const answer = cachedAnswer(
    page,
    { ifNoneMatch: request.headers.get("if-none-match") ?? undefined, secFetchDest: request.headers.get("sec-fetch-dest") ?? undefined },
    nonce,
    cacheState,
  );
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * Route middleware: serves anonymous job-board pages from the in-process cache, rendering each
 * page once per lifetime however many requests arrive together, with an ETag over the page's
 * content and `Cache-Control` matching the cache's lifetime (decision 021).
 */
export async function jobBoardPageCache(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  const kind = requestKind(request);
  if (!kind) return next();
  const url = new URL(request.url);
  const key = `${kind} ${url.pathname}${url.search}`;
  const nonce = context.get(cspNonceContext);

  const cached = getCachedPage(key);
  if (cached?.fresh) return respond(request, cached.page, nonce, "HIT");

  let uncacheable: Response | undefined;
  const { promise, leader } = renderOnce(key, async () => {
    const response = await next();
    const type = response.headers.get("content-type") ?? "";
    const producedKind = type.includes("text/html") ? "document" : "data";
    if (response.status !== 200 || response.headers.has("set-cookie") || producedKind !== kind) {
      uncacheable = response;
      return undefined;
    }
    const body = await response.text();
    const stored = nonce ? body.replaceAll(nonce, NONCE_PLACEHOLDER) : body;
    return {
      status: response.status,
      headers: [...response.headers.entries()].filter(([name]) => name !== "content-length"),
      body: stored,
      etag: `W/"${createHash("sha1").update(stored).digest("base64url")}"`,
      freshUntil: Date.now() + JOB_BOARD_CACHE_TTL_MS,
    };
  });
  // Someone else is rendering: an expired page answers meanwhile.
  if (!leader && cached) return respond(request, cached.page, nonce, "STALE");
  const page = await promise;
  if (page) return respond(request, page, nonce, leader ? "MISS" : "WAIT");
  if (uncacheable) return uncacheable;
  return next();
}
