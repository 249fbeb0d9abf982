import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCK_FILE_NAME, removeStaleLock } from "~/server/platform/data-dir-lock.server";
import { type DatabaseHandle, openDatabase, queryRows } from "~/server/platform/db.server";

// The lock guards embedded databases on disk; both passes of the integration suite run it on PGlite.
let dataDir: string;
const opened: DatabaseHandle[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "openhire-lock-"));
});

afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

async function open(dir = dataDir) {
  const handle = await openDatabase({ dataDir: dir });
  opened.push(handle);
  return handle;
}

/** The PID of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

/** A process that stays alive until killed. */
function livingProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  return {
    pid: child.pid!,
    async stop() {
      child.kill("SIGKILL");
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

const lockFile = () => path.join(dataDir, LOCK_FILE_NAME);

describe("the embedded database directory lock", () => {
  it("writes the holder's PID and refuses a second open of the same directory, naming the PID and the directory", async () => {
    const first = await open();
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));

    await expect(openDatabase({ dataDir })).rejects.toMatchObject({
      code: "DATA_DIR_LOCKED",
      message: expect.stringContaining(dataDir),
    });
    // The first database is untouched and still answers.
    expect(await queryRows(first.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("refuses a directory held by another live process, naming its PID", async () => {
    const other = livingProcess();
    try {
      writeFileSync(lockFile(), `${other.pid}\n`);
      const attempt = openDatabase({ dataDir });
      await expect(attempt).rejects.toMatchObject({ code: "DATA_DIR_LOCKED", holderPid: other.pid });
      await expect(attempt).rejects.toThrow(`is in use by another OpenHire process (PID ${other.pid})`);
      await expect(attempt).rejects.toThrow(dataDir);
      // The other process's lock stays as it was.
      expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(other.pid));
    } finally {
      await other.stop();
    }
  });

  it("takes over a lock whose PID is no longer alive", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const stale = await deadPid();
    writeFileSync(lockFile(), `${stale}\n`);

    const handle = await open();
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining(`from PID ${stale}`));
    expect(await queryRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    // Nothing of the takeover is left beside the lock.
    expect(readdirSync(dataDir).filter((name) => name.startsWith(LOCK_FILE_NAME))).toEqual([LOCK_FILE_NAME]);
  });

  it("takes over a lock with its own PID that it does not hold (a container restarted with the same PID)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    writeFileSync(lockFile(), `${process.pid}\n`);
    await open();
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow("is already open in this process");
  });

  it("releases the lock on close, so the directory opens again with its data", async () => {
    const first = await open();
    await first.migrate();
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('written by the first holder')`);
    await first.close();
    expect(existsSync(lockFile())).toBe(false);

    const second = await open();
    expect(await queryRows(second.db, sql`select value from kept`)).toEqual([{ value: "written by the first holder" }]);
  });

  it("releases the lock when opening the database fails", async () => {
    writeFileSync(path.join(dataDir, "PG_VERSION"), "not a database\n");
    await expect(openDatabase({ dataDir })).rejects.toThrow();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("releases the lock when the process exits without closing, even on an uncaught error", async () => {
    const script = [
      `import { existsSync } from "node:fs";`,
      `import { acquireDataDirLock } from "./app/server/platform/data-dir-lock.server.ts";`,
      `const lock = acquireDataDirLock(process.argv[1]);`,
      `console.log("held:", existsSync(lock.path));`,
      `throw new Error("crashed while holding the lock");`,
    ].join("\n");
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dataDir], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once("close", resolve));

    expect(output).toContain("held: true");
    expect(output).toContain("crashed while holding the lock");
    expect(code).not.toBe(0);
    expect(existsSync(lockFile())).toBe(false);
  });

  it("a takeover never removes a live holder's lock that replaced the stale one in the meantime", async () => {
    // Two processes saw the same stale PID; the other one took over first and now holds the lock.
    const stale = await deadPid();
    const other = livingProcess();
    try {
      writeFileSync(lockFile(), `${other.pid}\n`);
      removeStaleLock(lockFile(), stale);
      expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(other.pid));
      expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
      // The stale lock itself is removed.
      writeFileSync(lockFile(), `${stale}\n`);
      removeStaleLock(lockFile(), stale);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  it("takes no lock for an in-memory database", async () => {
    await open("memory://");
    await open("memory://");
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
