// The HTTP server: Express around the React Router request handler.
// `NODE_ENV=production node server.js` serves the build; `node server.js --dev` runs Vite in middleware mode.
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";

const server = express();
server.disable("x-powered-by");
server.use(compression());

let appModule;
if (DEVELOPMENT) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
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
