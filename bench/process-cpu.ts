/**
 * CPU time per request, by who spent it: the server's processes, PostgreSQL's and the bench's own
 * (autocannon runs in the bench's process). Read from Linux's /proc before and after a timed run
 * (decision 140). Where req/s and p95 move 10–25 % between runs on a shared two-core machine, CPU a
 * request holds to a few per cent, and it says what a budget asks: at 100 req/s on two cores, the
 * server, the database and the load generator together have 20 ms a request.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type ProcessStat, processStats } from "../tests/helpers/server-process";

export interface CpuPerRequest {
  /** ms of CPU a request in the server's processes (the one started and every process under it). */
  server: number;
  /** ms in processes named `postgres` on this machine (every backend and PostgreSQL's own workers). */
  database: number;
  /** ms in the bench's own process: the load generator, decompressing and checking the answers. */
  bench: number;
}

/** The ticks of `root` and every process under it, and of every process named `postgres`. */
export function tally(stats: readonly ProcessStat[], root: number): { server: number; database: number } {
  const children = new Map<number, ProcessStat[]>();
  for (const stat of stats) {
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  let server = 0;
  const seen = new Set<number>();
  const queue = stats.filter((stat) => stat.pid === root);
  while (queue.length > 0) {
    const stat = queue.pop()!;
    if (seen.has(stat.pid)) continue;
    seen.add(stat.pid);
    server += stat.ticks;
    queue.push(...(children.get(stat.pid) ?? []));
  }
  const database = stats.filter((stat) => stat.name === "postgres").reduce((sum, stat) => sum + stat.ticks, 0);
  return { server, database };
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * Starts counting: call the returned function after the timed run with the number of answers for the
 * CPU a request. Undefined where there is no /proc (the bench then prints no CPU figures).
 */
export function startCpuCount(serverPid: number | undefined): ((answers: number) => CpuPerRequest) | undefined {
  if (serverPid === undefined || !existsSync("/proc/self/stat")) return undefined;
  const before = tally(processStats(), serverPid);
  const benchBefore = process.cpuUsage();
  return (answers) => {
    const after = tally(processStats(), serverPid);
    const bench = process.cpuUsage(benchBefore);
    const perRequest = (ticks: number) => (answers > 0 ? (ticks * 1000) / clockTicks() / answers : Number.NaN);
    return {
      server: perRequest(after.server - before.server),
      database: perRequest(after.database - before.database),
      bench: answers > 0 ? (bench.user + bench.system) / 1000 / answers : Number.NaN,
    };
  };
}
