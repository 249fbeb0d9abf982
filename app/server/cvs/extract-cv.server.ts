import { and, eq } from "drizzle-orm";
import { z } from "~/schemas/zod";
import { cvs } from "../../../db/schema";
import type { Database, Queryable, Transaction } from "../platform/db.server";
import { defineTask } from "../queue/tasks.server";
import { fileStorage } from "../storage/storage.server";
import { extractText } from "./extract-text.server";
import { TextExtractionError } from "./text-extraction-error.server";

/** The most bytes a stored CV can have (the upload's limit, with room), read into memory for the extractor. */
const MAX_READ_BYTES = 11 * 1024 * 1024;

export type CvExtractionOutcome = "text" | "no_text" | "failed" | "skipped";

/**
 * Reads the text of one stored CV (decision 083) and records it on the CV, or marks the CV as
 * having no text (a scan) or as unreadable. A CV already done, or deleted, is left alone, and the
 * write goes through `write` (the task's transaction, which also marks the task done), so the
 * effect happens once however often the task runs.
 * Failures of the machinery (the storage unreachable) throw, and the task is retried; a file the
 * extractor cannot or will not read (corrupt, a bomb, too slow, too big for its memory) is no
 * error for anyone: it is marked "failed", and staff can still download it.
 */
export async function extractCvText(
  db: Database,
  cvId: string,
  write: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T> = (work) => db.transaction(work),
): Promise<CvExtractionOutcome> {
  const [cv] = await db.select({ storageKey: cvs.storageKey, kind: cvs.kind, textStatus: cvs.textStatus }).from(cvs).where(eq(cvs.id, cvId));
  if (!cv || cv.textStatus !== "pending") return "skipped";
  const bytes = await readAll(await fileStorage().get(cv.storageKey));
  let outcome: { status: "text" | "no_text" | "failed"; text: string | null; pages: number | null };
  try {
    const extracted = await extractText(bytes, cv.kind);
    outcome =
      extracted.status === "text"
        ? { status: "text", text: extracted.text, pages: extracted.pages }
        : { status: "no_text", text: null, pages: extracted.pages };
  } catch (error) {
    if (!(error instanceof TextExtractionError)) throw error;
    console.warn(`CV ${cvId} (${cv.kind}) was not read (${error.reason}): ${error.message}`);
    outcome = { status: "failed", text: null, pages: null };
  }
  // Only a pending CV is written: a run that lost a race to another changes nothing.
  return write(async (tx) => {
    const updated = await tx
      .update(cvs)
      .set({ textStatus: outcome.status, text: outcome.text, pages: outcome.pages, extractedAt: new Date() })
      .where(and(eq(cvs.id, cvId), eq(cvs.textStatus, "pending")))
      .returning({ id: cvs.id });
    return updated.length > 0 ? outcome.status : "skipped";
  });
}

/** The background task that reads a CV's text after its upload (decision 080). */
export const extractCvTask = defineTask({
  name: "cv-extract-text",
  schema: z.object({ cvId: z.uuid() }),
  // A storage outage: tried again after 30 s, 1 min, 2 min (with backoff).
  retryLimit: 3,
  retryDelaySeconds: 30,
  handler: ({ cvId }, ctx) => extractCvText(ctx.db, cvId, (work) => ctx.transaction(work)),
});

/** Queues the extraction of a CV in the transaction that records it, so both commit or neither. */
export async function enqueueCvExtraction(tx: Queryable, cvId: string): Promise<void> {
  await extractCvTask.enqueue(tx, { cvId });
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_READ_BYTES) throw new Error("The stored CV is larger than any upload can be");
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
