/**
 * The kinds of document the app accepts as uploads (CVs today), decided from a file's bytes
 * (decision 081): one list for the intake, the text extraction, the database and the forms.
 */
export const DOCUMENT_KINDS = ["pdf", "docx", "odt", "rtf", "txt"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
