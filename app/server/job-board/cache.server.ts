import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { cspNonceContext } from "../platform/request-context.server";

/**
 * The in-process cache of anonymous job-board pages (/jobs, job pages), and everything that reads
 * or drops it: the route middleware that renders and stores pages, the HTTP server's fast path,
 * small read-through values, and `invalidateJobBoardCache`. Entries are fresh for `TTL_MS`; the
 * whole cache is dropped whenever a job changes on this node, so a posted, edited or closed job
 * shows at once here and within `TTL_MS` on other nodes (decision 021). The pages kept are bounded
 * by count and by size (`MAX_BYTES`), so the server's memory stays bounded (decision 073).
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  etag: string;
  freshUntil: number;
}

export const JOB_BOARD_CACHE_TTL_MS = 5_000;
/** How long an expired page may still answer while one request renders its replacement. */
const STALE_MS = 60_000;
const MAX_ENTRIES = 2_000;
/** What the kept pages may hold together, counted as two bytes a character (V8 keeps most pages so). */
export const JOB_BOARD_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Store {
  pages: Map<string, CachedPage>;
  /** The size of `pages`, as `pageBytes` counts it. */
  bytes: number;
  /** Renders in progress, so that a burst of misses renders a page once. */
  inflight: Map<string, Promise<CachedPage | undefined>>;
  /** Small read-through values (a job's apply form), dropped with the pages. */
  values: Map<string, CachedValue>;
}

interface CachedValue {
  value: Promise<unknown>;
  freshUntil: number;
  /** The load has succeeded (only a settled value may answer stale). */
  settled?: boolean;
  /** A load replacing this expired value is under way. */
  refreshing?: boolean;
}

const holder = globalThis as typeof globalThis & { __openhireJobBoardCache?: Store };
const store = (holder.__openhireJobBoardCache ??= { pages: new Map(), bytes: 0, inflight: new Map(), values: new Map() });
store.bytes ??= 0;

const pageBytes = (page: CachedPage) => page.body.length * 2;

/** How many pages the cache holds and their size (tests and the memory bound). */
export function jobBoardCacheSize() {
  return { pages: store.pages.size, bytes: store.bytes };
}

function deletePage(key: string) {
  const page = store.pages.get(key);
  if (!page) return;
  store.pages.delete(key);
  store.bytes -= pageBytes(page);
}

/** The page under `key`: fresh, stale (expired but still usable while a render runs), or undefined. */
export function getCachedPage(key: string, now = Date.now()): { page: CachedPage; fresh: boolean } | undefined {
  const page = store.pages.get(key);
  if (!page) return undefined;
  if (page.freshUntil + STALE_MS <= now) {
    deletePage(key);
    return undefined;
  }
  return { page, fresh: page.freshUntil > now };
}

/**
 * Renders the page under `key` once however many requests ask at the same time: the first
 * caller's `render` runs, the others wait for its result.
 */
export function renderOnce(key: string, render: () => Promise<CachedPage | undefined>): { promise: Promise<CachedPage | undefined>; leader: boolean } {
  const running = store.inflight.get(key);
  if (running) return { promise: running, leader: false };
  const promise = render()
    .then((page) => {
      if (page && store.inflight.get(key) === promise) setCachedPage(key, page);
      return page;
    })
    .finally(() => {
      if (store.inflight.get(key) === promise) store.inflight.delete(key);
    });
  store.inflight.set(key, promise);
  return { promise, leader: true };
}

function setCachedPage(key: string, page: CachedPage) {
  const bytes = pageBytes(page);
  if (bytes > JOB_BOARD_CACHE_MAX_BYTES / 8) return;
  deletePage(key);
  // Oldest first: a Map iterates in insertion order.
  for (const oldest of store.pages.keys()) {
    if (store.pages.size < MAX_ENTRIES && store.bytes + bytes <= JOB_BOARD_CACHE_MAX_BYTES) break;
    deletePage(oldest);
  }
  store.pages.set(key, page);
  store.bytes += bytes;
}

/**
 * A value read through the cache for `JOB_BOARD_CACHE_TTL_MS`, dropped when a job changes. Requests
 * that ask while it loads share the one load; a load that fails is not kept. With `stale`, an expired
 * value (never a dropped one) still answers while one load replaces it in the background.
 */
export async function cachedValue<T>(key: string, load: () => Promise<T>, options: { now?: number; stale?: boolean } = {}): Promise<T> {
  const now = options.now ?? Date.now();
  const hit = store.values.get(key);
  if (hit && hit.freshUntil > now) return hit.value as Promise<T>;
  if (hit && options.stale && hit.settled) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      void load()
        .then((value) => {
          if (store.values.get(key) === hit) store.values.set(key, { value: Promise.resolve(value), freshUntil: Date.now() + JOB_BOARD_CACHE_TTL_MS, settled: true });
        })
        .catch((error: unknown) => {
          hit.refreshing = false;
          console.error(error);
        });
    }
    return hit.value as Promise<T>;
  }
  const value = load();
  if (store.values.size >= MAX_ENTRIES) store.values.clear();
  const entry: CachedValue = { value, freshUntil: now + JOB_BOARD_CACHE_TTL_MS };
  store.values.set(key, entry);
  value.then(
    () => (entry.settled = true),
    () => {
      if (store.values.get(key) === entry) store.values.delete(key);
    },
  );
  return value;
}

/** Called by every service that changes what the board or a job page shows. */
export function invalidateJobBoardCache() {
  store.pages.clear();
  store.bytes = 0;
  store.values.clear();
  // Renders that started before the change must not store what they saw.
  store.inflight.clear();
}

export const NONCE_PLACEHOLDER = "__openhire_nonce__";
// Browsers revalidate every time (and get the page from the in-process cache); shared caches may
// keep it as long as this node does.
export const JOB_BOARD_CACHE_CONTROL = `public, max-age=0, s-maxage=${JOB_BOARD_CACHE_TTL_MS / 1000}`;

export interface CacheLookup {
  /** Path and query as requested, e.g. `/jobs?q=berlin` (or the whole URL). */
  url: string;
  cookie: string | undefined;
  secFetchDest: string | undefined;
  ifNoneMatch: string | undefined;
}

/**
 * The cache key of an anonymous GET for a job-board page: React Router's data (`data`: an address
 * ending in `.data`, or asking for `_data`) or else the HTML page (`document`), whatever the
 * request's Accept header says, since React Router answers every other GET with the page: curl,
 * crawlers and feed readers get the cached page as browsers do. Undefined: not cached.
 */
export function pageCacheKey(lookup: CacheLookup): { kind: "document" | "data"; key: string } | undefined {
  // Anonymous only: a session may change the page (and must never share a cache entry).
  if (/session_token=/.test(lookup.cookie ?? "")) return undefined;
  const url = new URL(lookup.url, "http://cache.invalid");
  // The public API's answers (decision 110) are whole documents too: JSON, kept like the pages.
  const kind = !url.pathname.startsWith("/api/") && (url.pathname.endsWith(".data") || url.searchParams.has("_data")) ? "data" : "document";
  return { kind, key: `${kind} ${url.pathname}${url.search}` };
}

/** What to answer from a cached page: its headers (with ETag and Cache-Control) and body or a 304. */
export function cachedAnswer(page: CachedPage, lookup: Pick<CacheLookup, "ifNoneMatch" | "secFetchDest">, nonce: string | undefined, cacheState: string) {
  const headers: [string, string][] = [
    ...page.headers.filter(([name]) => !/^(etag|cache-control|x-cache)$/i.test(name)),
    ["ETag", page.etag],
    ["Cache-Control", JOB_BOARD_CACHE_CONTROL],
    ["X-Cache", cacheState],
  ];
  // A browser's page embeds a per-response CSP nonce: it gets the whole page again, never a 304
  // that would pair its old body with a new policy. Caches and crawlers may revalidate.
  if (lookup.ifNoneMatch === page.etag && !lookup.secFetchDest) return { status: 304, headers, body: null };
  const body = nonce ? page.body.replaceAll(NONCE_PLACEHOLDER, nonce) : page.body;
  return { status: page.status, headers, body };
}

/**
 * The fast path for the HTTP server: a fresh cached document answered before React Router runs.
 * Misses, stale pages and data requests go on to the route middleware, which renders and stores.
 */
export function freshCachedDocument(lookup: CacheLookup, nonce: string | undefined) {
  const cacheKey = pageCacheKey(lookup);
  if (cacheKey?.kind !== "document") return undefined;
  const cached = getCachedPage(cacheKey.key);
  if (!cached?.fresh) return undefined;
  return cachedAnswer(cached.page, lookup, nonce, "HIT");
}

/**
 * Route middleware: serves anonymous job-board pages from the in-process cache, rendering each
 * page once per lifetime however many requests arrive together, with an ETag over the page's
 * content and `Cache-Control` matching the cache's lifetime.
 */
export async function jobBoardPageCache(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  if (request.method !== "GET") return next();
  const lookup: CacheLookup = {
    url: request.url,
    cookie: request.headers.get("cookie") ?? undefined,
    secFetchDest: request.headers.get("sec-fetch-dest") ?? undefined,
    ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
  };
  const cacheKey = pageCacheKey(lookup);
  if (!cacheKey) return next();
  const { kind, key } = cacheKey;
  const nonce = context.get(cspNonceContext);
  const respond = (page: CachedPage, cacheState: string) => {
    const answer = cachedAnswer(page, lookup, nonce, cacheState);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };

  const cached = getCachedPage(key);
  if (cached?.fresh) return respond(cached.page, "HIT");

  let uncacheable: Response | undefined;
  const { promise, leader } = renderOnce(key, async () => {
    const response = await next();
    const type = response.headers.get("content-type") ?? "";
    const producedKind = type.includes("text/html") || type.includes("application/json") ? "document" : "data";
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
  if (!leader && cached) return respond(cached.page, "STALE");
  const page = await promise;
  if (page) return respond(page, leader ? "MISS" : "WAIT");
  if (uncacheable) return uncacheable;
  return next();
}
