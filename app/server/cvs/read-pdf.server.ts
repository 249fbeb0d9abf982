import { extractText, getDocumentProxy } from "unpdf";
import { checkPdfStreamBudget } from "./pdf-stream-budget.server";
import { TextExtractionError } from "./text-extraction-error.server";

export type PdfText = { text: string; pages: number };

/**
 * The text of a PDF by unpdf (pdf.js's serverless build), pages merged with their line breaks.
 *
 * pdf.js never runs a document's JavaScript outside its viewer's scripting sandbox, which unpdf does
 * not load; on top of that `isEvalSupported: false` keeps it from compiling PDF functions into
 * JavaScript, XFA forms stay off and WebAssembly (only for decoding pictures) is not loaded.
 */
export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  checkPdfStreamBudget(bytes);
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes a plain Uint8Array, not a Buffer, and takes it over (detaches its memory): it gets
    // a copy, so the caller's bytes stay the caller's.
    document = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      enableXfa: false,
      useWasm: false,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      // Recover what text there is from a damaged page instead of failing the whole file.
      stopAtErrors: false,
      // Errors only: a CV made by an odd writer would otherwise fill the log with font warnings.
      verbosity: 0,
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    const message = name === "PasswordException" ? "The PDF is protected by a password." : `The PDF cannot be read: ${(error as Error).message}`;
    throw new TextExtractionError("unreadable", message, { cause: error });
  }
  try {
    const { totalPages, text } = await extractText(document, { mergePages: true });
    return { text, pages: totalPages };
  } catch (error) {
    throw new TextExtractionError("unreadable", `The PDF's pages cannot be read: ${(error as Error).message}`, { cause: error });
  } finally {
    await document.loadingTask.destroy();
  }
}
