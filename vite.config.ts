import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { reactRouterRouteCaches } from "./server/route-caches-plugin.ts";

/**
 * The CV text-extraction worker as a file of its own in the server build (build/server/cv-text-worker.js),
 * and its URL written into extract-text.server.ts in place of a marker, relative to whichever chunk
 * holds that module. A worker thread needs a file to start from, and a path written by hand would not
 * survive bundling (decision 082). Not `import.meta.ROLLUP_FILE_URL_`: Vite turns that into a URL of
 * the site, and React Router then moves the file to the public build/client as if it were an asset.
 */
function cvTextWorker(): Plugin {
  const source = fileURLToPath(new URL("./app/server/cvs/extract-worker.server.ts", import.meta.url));
  const fileName = "cv-text-worker.js";
  const marker = /(["'])__OPENHIRE_CV_TEXT_WORKER_URL__\1/;
  return {
    name: "openhire:cv-text-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      this.emitFile({ type: "chunk", id: source, fileName });
    },
    renderChunk(code, chunk) {
      if (!marker.test(code)) return null;
      const relative = path.posix.relative(path.posix.dirname(chunk.fileName), fileName);
      const url = `new URL(${JSON.stringify(relative.startsWith(".") ? relative : `./${relative}`)}, import.meta.url).href`;
      return { code: code.replace(marker, url), map: null };
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    // The server build's entry is our Express app, which wraps the React Router handler. React Router
    // is bundled into it, so that its per-request route work can be made once (decision 138).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } }, resolve: { noExternal: ["react-router"] } },
  },
  plugins: [tailwindcss(), reactRouter(), cvTextWorker(), reactRouterRouteCaches()],
});
