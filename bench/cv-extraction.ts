/**
 * CV text extraction budget (issue 12): at least 20 CVs a second on 2 cores, with the server's
 * memory under 600 MB while 1,000 CVs are extracted. Two-page CVs, half PDF and half DOCX.
 *
 *   npx tsx bench/cv-extraction.ts
 *   BENCH_CVS=1000 BENCH_IN_FLIGHT=8 npx tsx bench/cv-extraction.ts
 *
 * This process writes the CVs (tests/fixtures/documents.ts, `twoPageCv`) to a temporary directory,
 * the PDFs with embedded subsets of Liberation Sans regular and bold when the system has them (as a CV
 * exported from a word processor embeds its fonts, which pdf.js must parse), else in Helvetica.
 * A child process started with the production server's memory flags (package.json "serve") then
 * extracts them by path through the extraction worker, as the server's background task does, with
 * BENCH_IN_FLIGHT files asked for at a time: first one file (the worker's start), then all of them
 * mixed, then 200 of each kind alone. It samples its resident memory every 10 ms; the worker reports
 * its heap after each file. The worker runs from the TypeScript source through tsx, whose loader
 * costs a little memory the production build does not have: the figures err on the high side.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTextExtractor, type DocumentKind } from "../app/server/cvs/extract-text.server";
import { docxWithText, pdfWithText, systemCvFonts, twoPageCv } from "../tests/fixtures/documents";

const COUNT = Number(process.env.BENCH_CVS ?? 1000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const PER_KIND = 200;
const BUDGET_PER_SECOND = 20;
const BUDGET_RSS_MB = 600;

type Phase = { files: number; seconds: number; perSecond: number; text: number; noText: number; failed: number };
type Measurement = {
  startupMs: number;
  baselineRssMb: number;
  peakRssMb: number;
  workerPeakHeapMb: number;
  workerPeakBuffersMb: number;
  workersStarted: number;
  cpuSecondsPerCv: number;
  mixed: Phase;
  pdf: Phase;
  docx: Phase;
};

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

if (process.argv[2] === "--measure") {
  process.stdout.write(`${JSON.stringify(await measure(process.argv[3]!))}\n`);
} else {
  await main();
}

async function main() {
  const directory = mkdtempSync(path.join(tmpdir(), "openhire-bench-cvs-"));
  try {
    const started = performance.now();
    const fonts = systemCvFonts() ?? undefined;
    let bytes = 0;
    for (let i = 0; i < COUNT; i++) {
      const { paragraphs, headings } = twoPageCv(i + 1);
      const file = i % 2 === 0 ? await pdfWithText(paragraphs, { fonts, headings }) : docxWithText(paragraphs, { pages: 2 });
      bytes += file.length;
      writeFileSync(path.join(directory, `cv-${String(i).padStart(5, "0")}.${i % 2 === 0 ? "pdf" : "docx"}`), file);
    }
    console.log(`Wrote ${COUNT} two-page CVs (half PDF, half DOCX; ${mb(bytes)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    console.log(fonts ? "PDF fonts: Liberation Sans regular and bold, embedded as subsets." : "PDF fonts: Helvetica, not embedded (no Liberation Sans on this system): PDFs read faster than real ones.");

    // The server's own flags, so that the measured process has the heap the server has (decision 073).
    const serve = JSON.parse(readFileSync("package.json", "utf8")).scripts.serve as string;
    const serverFlags = serve.split(" ").filter((part) => part.startsWith("--max-"));
    const output = execFileSync(process.execPath, [...serverFlags, ...process.execArgv, fileURLToPath(import.meta.url), "--measure", directory], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const result = JSON.parse(output.trim().split("\n").pop()!) as Measurement;
    report(result, serverFlags);
    const ok = result.mixed.perSecond >= BUDGET_PER_SECOND && result.peakRssMb < BUDGET_RSS_MB && result.mixed.failed === 0;
    console.log(ok ? "Within budget." : "OVER BUDGET.");
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function report(result: Measurement, serverFlags: string[]) {
  const phase = (name: string, p: Phase) =>
    `${name.padEnd(22)} ${String(p.files).padStart(5)} files  ${p.seconds.toFixed(2).padStart(6)} s  ${p.perSecond.toFixed(1).padStart(6)} CVs/s  (text ${p.text}, no text ${p.noText}, failed ${p.failed})`;
  console.log(`\nExtraction in one worker, ${IN_FLIGHT} files asked for at a time, node ${serverFlags.join(" ")}:`);
  console.log(`worker start            ${result.startupMs.toFixed(0)} ms (first file included)`);
  console.log(phase("mixed PDF and DOCX", result.mixed));
  console.log(phase("PDF only", result.pdf));
  console.log(phase("DOCX only", result.docx));
  console.log(`CPU                     ${(result.cpuSecondsPerCv * 1000).toFixed(1)} ms of CPU a CV (main thread and worker together)`);
  console.log(`resident memory         ${result.baselineRssMb} MB after the first file, peak ${result.peakRssMb} MB (budget < ${BUDGET_RSS_MB} MB)`);
  console.log(`worker after a file     heap at most ${result.workerPeakHeapMb} MB, buffers at most ${result.workerPeakBuffersMb} MB; workers started: ${result.workersStarted}`);
  console.log(`budget                  ≥ ${BUDGET_PER_SECOND} CVs/s: ${result.mixed.perSecond.toFixed(1)}`);
}

async function measure(directory: string): Promise<Measurement> {
  const files = readdirSync(directory)
    .sort()
    .map((name) => ({ path: path.join(directory, name), kind: path.extname(name).slice(1) as DocumentKind }));
  const extractor = createTextExtractor();

  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);

  const firstStarted = performance.now();
  await extractor.extract(files[0]!.path, files[0]!.kind);
  const startupMs = performance.now() - firstStarted;
  const baselineRss = process.memoryUsage.rss();

  const cpuBefore = process.cpuUsage();
  const mixed = await runPhase(extractor, files);
  const cpu = process.cpuUsage(cpuBefore);
  const pdf = await runPhase(extractor, files.filter((file) => file.kind === "pdf").slice(0, PER_KIND));
  const docx = await runPhase(extractor, files.filter((file) => file.kind === "docx").slice(0, PER_KIND));

  clearInterval(sampler);
  const stats = extractor.stats();
  await extractor.close();
  return {
    startupMs,
    baselineRssMb: mb(baselineRss),
    peakRssMb: mb(peakRss),
    workerPeakHeapMb: mb(stats.workerPeak.heapUsedBytes),
    workerPeakBuffersMb: mb(stats.workerPeak.arrayBufferBytes),
    workersStarted: stats.workersStarted,
    cpuSecondsPerCv: (cpu.user + cpu.system) / 1e6 / files.length,
    mixed,
    pdf,
    docx,
  };
}

async function runPhase(extractor: ReturnType<typeof createTextExtractor>, files: { path: string; kind: DocumentKind }[]): Promise<Phase> {
  const counts = { text: 0, noText: 0, failed: 0 };
  let next = 0;
  const started = performance.now();
  // BENCH_IN_FLIGHT callers, each asking for the next file when its last one is read.
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < files.length) {
        const file = files[next++]!;
        try {
          const result = await extractor.extract(file.path, file.kind);
          if (result.status === "text") counts.text += 1;
          else counts.noText += 1;
        } catch (error) {
          counts.failed += 1;
          console.error(`${path.basename(file.path)}: ${(error as Error).message}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { files: files.length, seconds, perSecond: files.length / seconds, ...counts };
}
