import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The lock file inside an embedded database directory: the holder's PID. */
export const LOCK_FILE_NAME = "openhire.lock";

/** Another live process (or this one) holds the directory's lock: the server must not start. */
export class DataDirLockedError extends Error {
  readonly code = "DATA_DIR_LOCKED";
  constructor(
    message: string,
    readonly holderPid: number | undefined,
  ) {
    super(message);
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  /** The lock file's path. */
  path: string;
  /** Removes the lock file if this process still holds it; safe to call twice. */
  release(): void;
}

/** Lock files this process holds, released on exit in case nobody closed the database. */
const heldLocks = new Set<string>();
let exitHookInstalled = false;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function unlinkIfExists(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Creates the lock file atomically, complete with our PID: the PID is written to a file of our own,
 * which is then hard-linked to the lock's name (`link` fails if the name exists, like O_EXCL, and
 * nobody ever sees a lock file without its PID). Answers false when the lock file exists.
 */
function tryCreate(lockPath: string): boolean {
  const ownFile = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(ownFile, `${process.pid}\n`, { flag: "w", mode: 0o644 });
  try {
    linkSync(ownFile, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkIfExists(ownFile);
  }
}

/**
 * Moves a stale lock (its PID is dead) out of the way. Renaming is atomic, so of two processes
 * taking over the same stale lock one renames it and the other finds nothing to rename. If the
 * file renamed turns out to be a live holder's (it replaced the stale one between our read and our
 * rename), it is linked back in place.
 */
export function removeStaleLock(lockPath: string, stalePid: number): void {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    if (readHolder(aside) !== stalePid) linkSync(aside, lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkIfExists(aside);
  }
}

function releaseHeldLocksOnExit() {
  for (const lockPath of heldLocks) {
    try {
      if (readHolder(lockPath) === process.pid) unlinkSync(lockPath);
    } catch {
      // Exiting anyway: a lock left behind names a dead PID and is taken over at the next start.
    }
  }
  heldLocks.clear();
}

/**
 * Takes the exclusive lock on an embedded database directory: PGlite has no lock of its own, and
 * two processes writing one directory lose data. A lock whose PID is no longer alive (a crash, a
 * kill -9) is taken over. Throws DATA_DIR_LOCKED, naming the holder's PID and the directory, when
 * another live process holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  if (heldLocks.has(lockPath)) {
    throw new DataDirLockedError(`The database directory ${path.dirname(lockPath)} is already open in this process (PID ${process.pid}).`, process.pid);
  }
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(lockPath)) break;
    const holder = readHolder(lockPath);
    if (holder === undefined) {
      // Released (or moved aside by a takeover) since we tried: try again, or the file holds no PID.
      if (attempt < 5) continue;
      throw new DataDirLockedError(
        `The database directory ${path.dirname(lockPath)} has a lock file without a PID (${lockPath}); remove it if no server uses the directory.`,
        undefined,
      );
    }
    // Our own PID in a lock this process does not hold: left by an earlier process that had the
    // same PID (containers start their server as the same PID every time), so it is stale.
    if (holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The database directory ${path.dirname(lockPath)} is in use by another OpenHire process (PID ${holder}). ` +
          `Stop that process or set PGLITE_DIR to another directory. (Lock file: ${lockPath}.)`,
        holder,
      );
    }
    if (attempt >= 5) throw new Error(`Could not take over the stale lock ${lockPath}`);
    console.warn(`Taking over the lock of ${path.dirname(lockPath)} from PID ${holder}, which is no longer running.`);
    removeStaleLock(lockPath, holder);
  }
  heldLocks.add(lockPath);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", releaseHeldLocksOnExit);
  }
  return {
    path: lockPath,
    release() {
      if (!heldLocks.delete(lockPath)) return;
      if (readHolder(lockPath) === process.pid) unlinkIfExists(lockPath);
    },
  };
}
