import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The production server is started from the build: the process and browser tests run after `npm run build`. */
export function assertBuilt() {
  if (!existsSync("build/server/index.js")) {
    throw new Error("The process tests start the production server: run `npm run build` first.");
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited and its output is read. */
  exited: Promise<number | null>;
  /** Polls /api/health until it answers 200; fails if the process exits first. */
  healthy(): Promise<void>;
  /** SIGTERM (the graceful shutdown), then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `node server.js` on the production build, on a free port, with `env` over a clean environment. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  assertBuilt();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // Nothing of the test runner's own settings (DATABASE_URL, RATE_LIMIT_MULTIPLIER, …) leaks in.
  const { PATH, HOME, TMPDIR } = process.env;
  const child = spawn(process.execPath, ["server.js"], {
    env: { PATH, HOME, TMPDIR, NODE_ENV: "production", PORT: String(port), BASE_URL: url, SEED_DEMO: "0", ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  // "close": the process has exited and everything it printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  return {
    url,
    pid: child.pid!,
    child,
    output: () => log,
    exited,
    async healthy() {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (exitCode !== undefined) throw new Error(`The server on ${url} exited early (code ${exitCode}):\n${log}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // Not listening yet.
        }
        // Poll until it answers (a start takes seconds; this is not waiting for a fixed time).
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 200))]);
      }
      throw new Error(`The server on ${url} did not become healthy:\n${log}`);
    },
    async stop(signal = "SIGTERM") {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
}

/** The PIDs of the processes whose parent is `pid`, read from /proc. */
export function childrenOf(pid: number): number[] {
  return processStats()
    .filter((stat) => stat.ppid === pid)
    .map((stat) => stat.pid)
    .sort((a, b) => a - b);
}

/** One line of /proc/<pid>/stat: its parent, its name and its CPU so far (user + system, clock ticks). */
export interface ProcessStat {
  pid: number;
  ppid: number;
  name: string;
  ticks: number;
}

/**
 * Parses /proc/<pid>/stat. The name is between the first "(" and the last ")": a process may name
 * itself with spaces and parentheses. After it come state, ppid, … utime (14th field) and stime (15th).
 */
export function parseStat(line: string): ProcessStat | undefined {
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  const rest = line.slice(close + 2).split(" ");
  const ticks = Number(rest[11]) + Number(rest[12]);
  const stat = { pid: Number(line.slice(0, open)), ppid: Number(rest[1]), name: line.slice(open + 1, close), ticks };
  return Number.isFinite(stat.pid) && Number.isFinite(stat.ppid) && Number.isFinite(ticks) ? stat : undefined;
}

/** Every process's stat line, read from /proc (Linux). */
export function processStats(): ProcessStat[] {
  const stats: ProcessStat[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${entry}/stat`, "utf8"));
      if (stat) stats.push(stat);
    } catch {
      // The process ended while we looked.
    }
  }
  return stats;
}
