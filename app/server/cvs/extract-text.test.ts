import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  corruptPdf,
  docxWithText,
  docxZipBomb,
  imageOnlyPdf,
  odtWithText,
  pdfStreamBomb,
  pdfWithManyTextRuns,
  pdfWithScript,
  pdfWithText,
  rtfWithText,
  twoPageCv,
  txtUtf16,
  txtUtf8,
  windowsExecutable,
} from "../../../tests/fixtures/documents";
import { createTextExtractor, extractText, stopTextExtraction, type ExtractedText } from "./extract-text.server";
import { TextExtractionError } from "./text-extraction-error.server";

// One extractor for the tests that read ordinary files: its worker is started once, as in the server.
const extractor = createTextExtractor();
const scratch = mkdtempSync(path.join(tmpdir(), "openhire-cv-extraction-"));

afterAll(async () => {
  await extractor.close();
  await stopTextExtraction();
  rmSync(scratch, { recursive: true, force: true });
});

const cv = twoPageCv(42);
const textOf = (result: ExtractedText) => (result.status === "text" ? result.text : null);

describe("extracting a CV's text in the worker", () => {
  it("reads a two-page PDF: every paragraph, in order, and its page count", async () => {
    const result = await extractor.extract(await pdfWithText(cv.paragraphs), "pdf");
    expect(result).toMatchObject({ status: "text", pages: 2 });
    const text = textOf(result)!;
    expect(text.startsWith(`${cv.name}\n`)).toBe(true);
    for (const skill of cv.skills) expect(text).toContain(`• ${skill}`);
    expect(text).toContain("References available on request.");
  });

  it("reads Word, OpenDocument, RTF and plain text to the same text", async () => {
    const paragraphs = ["Zoë Lindqvist", "Développeuse — “Front-end” & accessibility", "• TypeScript", "• React"];
    const expected = paragraphs.join("\n");
    expect(await extractor.extract(docxWithText(paragraphs, { pages: 1 }), "docx")).toEqual({ status: "text", text: expected, pages: 1 });
    expect(await extractor.extract(odtWithText(paragraphs, { pages: 1 }), "odt")).toEqual({ status: "text", text: expected, pages: 1 });
    expect(await extractor.extract(rtfWithText(paragraphs, { pages: 1 }), "rtf")).toEqual({ status: "text", text: expected, pages: 1 });
    expect(await extractor.extract(txtUtf8(paragraphs.join("\r\n"), { bom: true }), "txt")).toEqual({ status: "text", text: expected, pages: null });
    expect(await extractor.extract(txtUtf16(paragraphs.join("\r\n"), "be"), "txt")).toEqual({ status: "text", text: expected, pages: null });
  });

  it("marks a scanned PDF, a picture without text, as no_text with its page count", async () => {
    expect(await extractor.extract(await imageOnlyPdf(), "pdf")).toEqual({ status: "no_text", pages: 1 });
  });

  it("marks a document with fewer than 20 letters as no_text", async () => {
    expect(await extractor.extract(docxWithText(["CV", "2024 – 2025", "+33 6 12 34 56 78"]), "docx")).toEqual({ status: "no_text", pages: 1 });
  });

  it("keeps at most maxChars characters", async () => {
    const result = await extractor.extract(await pdfWithText(cv.paragraphs), "pdf", { maxChars: 120 });
    expect(textOf(result)!.length).toBeLessThanOrEqual(120);
    expect(textOf(result)!.startsWith(cv.name)).toBe(true);
  });

  it("reads a file by its path, and throws the file system's error for a path that is not there", async () => {
    const file = path.join(scratch, "cv.docx");
    writeFileSync(file, docxWithText(cv.paragraphs));
    expect(textOf(await extractor.extract(file, "docx"))).toContain(cv.name);
    const missing = extractor.extract(path.join(scratch, "missing.pdf"), "pdf");
    await expect(missing).rejects.toMatchObject({ code: "ENOENT" });
    await expect(missing).rejects.not.toBeInstanceOf(TextExtractionError);
  });

  it("leaves the caller's buffer as it was", async () => {
    const pdf = await pdfWithText(cv.paragraphs);
    const copy = Buffer.from(pdf);
    await extractor.extract(pdf, "pdf");
    expect(pdf.equals(copy)).toBe(true);
  });

  it("answers files asked for together each with its own text", async () => {
    const people = [1, 2, 3, 4, 5].map(twoPageCv);
    const files = await Promise.all(people.map((person, i) => (i % 2 ? pdfWithText(person.paragraphs) : Promise.resolve(docxWithText(person.paragraphs)))));
    const results = await Promise.all(files.map((file, i) => extractor.extract(file, i % 2 ? "pdf" : "docx")));
    results.forEach((result, i) => expect(textOf(result)!.startsWith(`${people[i]!.name}\n`)).toBe(true));
  });
});

describe("files that cannot be read", () => {
  it("throws unreadable for a corrupt PDF and for an executable renamed as a PDF, a DOCX or a text file", async () => {
    await expect(extractor.extract(corruptPdf(), "pdf")).rejects.toMatchObject({ name: "TextExtractionError", reason: "unreadable" });
    for (const kind of ["pdf", "docx", "odt", "rtf", "txt"] as const) {
      await expect(extractor.extract(windowsExecutable(), kind)).rejects.toMatchObject({ reason: "unreadable" });
    }
    // The worker that said so still reads the next file.
    expect((await extractor.extract(docxWithText(cv.paragraphs), "docx")).status).toBe("text");
  });

  it("refuses a file bigger than a CV can be without sending it to the worker", async () => {
    await expect(extractor.extract(Buffer.alloc(33 * 1024 * 1024), "pdf")).rejects.toMatchObject({ reason: "refused" });
  });
});

describe("hostile files", () => {
  it("extracts the text of a PDF with JavaScript and runs none of it", async () => {
    const marker = path.join(scratch, "script-ran");
    const script = `globalThis.scriptRan = true; require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"); app.alert("hello");`;
    const result = await extractor.extract(await pdfWithScript(cv.paragraphs, script), "pdf");
    expect(textOf(result)!.startsWith(cv.name)).toBe(true);
    expect(existsSync(marker)).toBe(false);
    expect("scriptRan" in globalThis).toBe(false);
  });

  it("reads a polyglot (a PDF with a DOCX after it) only as the kind the upload decided", async () => {
    const polyglot = Buffer.concat([await pdfWithText(["The side of the file that is a PDF, with words"]), docxWithText(["The side that is a Word document"])]);
    expect(await extractor.extract(polyglot, "pdf")).toEqual({ status: "text", text: "The side of the file that is a PDF, with words", pages: 1 });
    // As a zip it is not one: its directory points at offsets from the file's start, where the PDF is.
    await expect(extractor.extract(polyglot, "docx")).rejects.toMatchObject({ reason: "unreadable" });
  });

  it("refuses a DOCX zip bomb, whether it declares its size or lies about it", async () => {
    await expect(extractor.extract(await docxZipBomb({ inflatedMb: 200 }), "docx")).rejects.toMatchObject({ reason: "refused" });
    await expect(extractor.extract(await docxZipBomb({ inflatedMb: 200, declaredBytes: 10_000 }), "docx")).rejects.toMatchObject({ reason: "refused" });
  });

  it("refuses a PDF whose page inflates past the stream budget", async () => {
    await expect(extractor.extract(await pdfStreamBomb(200), "pdf")).rejects.toMatchObject({ reason: "refused", message: expect.stringMatching(/inflate to more than 48 MB/) });
  });
});

describe("the worker's isolation", () => {
  it("stops a file that takes longer than its time limit; the next file gets a new worker", async () => {
    const isolated = createTextExtractor();
    try {
      await isolated.extract(docxWithText(cv.paragraphs), "docx");
      // About 2 s of work for a limit of 100 ms.
      await expect(isolated.extract(await pdfWithManyTextRuns(200_000), "pdf", { timeoutMs: 100 })).rejects.toMatchObject({
        reason: "timed_out",
        message: "The extraction took longer than 0.1 s.",
      });
      expect(textOf(await isolated.extract(docxWithText(cv.paragraphs), "docx"))).toContain(cv.name);
      expect(isolated.stats()).toMatchObject({ extracted: 2, failed: 1, workersStarted: 2 });
    } finally {
      await isolated.close();
    }
  }, 20_000);

  it("a file that exhausts the worker's heap kills only the worker: that file throws, the next one is read", async () => {
    const isolated = createTextExtractor({ workerHeapMb: 32 });
    try {
      const huge = docxWithText(Array.from({ length: 100_000 }, (_, i) => `Paragraph ${i}, long enough to weigh something in memory`));
      await expect(isolated.extract(huge, "docx")).rejects.toMatchObject({ reason: "worker_failed", message: "The extraction ran out of memory (worker heap 32 MB)." });
      expect(textOf(await isolated.extract(docxWithText(cv.paragraphs), "docx"))).toContain(cv.name);
      expect(isolated.stats().workersStarted).toBe(2);
    } finally {
      await isolated.close();
    }
  }, 20_000);

  it("stops a file whose buffers grow the memory past the limit, and gives the memory back every time", async () => {
    const limitMb = 64;
    const isolated = createTextExtractor({ maxMemoryGrowthMb: limitMb });
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    try {
      const small = docxWithText(cv.paragraphs);
      await isolated.extract(small, "docx");
      // Buffers outside the heap, behind a filter chain the stream budget does not measure: only the watchdog sees them.
      const bomb = await pdfStreamBomb(400, { hexEncoded: true });
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      const residual: number[] = [];
      for (let round = 0; round < 3; round++) {
        await expect(isolated.extract(bomb, "pdf")).rejects.toMatchObject({ reason: "worker_failed", message: `The extraction grew the server's memory by more than ${limitMb} MB.` });
        expect(textOf(await isolated.extract(small, "docx"))).toContain(cv.name);
        residual.push(mb(process.memoryUsage.rss() - before));
      }
      clearInterval(sampler);
      // Stopped near the limit, never near the 512 MB buffer pdf.js would grow for the bomb: between two
      // samples a doubling buffer can overshoot by its own size, so up to about twice the limit.
      expect(mb(peak - before)).toBeLessThan(3 * limitMb);
      // Each stopped worker's memory went back to the system: what stays after the first round stays
      // put. When pdf.js inflated with native zlib, every stopped worker left its malloc arena behind:
      // +50 MB a round here, +400 MB at a limit of 256 MB (decision 082): 100 MB over these two
      // rounds. The process's own RSS moves too (the allocator, the collector's timing): 28 MB was
      // seen once on a clean CI run, so the bound is one leaked arena, not less.
      expect(residual[2]! - residual[0]!).toBeLessThan(50);
    } finally {
      await isolated.close();
    }
  }, 30_000);

  it("fails the files still waiting when it is closed", async () => {
    const closing = createTextExtractor();
    const outcomes = [1, 2].map(() =>
      closing.extract(docxWithText(cv.paragraphs), "docx").then(
        () => "read",
        (error: TextExtractionError) => error.reason,
      ),
    );
    await closing.close();
    expect(await Promise.all(outcomes)).toEqual(["worker_failed", "worker_failed"]);
    await expect(closing.extract(docxWithText(cv.paragraphs), "docx")).rejects.toMatchObject({ reason: "worker_failed" });
  });
});

describe("extractText, the server's shared extractor", () => {
  it("reads a CV, and starts a new worker after it has been stopped", async () => {
    const docx = docxWithText(cv.paragraphs);
    expect(textOf(await extractText(docx, "docx"))).toContain(cv.name);
    await stopTextExtraction();
    expect(textOf(await extractText(docx, "docx"))).toContain(cv.name);
  });
});
