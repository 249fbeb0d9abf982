// The production server's static files (build/client), known at start: a request for any other
// path goes on to the pages without touching the disk, and an immutable asset that the build
// stored compressed (scripts/precompress-assets.mjs) is sent as its stored .br or .gz (decision 070).
import { readdirSync } from "node:fs";
import { extname, join, relative, resolve, sep } from "node:path";
import type { NextFunction, Request, Response } from "express";

export interface StaticFile {
  /** Absolute path of the file as built. */
  file: string;
  /** The same bytes compressed by the build, beside the file (`<file>.br`, `<file>.gz`). */
  br?: string;
  gzip?: string;
  /** Fingerprinted: the name changes with the content. */
  immutable: boolean;
}

const PRECOMPRESSED = { ".br": "br", ".gz": "gzip" } as const;

/** Every file under `root` by the path it is requested at, e.g. `/assets/root-abc123.js`. */
export function listStaticFiles(root: string, immutablePrefix = "/assets/"): Map<string, StaticFile> {
  const base = resolve(root);
  const files = new Map<string, StaticFile>();
  const stored: [string, "br" | "gzip"][] = [];
  for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const path = `/${relative(base, file).split(sep).join("/")}`;
    const encoding = PRECOMPRESSED[extname(path) as keyof typeof PRECOMPRESSED];
    if (encoding && path.startsWith(immutablePrefix)) stored.push([file, encoding]);
    else files.set(path, { file, immutable: path.startsWith(immutablePrefix) });
  }
  for (const [file, encoding] of stored) {
    const original = files.get(`/${relative(base, file.slice(0, -extname(file).length)).split(sep).join("/")}`);
    if (original) original[encoding] = file;
  }
  return files;
}

/** The q-value the client gives `coding` in its Accept-Encoding (0: not acceptable). */
export function acceptsEncoding(header: string | undefined, coding: "br" | "gzip"): boolean {
  if (!header) return false;
  let wildcard: number | undefined;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    if (name === coding) return q > 0;
    if (name === "*") wildcard = q;
  }
  return wildcard !== undefined && wildcard > 0;
}

/**
 * Express middleware answering exactly the files under `root`, from a list made once: GET and HEAD
 * of a listed path send the file (an asset as its stored .br or .gz when the client takes it,
 * cached for a year; other files for an hour); everything else goes on untouched.
 */
export function staticFiles(root: string, files = listStaticFiles(root)) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const entry = files.get(path);
    if (!entry) return next();

    let file = entry.file;
    if (entry.br || entry.gzip) {
      res.vary("Accept-Encoding");
      const accepted = req.get("accept-encoding");
      const [encoding, stored] = entry.br && acceptsEncoding(accepted, "br") ? ["br", entry.br] : entry.gzip && acceptsEncoding(accepted, "gzip") ? ["gzip", entry.gzip] : [];
      if (encoding && stored) {
        // The type of what was compressed; the compression middleware leaves an encoded body alone.
        res.type(extname(entry.file));
        res.setHeader("Content-Encoding", encoding);
        file = stored;
      }
    }
    res.sendFile(file, { maxAge: entry.immutable ? "1y" : "1h", immutable: entry.immutable, dotfiles: "allow" }, (error?: Error & { status?: number; code?: string }) => {
      // The client went away before the file was sent: nobody to answer, nothing to log.
      if (!error || error.code === "ECONNABORTED") return;
      // A file removed since the start (a build under a running server): the pages answer instead.
      if (error.status === 404 && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        return next();
      }
      if (!res.headersSent) next(error);
    });
  };
}
