import { createReadStream } from "node:fs";
import { randomUUID } from "node:crypto";
import { chosenFileValue } from "~/schemas/parse-form";
import { CV_FIELD_NAME, CV_MAX_BYTES, type CvKind } from "~/schemas/cv";
import { readFormWithFiles } from "../platform/multipart.server";
import { fileStorage } from "../storage/storage.server";
import { documentFileName, receiveDocument, type ReceivedDocument } from "../storage/upload.server";

/** A CV that passed the checks, waiting in a temporary file until the application is stored. */
export interface ReceivedCv {
  kind: CvKind;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The temporary file. */
  path: string;
  /** Removes the temporary file; call it whatever happens. */
  dispose(): Promise<void>;
}

/** A form with a CV field, read (decision 083). */
export interface FormWithCv {
  /** The text fields, and `cv` describing the chosen file (`chosenFileValue`) for the shared schema. */
  values: Record<string, string>;
  /** The file, when one was chosen and passed the checks. */
  cv: ReceivedCv | null;
  /** Why the chosen file was refused, in the candidate's words: shown on the CV field. */
  cvError: string | null;
}

type Received = { document: ReceivedDocument; fileName: string };

/**
 * Reads a form post whose `cv` field may carry a CV: the text fields as usual, the file streamed to
 * a temporary file and its kind decided from its bytes (PDF, DOCX, ODT, RTF or TXT, at most
 * 10 MB). With `acceptCv` false (the job does not ask for one) a file is skipped unread.
 */
export async function readFormWithCv(request: Request, { acceptCv }: { acceptCv: boolean }): Promise<FormWithCv> {
  const form = await readFormWithFiles<Received>(request, {
    // One byte over the limit is enough to know the file is too large.
    maxFileBytes: CV_MAX_BYTES + 1,
    fileFields: acceptCv ? [CV_FIELD_NAME] : [],
    async onFile(file) {
      const document = await receiveDocument(file.stream, { maxBytes: CV_MAX_BYTES });
      return { document, fileName: file.fileName };
    },
    async discard(received) {
      if (received.document.ok) await received.document.dispose();
    },
  });
  const received = form.files.get(CV_FIELD_NAME);
  const values = { ...form.values };
  delete values[CV_FIELD_NAME];
  if (!received) return { values, cv: null, cvError: null };
  const { document } = received;
  if (!document.ok) {
    // Too large is the schema's own message (the browser says it too); the rest only the server knows.
    if (document.reason === "too_large") values[CV_FIELD_NAME] = chosenFileValue(CV_MAX_BYTES + 1);
    return { values, cv: null, cvError: document.reason === "too_large" ? null : document.message };
  }
  values[CV_FIELD_NAME] = chosenFileValue(document.size);
  return {
    values,
    cvError: null,
    cv: {
      kind: document.kind,
      fileName: documentFileName(document.kind, received.fileName),
      contentType: document.contentType,
      size: document.size,
      sha256: document.sha256,
      path: document.path,
      dispose: document.dispose,
    },
  };
}

/** Copies a received CV into the file storage under a new key (never derived from anything the candidate sent) and answers the key. */
export async function storeCvFile(cv: ReceivedCv): Promise<string> {
  const key = `cv/${randomUUID()}`;
  await fileStorage().put(key, createReadStream(cv.path), { contentType: cv.contentType, size: cv.size });
  return key;
}

/** Removes a stored CV file that no row refers to (its application was refused); logs rather than throws. */
export async function removeCvFile(key: string): Promise<void> {
  try {
    await fileStorage().delete(key);
  } catch (error) {
    console.error(`Could not remove the unused CV file ${key}:`, error);
  }
}
