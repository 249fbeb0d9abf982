import { type EntryContext, matchPath } from "react-router";

type Branches = EntryContext["branches"];
const documentBranchesOf = new WeakMap<Branches, Branches>();

/** A branch's address has no parameter, optional segment or splat: it matches that one address only. */
const isStatic = (branch: Branches[number]) => !/[:*?]/.test(branch.path);
const segmentCount = (branch: Branches[number]) => branch.path.split("/").filter(Boolean).length;

/**
 * React Router's route branches in the order <ServerRouter> is given them (decision 136). It matches
 * them for one thing only: the routes of the page's address and of each address above it ("/",
 * "/manage/jobs" for a board), for the route manifest it writes into the page. In React Router's
 * order, from the most specific, "/" came last: matching it tried each of the 112 branches first, on
 * every page (7 % of the candidates list's server time). Here the branches whose address is fixed
 * come first, shortest first: each matches its one address only, so putting them first changes the
 * answer for no address. That is checked once, against React Router's own order, for every fixed
 * address; where two orders would answer differently, React Router's is kept. The request handler's
 * own matching keeps React Router's order.
 */
export function documentBranches(branches: Branches): Branches {
  let ordered = documentBranchesOf.get(branches);
  if (ordered) return ordered;
  // Array.prototype.sort is stable: branches of the same address keep React Router's order.
  const fixed = branches.filter(isStatic).sort((a, b) => segmentCount(a) - segmentCount(b));
  ordered = [...fixed, ...branches.filter((branch) => !isStatic(branch))];
  const firstMatch = (list: Branches, path: string) =>
    list.find((branch) => matchPath({ path: branch.path, caseSensitive: branch.routesMeta.some((meta) => meta.caseSensitive), end: true }, path));
  const changed = fixed.find((branch) => firstMatch(ordered!, branch.path) !== firstMatch(branches, branch.path));
  if (changed) {
    console.warn(`Pages match their routes in React Router's order: "${changed.path}" would find another route with fixed addresses first (decision 136).`);
    ordered = branches;
  }
  documentBranchesOf.set(branches, ordered);
  return ordered;
}
