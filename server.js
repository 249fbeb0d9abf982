// The HTTP server: Express around the React Router request handler.
// `NODE_ENV=production node server.js` serves the build; `node server.js --dev` runs Vite in middleware mode.
// On PostgreSQL, WEB_CONCURRENCY=N (or "auto": one per core) runs N such servers as processes sharing
// the port (node:cluster), because one Node process renders on one core; see decision 075.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import express from "express";

const DEVELOPMENT = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";

/** How many server processes to run: WEB_CONCURRENCY, on PostgreSQL only (the embedded database serves one process). */
function processCount() {
  const raw = process.env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  const count = raw === "auto" ? availableParallelism() : Number(raw);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`WEB_CONCURRENCY must be a whole number of processes (1 or more) or "auto"; it is "${raw}".`);
    process.exit(1);
  }
  if (count > 1 && DEVELOPMENT) {
    console.warn("WEB_CONCURRENCY is ignored in development: one process runs Vite and the app.");
    return 1;
  }
  if (count > 1 && !process.env.DATABASE_URL) {
    console.warn(`WEB_CONCURRENCY=${raw} is ignored: the embedded database serves one process. Set DATABASE_URL (PostgreSQL) to run several.`);
    return 1;
  }
  return count;
}

const processes = cluster.isPrimary ? processCount() : 1;
if (processes > 1) superviseServers(processes);
else await serve();

/**
 * The primary process of WEB_CONCURRENCY=N. It serves nothing itself: it starts one server, and the
 * others once that one listens (so the migrations and a first seed run once, before the rest start);
 * replaces a server that dies after it came up; exits 1 when one cannot start; and on SIGTERM or
 * SIGINT stops them all, each finishing its open requests first.
 */
function superviseServers(count) {
  console.log(`Starting ${count} server processes on one PostgreSQL database (WEB_CONCURRENCY).`);
  const listening = new Set();
  let stopping = false;
  let exitCode = 0;
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  cluster.fork().once("listening", () => {
    for (let i = 1; i < count; i++) cluster.fork();
  });
  cluster.on("listening", (worker) => listening.add(worker.id));
  cluster.on("exit", (worker, code, signal) => {
    const cameUp = listening.delete(worker.id);
    if (!stopping && cameUp) {
      console.error(`Server process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another.`);
      cluster.fork();
      return;
    }
    if (!stopping) {
      console.error(`Server process ${worker.process.pid} could not start (${signal ?? `code ${code}`}); stopping the others.`);
      exitCode = 1;
      stopAll();
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });
  const onSignal = (signal) => {
    if (stopping) return;
    console.log(`${signal} received: stopping the server processes.`);
    stopAll();
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
}

/** One server: Express around the app, and a graceful shutdown. */
async function serve() {
  const server = express();
  server.disable("x-powered-by");
  let appModule;
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
    // Pages and data are compressed per answer (server/compression.ts).
    server.use(appModule.compressAnswers());
    server.use(viteDevServer.middlewares);
    server.use(async (req, res, next) => {
      try {
        const source = await viteDevServer.ssrLoadModule("./server/app.ts");
        source.edge(req, res, (error) => (error ? next(error) : source.app(req, res, next)));
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    appModule = await import("./build/server/index.js");
    // Pages and data are compressed per answer (server/compression.ts).
    server.use(appModule.compressAnswers());
    // Security headers and the refusals of the edge apply to static files too.
    server.use(appModule.edge);
    // The files of build/client, listed once: other paths reach the pages without a look at the disk.
    // Fingerprinted /assets are cached for a year and sent as the .br or .gz the build stored.
    server.use(appModule.staticFiles("build/client"));
    server.use(appModule.app);
  }

  // Whose X-Forwarded-For to believe: by default only a proxy on this machine. Rate limiting keys on req.ip.
  try {
    server.set("trust proxy", appModule.parseTrustProxy(process.env.TRUST_PROXY));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  try {
    await appModule.start();
  } catch (error) {
    // Another process holds the embedded database directory: say which, and refuse to start.
    console.error(error?.code === "DATA_DIR_LOCKED" ? `Cannot start: ${error.message}` : error);
    process.exit(1);
  }

  const listener = server.listen(PORT, HOST, () => {
    console.log(`OpenHire is listening on http://localhost:${PORT}`);
  });

  let stopping = false;
  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then closing the database.`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    listener.close(async () => {
      await appModule.stop();
      process.exit(0);
    });
    listener.closeIdleConnections?.();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
