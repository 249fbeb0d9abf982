/*
 * A folder of the importing test file's own for uploaded files and the embedded database:
 * FILES_DIR and PGLITE_DIR point into it. Config reads both when it is first imported, so a test
 * file imports this first, before any module of the app. Each integration test file runs in a
 * process of its own (vitest's forks), so each gets its own folder.
 */
import path from "node:path";

export const filesRoot = path.join(process.env.TMPDIR ?? "/tmp", `openhire-files-${process.pid}-${Date.now()}`);
process.env.FILES_DIR = path.join(filesRoot, "files");
process.env.PGLITE_DIR = path.join(filesRoot, "data");
