import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/*
 * The server build's three edits to React Router (decision 138): its per-request route work made
 * once, by the helpers in route-caches.ts. React Router is bundled into the server build for this
 * (vite.config.ts), so the edits are made as it is built, never to node_modules; the browser's copy
 * is React Router's own. Each edit names the exact text it replaces: when an upgrade of React Router
 * changes that text, the build stops and says which edit to look at again.
 */

const HELPERS = fileURLToPath(new URL("./route-caches.ts", import.meta.url));
const HELPERS_NAME = "__openhireRouteCaches";

interface Edit {
  name: string;
  find: string;
  replace: string;
}

export const EDITS: readonly Edit[] = [
  {
    // <ServerRouter>'s call, createServerRoutes(manifest, routeModules, future, isSpaMode), answered
    // once per build; the function's own recursive calls (with a parent id) go to the original.
    name: "createServerRoutes once per build",
    find: 'function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "", routesByParentId = groupRoutesByParentId(manifest), spaModeLazyPromise = Promise.resolve({ Component: () => null })) {',
    replace: `function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId, routesByParentId, spaModeLazyPromise) {
  if (parentId !== void 0 || routesByParentId !== void 0 || spaModeLazyPromise !== void 0) return createServerRoutesUncached(manifest, routeModules, future, isSpaMode, parentId, routesByParentId, spaModeLazyPromise);
  return ${HELPERS_NAME}.serverRoutesOnce(() => createServerRoutesUncached(manifest, routeModules, future, isSpaMode), manifest, routeModules, future, isSpaMode);
}
function createServerRoutesUncached(manifest, routeModules, future, isSpaMode, parentId = "", routesByParentId = groupRoutesByParentId(manifest), spaModeLazyPromise = Promise.resolve({ Component: () => null })) {`,
  },
  {
    // The static router's conversion of those routes, once per routes array.
    name: "createStaticRouter's data routes once",
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `function createStaticRouter(routes, context, opts = {}) {
  let { manifest, dataRoutes } = ${HELPERS_NAME}.dataRoutesOnce(routes, (manifest2) => convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest2
  ));`,
  },
  {
    // Matching against the handler's ranked branches tries only those that can match the address's
    // first segment, in the same order.
    name: "matchRoutesImpl by first segment",
    find: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);`,
    replace: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  if (precomputedBranches && !allowPartial) branches = ${HELPERS_NAME}.branchesFor(branches, decoded);`,
  },
];

/** The module that holds all three: the one defining createServerRoutes. */
const TARGET = "function createServerRoutes(";

/**
 * `code` with every edit made, when it is the React Router module they belong to; undefined when it
 * is not. Throws when it is, and an edit's text is not there exactly once.
 */
export function editReactRouter(code: string, helpers = HELPERS): string | undefined {
  if (!code.includes(TARGET)) return undefined;
  let edited = code;
  for (const edit of EDITS) {
    const at = edited.indexOf(edit.find);
    if (at === -1 || edited.indexOf(edit.find, at + 1) !== -1) {
      throw new Error(
        `React Router's code has changed: the edit "${edit.name}" (server/route-caches-plugin.ts, decision 138) no longer finds its text exactly once. Look at React Router's new code and write the edit again, or drop it.`,
      );
    }
    edited = edited.slice(0, at) + edit.replace + edited.slice(at + edit.find.length);
  }
  return `${edited}\nimport * as ${HELPERS_NAME} from ${JSON.stringify(helpers)};\n`;
}

/** The Vite plugin: makes the edits in the server build's React Router, and fails a build without them. */
export function reactRouterRouteCaches(): Plugin {
  let edited = false;
  return {
    name: "openhire:react-router-route-caches",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      const result = editReactRouter(code);
      if (result === undefined) return null;
      edited = true;
      return { code: result, map: null };
    },
    buildEnd(error) {
      if (!error && this.environment.mode === "build" && !edited) {
        this.error("The server build did not bundle React Router's route code, so the route caches of decision 138 were not made (vite.config.ts bundles react-router for them).");
      }
    },
  };
}
