import { describe, expect, it } from "vitest";
import {
  type CachedPage,
  documentCacheKey,
  freshCachedDocument,
  getCachedPage,
  invalidateJobBoardCache,
  JOB_BOARD_CACHE_CONTROL,
  JOB_BOARD_CACHE_TTL_MS,
  NONCE_PLACEHOLDER,
  renderOnce,
} from "./job-board-cache.server";

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
    accept: "text/html,application/xhtml+xml",
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

  it("keys anonymous document requests like the route middleware, and nothing else", () => {
    expect(documentCacheKey(lookup)).toBe("document /jobs?q=engineer%20berlin");
    expect(documentCacheKey({ ...lookup, url: "/jobs?q=engineer berlin" })).toBe("document /jobs?q=engineer%20berlin");
    expect(documentCacheKey({ ...lookup, cookie: "better-auth.session_token=x" })).toBeUndefined();
    expect(documentCacheKey({ ...lookup, accept: "*/*" })).toBeUndefined();
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
