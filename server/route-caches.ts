/*
 * React Router's per-request route work on the server, done once (decision 138). React Router calls
 * these from its own code where the server build patches it (route-caches-plugin.ts); nothing of
 * ours calls them. On every page, <ServerRouter> built the route objects anew from the build's
 * manifest (createServerRoutes) and its static router converted them again (createStaticRouter),
 * though both depend on the build alone; and every request matched its address against each of the
 * 112 route branches in turn, twice (the handler's match and the static handler's). Together about
 * 1 ms of a page's 7 to 9 ms of server CPU.
 */

interface ManifestRoute {
  id: string;
}

interface ServerRoutesEntry<Routes> {
  routes: Routes;
  /** The route modules the routes were built from, by route id: a new build (dev) builds them again. */
  modules: Map<string, unknown>;
  future: unknown;
  isSpaMode: boolean;
}

const serverRoutesOf = new WeakMap<object, ServerRoutesEntry<unknown>>();

/**
 * `createServerRoutes(manifest, routeModules, future, isSpaMode)` of one build, made once: the
 * routes hold the route modules' components and no state of a request. Made again when any of its
 * inputs is another (the development server's next build).
 */
export function serverRoutesOnce<Routes>(
  create: () => Routes,
  manifest: Record<string, ManifestRoute | undefined>,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: boolean,
): Routes {
  const entry = serverRoutesOf.get(manifest) as ServerRoutesEntry<Routes> | undefined;
  if (entry && entry.future === future && entry.isSpaMode === isSpaMode && sameModules(entry.modules, manifest, routeModules)) return entry.routes;
  const routes = create();
  const modules = new Map(Object.keys(manifest).map((id) => [id, routeModules[id]]));
  serverRoutesOf.set(manifest, { routes, modules, future, isSpaMode });
  return routes;
}

function sameModules(modules: Map<string, unknown>, manifest: Record<string, unknown>, routeModules: Record<string, unknown>) {
  let count = 0;
  for (const id in manifest) {
    if (!modules.has(id) || modules.get(id) !== routeModules[id]) return false;
    count++;
  }
  return count === modules.size;
}

interface DataRoutes<Routes> {
  manifest: Record<string, unknown>;
  dataRoutes: Routes;
}

const dataRoutesOf = new WeakMap<object, DataRoutes<unknown>>();

/**
 * The static router's conversion of `routes` (`convertRoutesToDataRoutes` filling `manifest`), once
 * per routes array. The static router only reads them: every method that would change its routes
 * throws on the server.
 */
export function dataRoutesOnce<Routes>(routes: object, convert: (manifest: Record<string, unknown>) => Routes): DataRoutes<Routes> {
  let entry = dataRoutesOf.get(routes) as DataRoutes<Routes> | undefined;
  if (!entry) {
    const manifest: Record<string, unknown> = {};
    entry = { manifest, dataRoutes: convert(manifest) };
    dataRoutesOf.set(routes, entry);
  }
  return entry;
}

interface Branch {
  /** The branch's whole address pattern ("/applications/:id", "/" or "" for the root). */
  path: string;
}

interface BranchIndex<B> {
  /** For each fixed first segment (lower case), the branches that can match an address starting with it. */
  bySegment: Map<string, readonly B[]>;
  /** The branches that can match any first segment: a parameter, an optional segment or a splat. */
  open: readonly B[];
}

const branchIndexOf = new WeakMap<readonly Branch[], BranchIndex<Branch>>();

/** The first segment of an address or of a pattern: "applications" of "/applications/:id", "" of "/". */
export function firstSegment(path: string): string {
  const start = path.charCodeAt(0) === 47 ? 1 : 0;
  const end = path.indexOf("/", start);
  return path.slice(start, end === -1 ? path.length : end);
}

/** A pattern's first segment that is not one fixed word: `:param`, `word?` or a splat. */
const isOpen = (segment: string) => segment.startsWith(":") || segment.endsWith("?") || segment.includes("*");

/**
 * The branches, in their order, that can match `pathname` (decoded, as React Router matches it):
 * those whose first segment is the address's own (letter case aside) or open. A branch left out
 * cannot match, so the first match among these is the first match among all of them. An address
 * with an empty segment ("//…") is matched against every branch, as React Router would.
 */
export function branchesFor<B extends Branch>(branches: readonly B[], pathname: string): readonly B[] {
  if (pathname.charCodeAt(0) !== 47 || pathname.includes("//")) return branches;
  let index = branchIndexOf.get(branches) as BranchIndex<B> | undefined;
  if (!index) {
    index = indexBranches(branches);
    branchIndexOf.set(branches, index as BranchIndex<Branch>);
  }
  return index.bySegment.get(firstSegment(pathname).toLowerCase()) ?? index.open;
}

function indexBranches<B extends Branch>(branches: readonly B[]): BranchIndex<B> {
  const segments = new Set<string>();
  for (const branch of branches) {
    const segment = firstSegment(branch.path);
    if (!isOpen(segment)) segments.add(segment.toLowerCase());
  }
  const bySegment = new Map<string, readonly B[]>();
  for (const segment of segments) {
    bySegment.set(
      segment,
      branches.filter((branch) => {
        const own = firstSegment(branch.path);
        return isOpen(own) || own.toLowerCase() === segment;
      }),
    );
  }
  return { bySegment, open: branches.filter((branch) => isOpen(firstSegment(branch.path))) };
}
