import { sql, type SQLWrapper } from "drizzle-orm";
import { type Queryable, queryRows } from "~/server/platform/db.server";

/** One node of a statement's plan, as `explain (analyze, format json)` gives it. */
export interface PlanNode {
  type: string;
  relation?: string;
  index?: string;
  /** The rows it returned, a loop (as `explain` counts them). */
  rows: number;
  loops: number;
}

/** Runs `statement` under `explain (analyze)` and lists every node of its plan, depth first. */
export async function planNodes(db: Queryable, statement: SQLWrapper): Promise<PlanNode[]> {
  const [row] = await queryRows<{ "QUERY PLAN": unknown }>(db, sql`explain (analyze, format json) ${statement}`);
  const json = row!["QUERY PLAN"];
  const nodes: PlanNode[] = [];
  const visit = (node: Record<string, unknown>) => {
    nodes.push({
      type: String(node["Node Type"]),
      relation: node["Relation Name"] as string | undefined,
      index: node["Index Name"] as string | undefined,
      rows: Number(node["Actual Rows"]),
      loops: Number(node["Actual Loops"]),
    });
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  visit(((typeof json === "string" ? JSON.parse(json) : json) as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return nodes;
}
