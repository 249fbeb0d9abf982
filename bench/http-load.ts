/**
 * What the benches that time pages over HTTP share (bench:staff, bench:candidates with BENCH_HTTP=1):
 * the production server started as `npm run serve` starts it, a recruiter signed in through the
 * sign-in form, and one timed autocannon run of a page whose every answer is checked, with p50, p95
 * and p99 from the time of every answer (autocannon itself reports p90 and p97.5, not the budgets' p95).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { type CpuPerRequest, startCpuCount } from "./process-cpu";

/**
 * Issue 11's budget for every staff page, list and report, and for those the later issues add: at
 * ten users at once, p95 ≤ 100 ms and at least 100 answers a second. The benches judge by this one.
 */
export const STAFF_BUDGET = { connections: 10, p95Ms: 100, rps: 100 } as const;

/** What Chromium sends: pages are timed compressed, as a browser gets them (br from this server). */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

// autocannon appends each chunk of an answer to a string (`body += chunk`), which decodes it as UTF-8
// and garbles compressed bytes. Read as latin1 (one char per byte, lossless), so an answer can be
// decompressed and checked.
const queue = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
  prototype: { addBody(data: Buffer): void; peek(): { body: string } | undefined };
};
queue.prototype.addBody = function addBody(data: Buffer) {
  const request = this.peek();
  if (request) request.body += data.toString("latin1");
};

/** An answer's text from its bytes as read (latin1) and its Content-Encoding. */
function decodeBody(raw: string, encoding: string | undefined): string {
  const bytes = Buffer.from(raw, "latin1");
  switch (encoding?.toLowerCase()) {
    case "br":
      return brotliDecompressSync(bytes).toString("utf8");
    case "gzip":
      return gunzipSync(bytes).toString("utf8");
    case "deflate":
      return inflateSync(bytes).toString("utf8");
    default:
      return bytes.toString("utf8");
  }
}

function headerOf(headers: Record<string, string | string[]>, name: string): string | undefined {
  const key = Object.keys(headers).find((key) => key.toLowerCase() === name);
  const value = key ? headers[key] : undefined;
  return Array.isArray(value) ? value[0] : value;
}

/** The nearest-rank percentile of `values` (ms). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The node flags of `npm run serve` (the heap limits of decision 073), read from package.json. */
function serveFlags(): string[] {
  const serve = JSON.parse(readFileSync("package.json", "utf8")).scripts.serve as string;
  return serve.match(/node ((?:--\S+ )*)server\.js/)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/**
 * Starts the built production server on `databaseUrl` (WEB_CONCURRENCY=auto unless set: one process
 * per core, decision 075) and waits until it answers its health check.
 */
export async function startServer(options: { port: number; databaseUrl: string; secret: string }): Promise<{ base: string; server: ChildProcess }> {
  const base = `http://localhost:${options.port}`;
  const extra = process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...serveFlags(), ...extra, "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      BASE_URL: base,
      DATABASE_URL: options.databaseUrl,
      BETTER_AUTH_SECRET: options.secret,
      SEED_DEMO: "0",
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "auto",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 120) {
      server.kill("SIGTERM");
      throw new Error("The server did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, server };
}

/** Signs in through the sign-in form, as a browser does; the session's Cookie header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email, password, redirectTo: "/dashboard" }),
  });
  if (response.status !== 302) throw new Error(`Sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** autocannon's own p50, p97.5 and p99, printed beside ours as a check. */
  autocannon: [number, number, number];
  /** The mean answer size, bytes (decompressed: what the page holds). */
  bytes: number;
  /** The mean size on the wire, bytes (as compressed for a browser). */
  wireBytes: number;
  answers: number;
  /** Answers that failed `check`, plus autocannon's non-2xx, errors and timeouts. */
  errors: number;
  /** The first few answers that failed `check`: the path asked for, the status and the body's start. */
  wrong: string[];
  /** CPU a request of the timed run, by who spent it (given the server's process, on Linux). */
  cpu?: CpuPerRequest;
}

/**
 * `connections` at once for `seconds` after `warmup` seconds untimed (every server process compiles
 * its code first), request i asking for `path(i)` (so no answer repeats often enough for a cache to
 * hide the work) and its answer held to `check(i, status, body)`.
 */
export async function timeLoad(options: {
  base: string;
  /** The session's Cookie header; none for a page without one (a candidate's scheduling link). */
  cookie?: string;
  path: (i: number) => string;
  check: (i: number, status: number, body: string) => boolean;
  seconds: number;
  warmup: number;
  connections?: number;
  /** The server started by `startServer`: its processes' CPU is counted, with PostgreSQL's and the bench's. */
  server?: ChildProcess;
}): Promise<LoadResult> {
  const connections = options.connections ?? 10;
  const headers: Record<string, string> = { ...(options.cookie ? { cookie: options.cookie } : {}), "accept-encoding": BROWSER_ACCEPT_ENCODING };
  let n = 0;
  let errors = 0;
  const wrong: string[] = [];
  const noteWrong = (i: number, status: number, why: string) => {
    if (wrong.length < 3) wrong.push(`${options.path(i)} answered ${status}: ${why}`);
  };
  let bytes = 0;
  let wireBytes = 0;
  const latencies: number[] = [];
  // Every answer as read, checked once the timed run is over: decompressing and searching a page took
  // the bench's one process about as long as a static file takes the server, on the cores the server
  // and PostgreSQL are timed on, and delayed the answers that arrived meanwhile (decision 144).
  const answers: { i: number; status: number; raw: string; encoding: string | undefined }[] = [];
  if (options.warmup > 0) {
    await autocannon({
      url: options.base,
      connections,
      duration: options.warmup,
      headers,
      requests: [{ setupRequest: (request) => ({ ...request, method: "GET", path: options.path(n++) }) }],
    });
  }
  const countCpu = startCpuCount(options.server?.pid);
  const run = await autocannon({
    url: options.base,
    connections,
    duration: options.seconds,
    headers,
    requests: [
      {
        setupRequest: (request, context) => {
          const i = n++;
          context.i = i;
          context.sent = performance.now();
          return { ...request, method: "GET", path: options.path(i) };
        },
        // The answer's headers: autocannon passes them as a fourth argument its types leave out.
        onResponse: (status: number, raw: string, context: Record<string, unknown>, responseHeaders?: Record<string, string | string[]>) => {
          // From building the request to its whole answer read (one request at a time per connection).
          latencies.push(performance.now() - (context.sent as number));
          wireBytes += raw.length;
          answers.push({ i: context.i as number, status, raw, encoding: headerOf(responseHeaders ?? {}, "content-encoding") });
        },
      },
    ],
  });
  const cpu = countCpu?.(latencies.length);
  for (const answer of answers) {
    let body: string;
    try {
      body = decodeBody(answer.raw, answer.encoding);
    } catch {
      errors++;
      noteWrong(answer.i, answer.status, "a body that does not decode");
      continue;
    }
    bytes += Buffer.byteLength(body);
    if (!options.check(answer.i, answer.status, body)) {
      errors++;
      // A page from its main content (its head is the same on every page), data as it is.
      noteWrong(answer.i, answer.status, JSON.stringify(body.slice(Math.max(0, body.indexOf("<main")), 400)));
    }
  }
  return {
    rps: run.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    autocannon: [run.latency.p50, run.latency.p97_5, run.latency.p99],
    bytes: latencies.length ? bytes / latencies.length : 0,
    wireBytes: latencies.length ? wireBytes / latencies.length : 0,
    answers: latencies.length,
    errors: errors + run.non2xx + run.errors + run.timeouts,
    wrong,
    cpu,
  };
}

/** The PostgreSQL server the benches make their own databases on. */
export const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A bench's own database on the server of BENCH_DATABASE_URL, by `name`: kept and reused when it
 * carries the mark `seeded` (its comment, written by the bench once seeded: `seededMarkSql`), else
 * dropped and created empty; BENCH_RESEED=1 always seeds anew.
 */
export async function benchDatabase(name: string, seeded: string): Promise<{ databaseUrl: string; reuse: boolean }> {
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await admin.connect();
  try {
    const [found] = (await admin.query("select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1", [name])).rows as {
      comment: string | null;
    }[];
    const reuse = found?.comment === seeded && process.env.BENCH_RESEED !== "1";
    if (!reuse) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
    return { databaseUrl: url.toString(), reuse };
  } finally {
    await admin.end();
  }
}

/** The statement that marks a bench's database as seeded with `seeded` (run it last, once the data is in). */
export const seededMarkSql = (name: string, seeded: string) => `comment on database ${name} is '${seeded}'`;
