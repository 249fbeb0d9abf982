import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  type CachedPage,
  freshCachedDocument,
  getCachedPage,
  invalidateJobBoardCache,
  JOB_BOARD_CACHE_CONTROL,
  JOB_BOARD_CACHE_MAX_BYTES,
  cachedValue,
  jobBoardCacheSize,
  JOB_BOARD_CACHE_TTL_MS,
  jobBoardPageCache,
  NONCE_PLACEHOLDER,
  pageCacheKey,
  renderOnce,
} from "./cache.server";
import { cspNonceContext } from "../platform/request-context.server";

const page = (body: string): CachedPage => ({ status: 200, headers: [], body, etag: `W/"${body}"`, freshUntil: Date.now() + JOB_BOARD_CACHE_TTL_MS });

describe("the job-board page cache", () => {
  it("renders a page once for requests that arrive together, then serves it fresh", async () => {
    invalidateJobBoardCache();
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const render = async () => {
      renders += 1;
      await gate;
      return page("board");
    };
    const first = renderOnce("k", render);
    const second = renderOnce("k", render);
    expect([first.leader, second.leader]).toEqual([true, false]);
    release();
    expect((await second.promise)?.body).toBe("board");
    expect(renders).toBe(1);
    expect(getCachedPage("k")).toMatchObject({ fresh: true, page: { body: "board" } });
    expect(getCachedPage("k", Date.now() + JOB_BOARD_CACHE_TTL_MS + 1)).toMatchObject({ fresh: false });
  });

  it("forgets everything when a job changes, including a render that was under way", async () => {
    invalidateJobBoardCache();
    await renderOnce("a", async () => page("a")).promise;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = renderOnce("b", async () => {
      await gate;
      return page("old b");
    });
    invalidateJobBoardCache();
    release();
    await running.promise;
    expect(getCachedPage("a")).toBeUndefined();
    expect(getCachedPage("b")).toBeUndefined();
  });
});

describe("the HTTP server's fast path", () => {
  const lookup = {
    url: "/jobs?q=engineer%20berlin",
    cookie: undefined,
    secFetchDest: "document",
    ifNoneMatch: undefined,
  };
  const page = (body: string): CachedPage => ({
    status: 200,
    headers: [["content-type", "text/html; charset=utf-8"]],
    body,
    etag: 'W/"abc"',
    freshUntil: Date.now() + JOB_BOARD_CACHE_TTL_MS,
  });

  it("keys anonymous page and data requests whatever they accept, and nothing signed in", () => {
    expect(pageCacheKey(lookup)?.key).toBe("document /jobs?q=engineer%20berlin");
    expect(pageCacheKey({ ...lookup, url: "/jobs?q=engineer berlin" })?.key).toBe("document /jobs?q=engineer%20berlin");
    expect(pageCacheKey({ ...lookup, url: "http://localhost:3000/jobs?q=engineer%20berlin" })?.key).toBe("document /jobs?q=engineer%20berlin");
    // curl, crawlers and fetch() of the page: the same page a browser gets.
    expect(pageCacheKey({ ...lookup, secFetchDest: undefined })?.key).toBe("document /jobs?q=engineer%20berlin");
    expect(pageCacheKey({ ...lookup, secFetchDest: "empty" })?.key).toBe("document /jobs?q=engineer%20berlin");
    // React Router's data requests: never the page.
    expect(pageCacheKey({ ...lookup, url: "/jobs.data?q=engineer%20berlin", secFetchDest: "empty" })?.key).toBe("data /jobs.data?q=engineer%20berlin");
    expect(pageCacheKey({ ...lookup, url: "/jobs?q=engineer&_data=routes%2Fjobs" })?.kind).toBe("data");
    expect(pageCacheKey({ ...lookup, cookie: "better-auth.session_token=x" })).toBeUndefined();
  });

  it("answers a cached page to a request that does not ask for HTML, and never to a data request", async () => {
    invalidateJobBoardCache();
    await renderOnce("document /jobs", async () => page("<html>board</html>")).promise;
    expect(freshCachedDocument({ ...lookup, url: "/jobs", secFetchDest: undefined }, undefined)?.body).toBe("<html>board</html>");
    expect(freshCachedDocument({ ...lookup, url: "/jobs.data", secFetchDest: "empty" }, undefined)).toBeUndefined();
    expect(freshCachedDocument({ ...lookup, url: "/jobs?_data=routes%2Fjobs" }, undefined)).toBeUndefined();
  });

  it("answers only a fresh page, with this response's nonce, ETag and Cache-Control", async () => {
    invalidateJobBoardCache();
    expect(freshCachedDocument(lookup, "n1")).toBeUndefined();
    await renderOnce("document /jobs?q=engineer%20berlin", async () => page(`<script nonce="${NONCE_PLACEHOLDER}"></script>`)).promise;
    const answer = freshCachedDocument(lookup, "n1")!;
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('<script nonce="n1"></script>');
    expect(Object.fromEntries(answer.headers)).toMatchObject({ ETag: 'W/"abc"', "Cache-Control": JOB_BOARD_CACHE_CONTROL, "X-Cache": "HIT" });
    invalidateJobBoardCache();
    expect(freshCachedDocument(lookup, "n1")).toBeUndefined();
  });
});

describe("the route middleware", () => {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, "n1");
  const request = (headers: Record<string, string>) => new Request("http://localhost/jobs?page=2", { headers });
  const html = { accept: "text/html", "sec-fetch-dest": "document" };

  it("renders an anonymous page once, then answers it from the cache with its own nonce", async () => {
    invalidateJobBoardCache();
    let renders = 0;
    const next = async () => {
      renders += 1;
      return new Response('<script nonce="n1"></script>', { headers: { "content-type": "text/html" } });
    };
    const first = await jobBoardPageCache({ request: request(html), context }, next);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await jobBoardPageCache({ request: request(html), context }, next);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe('<script nonce="n1"></script>');
    expect(second.headers.get("cache-control")).toBe(JOB_BOARD_CACHE_CONTROL);
    expect(renders).toBe(1);
    expect(getCachedPage("document /jobs?page=2")?.page.body).toBe(`<script nonce="${NONCE_PLACEHOLDER}"></script>`);
  });

  it("keeps a data request's answer apart from the page's", async () => {
    invalidateJobBoardCache();
    const page = async () => new Response("<html>page</html>", { headers: { "content-type": "text/html" } });
    const data = async () => new Response("[data]", { headers: { "content-type": "text/x-script" } });
    await jobBoardPageCache({ request: new Request("http://localhost/jobs?page=2"), context }, page);
    const answer = await jobBoardPageCache({ request: new Request("http://localhost/jobs.data?page=2", { headers: { "sec-fetch-dest": "empty" } }), context }, data);
    expect(await answer.text()).toBe("[data]");
    const again = await jobBoardPageCache({ request: new Request("http://localhost/jobs.data?page=2"), context }, data);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe("[data]");
  });

  it("passes signed-in requests and answers that must not be kept straight through", async () => {
    invalidateJobBoardCache();
    const signedIn = await jobBoardPageCache({ request: request({ ...html, cookie: "better-auth.session_token=x" }), context }, async () => new Response("mine"));
    expect(signedIn.headers.get("x-cache")).toBeNull();
    const missing = await jobBoardPageCache({ request: request(html), context }, async () => new Response("gone", { status: 404, headers: { "content-type": "text/html" } }));
    expect(missing.status).toBe(404);
    expect(getCachedPage("document /jobs?page=2")).toBeUndefined();
  });
});

describe("the cache's size", () => {
  it("drops the oldest pages once the pages kept pass their size in bytes", async () => {
    invalidateJobBoardCache();
    const body = "x".repeat(JOB_BOARD_CACHE_MAX_BYTES / 2 / 20);
    for (let i = 0; i < 40; i += 1) await renderOnce(`document /jobs?page=${i}`, async () => page(`${i}${body}`)).promise;
    const size = jobBoardCacheSize();
    expect(size.bytes).toBeLessThanOrEqual(JOB_BOARD_CACHE_MAX_BYTES);
    expect(size.pages).toBeLessThan(40);
    expect(getCachedPage("document /jobs?page=39")).toBeDefined();
    expect(getCachedPage("document /jobs?page=0")).toBeUndefined();
    invalidateJobBoardCache();
    expect(jobBoardCacheSize()).toEqual({ pages: 0, bytes: 0 });
  });
});

describe("cachedValue", () => {
  it("shares one load, and with `stale` answers an expired value while one load replaces it", async () => {
    invalidateJobBoardCache();
    let loads = 0;
    let release = () => {};
    const load = async () => {
      const value = `v${++loads}`;
      if (loads === 2) await new Promise<void>((resolve) => (release = resolve));
      return value;
    };
    expect(await Promise.all([cachedValue("k", load), cachedValue("k", load)])).toEqual(["v1", "v1"]);
    const later = Date.now() + JOB_BOARD_CACHE_TTL_MS + 1;
    expect(await cachedValue("k", load, { now: later, stale: true })).toBe("v1");
    expect(await cachedValue("k", load, { now: later, stale: true })).toBe("v1");
    expect(loads).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cachedValue("k", load, { stale: true })).toBe("v2");
    expect(loads).toBe(2);
    // A change drops the value: nothing stale answers after it.
    invalidateJobBoardCache();
    expect(await cachedValue("k", load, { stale: true })).toBe("v3");
  });
});
