import type { DocumentKind } from "~/schemas/document";
import { hasEnoughLetters, normalizeText } from "./normalize-text.server";
import { readDocx } from "./read-docx.server";
import { readOdt } from "./read-odt.server";
import { readPdf } from "./read-pdf.server";
import { readRtf } from "./read-rtf.server";
import { readTxt } from "./read-txt.server";

/** What reading a document gives: its text, or that it has none (a scan). */
export type ExtractedText =
  | { status: "text"; text: string; pages: number | null }
  /** Fewer than 20 letters: a scan or an image-only PDF. Never an error for the candidate. */
  | { status: "no_text"; pages: number | null };

/**
 * The text of one document, read in this thread. The extraction worker runs this; everything else
 * calls `extractText`, which sends the work to that worker.
 */
export async function readDocumentText(bytes: Uint8Array, kind: DocumentKind, maxChars: number): Promise<ExtractedText> {
  const { text: raw, pages } = await readRaw(bytes, kind);
  const text = normalizeText(raw, maxChars);
  return hasEnoughLetters(text) ? { status: "text", text, pages } : { status: "no_text", pages };
}

async function readRaw(bytes: Uint8Array, kind: DocumentKind): Promise<{ text: string; pages: number | null }> {
  switch (kind) {
    case "pdf":
      return readPdf(bytes);
    case "docx":
      return readDocx(bytes);
    case "odt":
      return readOdt(bytes);
    case "rtf":
      return readRtf(bytes);
    case "txt":
      return { text: readTxt(bytes), pages: null };
  }
}
