// What the production server sends over HTTP (decisions 070–073): stored compressed assets, pages
// compressed as a whole, and the job-board cache answering whatever a client accepts.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../helpers/server-process";

let server: ServerProcess;
const dataDir = mkdtempSync(join(tmpdir(), "openhire-http-"));

beforeAll(async () => {
  server = await startServer({ PGLITE_DIR: dataDir, SEED_DEMO: "1" });
  await server.healthy();
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A GET with exactly these headers, the body as sent (not decompressed). */
function rawGet(path: string, headers: Record<string, string> = {}) {
  // The path as written ("//jobs" too), not resolved against the server's address.
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request({ hostname, port, path, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(parts) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("immutable assets", () => {
  const assets = "build/client/assets";
  const entry = readdirSync(assets).find((name) => /^entry\.client-.*\.js$/.test(name))!;

  it("are stored compressed by the build", () => {
    expect(entry).toBeDefined();
    expect(readdirSync(assets)).toEqual(expect.arrayContaining([`${entry}.br`, `${entry}.gz`]));
  });

  it("are sent as the stored brotli or gzip bytes, typed and cached for a year", async () => {
    for (const [accept, encoding, file] of [
      ["gzip, deflate, br", "br", `${entry}.br`],
      ["gzip", "gzip", `${entry}.gz`],
    ] as const) {
      const answer = await rawGet(`/assets/${entry}`, { "accept-encoding": accept });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      // The stored bytes, not compressed a second time.
      expect(answer.body.equals(readFileSync(join(assets, file)))).toBe(true);
    }
    const decoded = brotliDecompressSync((await rawGet(`/assets/${entry}`, { "accept-encoding": "br" })).body);
    expect(decoded.equals(readFileSync(join(assets, entry)))).toBe(true);
    const plain = await rawGet(`/assets/${entry}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(readFileSync(join(assets, entry)))).toBe(true);
  });

  it("leave public files and pages as they were", async () => {
    const favicon = await rawGet("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await rawGet("/robots.txt")).body.toString()).toContain("Sitemap:");
    expect((await rawGet("/assets/missing-file.js")).status).toBe(404);
  });
});

describe("streamed pages", () => {
  it("compress about as well as the same page compressed at once", async () => {
    for (const path of ["/", "/pricing", "/jobs"]) {
      const answer = await rawGet(path, { accept: "text/html", "accept-encoding": "gzip" });
      expect(answer.headers["content-encoding"], path).toBe("gzip");
      const page = gunzipSync(answer.body);
      expect(page.toString(), path).toContain("</html>");
      expect(answer.body.length, path).toBeLessThan(gzipSync(page).length * 1.1);
      // Nothing tells a visitor which server framework answers.
      expect(answer.headers["x-powered-by"], path).toBeUndefined();
    }
  });
});

describe("pages rendered to a string (decision 128)", () => {
  it("carry React Router's data for the browser, whole, in scripts with the page's nonce", async () => {
    for (const path of ["/", "/jobs", "/login"]) {
      const answer = await rawGet(path, { accept: "text/html" });
      expect(answer.status, path).toBe(200);
      const page = answer.body.toString();
      expect(page.startsWith("<!DOCTYPE html><html"), path).toBe(true);
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
      expect(nonce, path).toBeTruthy();
      // The data, read to its end before rendering: one chunk, then the stream is closed.
      const scripts = [...page.matchAll(/<script nonce="([^"]*)">(window\.__reactRouterContext\.streamController\.[^<]*)<\/script>/g)];
      expect(
        scripts.map((script) => script[2]!.replace(/enqueue\(.*\);$/s, "enqueue(…);")),
        path,
      ).toEqual(["window.__reactRouterContext.streamController.enqueue(…);", "window.__reactRouterContext.streamController.close();"]);
      expect(scripts.every((script) => script[1] === nonce), path).toBe(true);
      expect(scripts[0]![2], path).toContain("loaderData");
      // Nothing was left for the browser to render (a suspended boundary).
      expect(page, path).not.toContain("<!--$!-->");
    }
  });
});

describe("React Router's route work done once (decision 138)", () => {
  it("is built into the server: the build's React Router carries the three edits", () => {
    const bundle = readFileSync("build/server/index.js", "utf8");
    expect(bundle).toContain("serverRoutesOnce(() => createServerRoutesUncached(");
    expect(bundle).toContain("dataRoutesOnce(routes, (manifest2) => convertRoutesToDataRoutes(");
    expect(bundle).toContain("branches = branchesFor(branches, decoded)");
  });

  it("routes every address as React Router does: letter case, trailing slashes, unknown and doubled segments", async () => {
    const expected: Record<string, number> = {
      "/": 200,
      "/jobs": 200,
      "/JOBS": 200,
      "/jobs/": 200,
      "/jobs?page=2": 200,
      "/jobs.data": 200,
      "/Login": 200,
      "/api/health": 200,
      "/robots.txt": 200,
      "/no-such-page": 404,
      "/no-such/deeper": 404,
      "//jobs": 404,
      "/_root.data": 404,
      "/manage/jobs": 302,
      "/Applications": 302,
    };
    for (const [path, status] of Object.entries(expected)) {
      const answer = await rawGet(path, { accept: "text/html" });
      expect(answer.status, path).toBe(status);
    }
    // Two pages in a row each render their own routes (the route objects are shared between them).
    expect((await rawGet("/jobs", { accept: "text/html" })).body.toString()).toContain('id="main"');
    expect((await rawGet("/login", { accept: "text/html" })).body.toString()).toMatch(/type="password"/);
  });
});

describe("the job-board cache", () => {
  it("answers a GET that does not ask for HTML (curl, crawlers) from the cache", async () => {
    await rawGet("/jobs?q=engineer");
    const second = await rawGet("/jobs?q=engineer", { "user-agent": "curl/8.5.0" });
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.headers["content-type"]).toMatch(/^text\/html/);
    expect(second.body.toString()).toContain("</html>");
  });

  it("never answers a data request with the cached page", async () => {
    await rawGet("/jobs?page=1", { accept: "text/html" });
    const requests: Record<string, string>[] = [{}, { accept: "text/html" }, { accept: "*/*", "sec-fetch-dest": "empty" }];
    for (const headers of requests) {
      const data = await rawGet("/jobs.data?page=1", headers);
      expect(data.status).toBe(200);
      expect(data.headers["content-type"]).not.toMatch(/text\/html/);
      expect(data.body.toString()).not.toContain("<html");
    }
  });
});

describe("staff pages of Latin-1 text (decision 133)", () => {
  it("hold no other character of their own, so the server builds them as one-byte strings", async () => {
    const login = /Demo staff login: (\S+) \/ (\S+)/.exec(server.output());
    expect(login).not.toBeNull();
    const signIn = await fetch(new URL("/login", server.url), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ email: login![1]!, password: login![2]!, redirectTo: "/dashboard" }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const page = async (path: string) => {
      const answer = await rawGet(path, { accept: "text/html", cookie });
      expect(answer.status, path).toBe(200);
      return answer.body.toString("utf8");
    };
    // The demo's candidates and jobs are written in Latin-1, so these pages are too, glyphs and all: one
    // arrow or drag handle outside it made V8 build the pipeline's 180 KB as two bytes a character.
    const jobs = await page("/manage/jobs");
    // The first of the demo's jobs whose pipeline has candidates.
    let jobId = "";
    let pipeline = "";
    for (const [, id] of jobs.matchAll(/href="\/manage\/jobs\/([0-9a-f-]{36})"/g)) {
      pipeline = await page(`/manage/jobs/${id}`);
      jobId = id!;
      if (pipeline.includes('data-testid="pipeline-card"')) break;
    }
    expect(pipeline).toContain('data-testid="pipeline-card"');
    for (const [path, html] of [
      ["/manage/jobs", jobs],
      [`/manage/jobs/${jobId}`, pipeline],
      ["/dashboard", await page("/dashboard")],
      ["/applications", await page("/applications")],
      ["/candidates", await page("/candidates")],
      // The reports' Pipeline, speed and team views: a share with nothing to take it from is
      // `NoValue`'s dash there too (decision 133).
      ["/reports", await page("/reports")],
      ["/reports?view=speed", await page("/reports?view=speed")],
      ["/reports?view=team", await page("/reports?view=team")],
    ] as const) {
      const outside = [...new Set([...html].filter((character) => character.charCodeAt(0) > 0xff))];
      expect(outside, path).toEqual([]);
    }
  });
});

// Last: it stops the server to read everything it printed.
describe("static files when the client goes away", () => {
  it("are not logged as errors when the client goes away before they are sent", async () => {
    const entry = readdirSync("build/client/assets").find((name) => /^entry\.client-.*\.js$/.test(name))!;
    // Load generators and browsers drop connections mid-request; that is not a server error.
    await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(new URL(server.url).port), "127.0.0.1", () => {
              socket.write(`GET /assets/${entry} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n`);
              setImmediate(() => socket.destroy());
            });
            socket.on("error", () => undefined);
            socket.on("close", () => resolve());
          }),
      ),
    );
    // The server still answers; once it has stopped (and all it printed is read), it said nothing of them.
    expect((await rawGet("/favicon.svg")).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toContain("Request aborted");
  });
});
