// The CV text-extraction worker in the production build (decision 082): bundled as a file of its own
// beside the server build, found from the bundle whatever the working directory, and never copied
// into the public build/client.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { docxWithText, pdfWithText, twoPageCv } from "../fixtures/documents";
import { assertBuilt } from "../helpers/server-process";

const elsewhere = mkdtempSync(path.join(tmpdir(), "openhire-built-extraction-"));

afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

/** Extracts these files with the built server module in a plain `node` (no tsx, no vitest), run from another directory. */
function extractWithTheBuild(files: { path: string; kind: string }[]): unknown[] {
  const serverModule = pathToFileURL(path.resolve("build/server/index.js")).href;
  const script = `
    const { extractText, stopTextExtraction } = await import(${JSON.stringify(serverModule)});
    const results = [];
    for (const file of ${JSON.stringify(files)}) results.push(await extractText(file.path, file.kind));
    await stopTextExtraction();
    console.log(JSON.stringify(results));`;
  const { PATH, HOME, TMPDIR } = process.env;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: elsewhere,
    env: { PATH, HOME, TMPDIR, NODE_ENV: "production" } as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  return JSON.parse(output.trim().split("\n").pop()!) as unknown[];
}

describe("the extraction worker in the production build", () => {
  it("is a file of its own beside the server build, referred to by URL, and not in the public files", () => {
    assertBuilt();
    expect(existsSync("build/server/cv-text-worker.js")).toBe(true);
    expect(existsSync("build/client/cv-text-worker.js")).toBe(false);
    const server = readFileSync("build/server/index.js", "utf8");
    expect(server).toContain('new URL("./cv-text-worker.js", import.meta.url)');
    expect(server).not.toContain("__OPENHIRE_CV_TEXT_WORKER_URL__");
  });

  it("extracts a PDF and a DOCX with the bundled worker, run by plain node from another directory", async () => {
    const cv = twoPageCv(7);
    const pdf = path.join(elsewhere, "cv.pdf");
    const docx = path.join(elsewhere, "cv.docx");
    writeFileSync(pdf, await pdfWithText(cv.paragraphs));
    writeFileSync(docx, docxWithText(cv.paragraphs, { pages: 2 }));
    const [fromPdf, fromDocx] = extractWithTheBuild([{ path: pdf, kind: "pdf" }, { path: docx, kind: "docx" }]) as { status: string; text: string; pages: number }[];
    expect(fromPdf).toMatchObject({ status: "text", pages: 2 });
    expect(fromPdf!.text.startsWith(`${cv.name}\n`)).toBe(true);
    expect(fromDocx).toMatchObject({ status: "text", pages: 2 });
    expect(fromDocx!.text).toBe(cv.paragraphs.join("\n"));
  }, 60_000);
});
