/**
 * Writing CSV (RFC 4180) that is safe to open in a spreadsheet (decision 085).
 *
 * A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel,
 * LibreOffice and Google Sheets ("CSV injection": `=HYPERLINK(…)` typed into an apply form would run
 * on a recruiter's machine), so it gets a leading `'`, which spreadsheets show as text. A cell with a
 * comma, a double quote or a line break is quoted, its quotes doubled.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, neutralised and quoted as needed; null and undefined are empty. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: its cells joined by commas, ended by CRLF as RFC 4180 writes it. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * The byte order mark a file starts with, so that Excel reads the file as UTF-8 (without it,
 * "José" opens as "JosÃ©"). Other programs and our own import skip it.
 */
export const CSV_BOM = "\uFEFF";
