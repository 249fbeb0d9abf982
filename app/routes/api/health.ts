import { sql } from "drizzle-orm";
import { appDatabase } from "~/server/platform/db.server";

/** For load balancers: 200 when the database answers, 503 when it does not. */
export async function loader() {
  const started = performance.now();
  try {
    await appDatabase().execute(sql`select 1`);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return Response.json(
      { status: "ok", database: { status: "ok", latencyMs }, time: new Date().toISOString() },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    console.error("Health check: the database did not answer:", error);
    return Response.json(
      { status: "error", database: { status: "unreachable" }, time: new Date().toISOString() },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
