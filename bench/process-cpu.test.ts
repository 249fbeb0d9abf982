import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { parseStat } from "../tests/helpers/server-process";
import { startCpuCount, tally } from "./process-cpu";

describe("parseStat", () => {
  it("reads the parent, the name and user + system ticks, whatever the name holds", () => {
    const line = "4242 (node (worker) 1) S 4200 4242 4242 0 -1 4194560 100 0 0 0 731 129 0 0 20 0 11 0 9000 1000 200";
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 4200, name: "node (worker) 1", ticks: 860 });
  });

  it("refuses a line that is not a stat line", () => {
    expect(parseStat("")).toBeUndefined();
    expect(parseStat("12 (x) S")).toBeUndefined();
  });
});

describe("tally", () => {
  it("counts the server and every process under it, and every postgres process", () => {
    const stats = [
      { pid: 1, ppid: 0, name: "init", ticks: 1000 },
      { pid: 10, ppid: 1, name: "node", ticks: 5 },
      { pid: 11, ppid: 10, name: "node", ticks: 300 },
      { pid: 12, ppid: 10, name: "node", ticks: 200 },
      { pid: 13, ppid: 11, name: "sh", ticks: 7 },
      { pid: 20, ppid: 1, name: "node", ticks: 999 },
      { pid: 30, ppid: 1, name: "postgres", ticks: 40 },
      { pid: 31, ppid: 30, name: "postgres", ticks: 60 },
    ];
    expect(tally(stats, 10)).toEqual({ server: 512, database: 100 });
    expect(tally(stats, 99)).toEqual({ server: 0, database: 100 });
  });
});

describe.runIf(process.platform === "linux")("startCpuCount", () => {
  it("counts the CPU a process tree spends between start and end, per answer", async () => {
    // A process that starts a child, which spins for 300 ms of CPU, says so and waits to be stopped.
    const spin = `const end = Date.now() + 300; while (Date.now() < end); console.log("spun"); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["-e", `const c = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(spin)}], { stdio: "inherit" }); process.on("SIGTERM", () => { c.kill(); process.exit(0); });`], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const count = startCpuCount(parent.pid);
      expect(count).toBeDefined();
      await once(parent.stdout!, "data");
      const cpu = count!(2);
      // 300 ms of spinning (and the child's start) over two answers: at least 100 ms each.
      expect(cpu.server).toBeGreaterThanOrEqual(100);
      expect(cpu.database).toBeGreaterThanOrEqual(0);
      expect(cpu.bench).toBeGreaterThanOrEqual(0);
    } finally {
      parent.kill("SIGTERM");
    }
  });

  it("counts nothing without a server process", () => {
    expect(startCpuCount(undefined)).toBeUndefined();
  });
});
