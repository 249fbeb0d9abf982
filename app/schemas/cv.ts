import { DOCUMENT_KINDS, type DocumentKind } from "./document";
import { chosenFileSize } from "./parse-form";
import { z } from "./zod";

/**
 * CVs (issue 12, decision 083): the kinds of document accepted, their limit, and whether a job's
 * apply form asks for one. Shared by the browser (the file field's `accept`, its hint) and the
 * server (which decides a file's kind from its bytes, never from its name).
 */

/** The document kinds a CV may be, decided from the file's bytes. */
export const CV_KINDS = DOCUMENT_KINDS;
export type CvKind = DocumentKind;

/** The largest CV accepted. */
export const CV_MAX_BYTES = 10 * 1024 * 1024;

/** What the file picker offers: the extensions and types of the accepted kinds. */
export const CV_ACCEPT = [
  ".pdf",
  ".docx",
  ".odt",
  ".rtf",
  ".txt",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.oasis.opendocument.text",
  "application/rtf",
  "text/plain",
].join(",");

/** A job's apply form asks for a CV as required, optional, or not at all. */
export const CV_FIELD_SETTINGS = ["optional", "required", "hidden"] as const;
export type CvFieldSetting = (typeof CV_FIELD_SETTINGS)[number];

export const CV_FIELD_LABELS: Record<CvFieldSetting, string> = {
  optional: "Optional",
  required: "Required",
  hidden: "Not asked",
};

/** Where extracting a CV's text has got to. */
export const CV_TEXT_STATUSES = ["pending", "text", "no_text", "failed"] as const;
export type CvTextStatus = (typeof CV_TEXT_STATUSES)[number];

/** The apply form's CV field: its name and label. */
export const CV_FIELD_NAME = "cv";
export const CV_FIELD_LABEL = "Resume/CV";

export const CV_MESSAGES = {
  required: "Please attach your resume or CV",
  hint: "PDF, DOCX, ODT, RTF or TXT, up to 10 MB",
  tooLarge: "The file is larger than 10 MB. Please attach a smaller file.",
  chooseAgain: "Your other answers are kept. Please choose your file again.",
} as const;

/** "1.2 MB", "340 KB". */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The apply form's CV field as its values describe it (`chosenFileValue`): required or not, and
 * at most CV_MAX_BYTES. The file itself is streamed to storage by the server; this checks only
 * what the browser can check too.
 */
export function cvChoiceField(setting: CvFieldSetting) {
  const chosen = setting === "required" ? z.string({ error: CV_MESSAGES.required }) : z.string().optional();
  return chosen
    .superRefine((value, ctx) => {
      const size = chosenFileSize(value);
      if (size === null) {
        if (setting === "required") ctx.addIssue({ code: "custom", message: CV_MESSAGES.required });
      } else if (size > CV_MAX_BYTES) {
        ctx.addIssue({ code: "custom", message: CV_MESSAGES.tooLarge });
      }
    })
    .transform(() => undefined);
}
