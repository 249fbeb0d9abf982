// Starts the extraction worker from its TypeScript source, for vitest, tsx and the development
// server: Node 20 does not run TypeScript, so the worker first registers tsx's loader. The server
// build runs the bundled build/server/cv-text-worker.js instead (vite.config.ts, `cvTextWorker`).
import { register } from "tsx/esm/api";

register();
await import("./extract-worker.server.ts");
