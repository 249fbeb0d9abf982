import { CsvError, parse } from "csv-parse/sync";
import { CANDIDATE_IMPORT_COLUMNS, CANDIDATE_IMPORT_MAX_ROWS, CANDIDATE_IMPORT_REQUIRED_COLUMNS } from "~/schemas/candidate";

/** A column an import reads, by its key (the header in lower case). */
export type ImportColumn = Lowercase<(typeof CANDIDATE_IMPORT_COLUMNS)[number]>;

/** One row of the file: its number as a spreadsheet shows it (the header is row 1), and its cells by column. */
export interface CsvImportRow {
  row: number;
  values: Partial<Record<ImportColumn, string>>;
}

export type ParsedCandidateCsv =
  | { ok: true; rows: CsvImportRow[]; ignoredColumns: string[] }
  | { ok: false; error: string };

const COLUMN_KEYS = new Map(CANDIDATE_IMPORT_COLUMNS.map((column) => [column.toLowerCase(), column.toLowerCase() as ImportColumn]));

/**
 * Reads a candidates CSV file (decision 085): UTF-8 (a byte order mark is skipped), fields split by
 * commas, or by semicolons or tabs when the header row uses those (as spreadsheets save CSV in some
 * countries); quoted as RFC 4180 quotes. The first row names the columns, matched to Name, Email,
 * Phone, Source, Job and Stage in any case; other columns are ignored and named. Blank rows are
 * skipped, their numbers kept, so "row 7" is row 7 in the spreadsheet. Nothing here reads the
 * database: the rows are checked by the import.
 */
export function parseCandidateCsv(bytes: Uint8Array): ParsedCandidateCsv {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again' };
  }
  if (text.trim() === "") return { ok: false, error: "The file is empty" };

  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      // Any line ending, even mixed in one file (rows pasted from another file).
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      skip_empty_lines: false,
      // A row longer than this is not a person's details (and keeps a stray quote from swallowing the file).
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, error: `The file could not be read as CSV: ${error.message}` };
    throw error;
  }

  const [header = [], ...body] = records;
  const columns = header.map((cell) => COLUMN_KEYS.get(cell.trim().toLowerCase()));
  const named = header.map((cell) => cell.trim());
  const missing = CANDIDATE_IMPORT_REQUIRED_COLUMNS.filter((column) => !columns.includes(column.toLowerCase() as ImportColumn));
  if (missing.length > 0) {
    const found = named.filter(Boolean).slice(0, 10).join(", ");
    return {
      ok: false,
      error: `The first row must name the columns, with ${CANDIDATE_IMPORT_REQUIRED_COLUMNS.join(" and ")} among them (missing: ${missing.join(", ")}; found: ${found || "nothing"})`,
    };
  }
  const repeated = columns.find((column, index) => column && columns.indexOf(column) !== index);
  if (repeated) return { ok: false, error: `The column ${CANDIDATE_IMPORT_COLUMNS.find((c) => c.toLowerCase() === repeated)} appears twice in the first row` };

  const rows: CsvImportRow[] = [];
  body.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === "")) return;
    const values: CsvImportRow["values"] = {};
    columns.forEach((column, at) => {
      if (column && cells[at] !== undefined) values[column] = cells[at];
    });
    rows.push({ row: index + 2, values });
  });
  if (rows.length === 0) return { ok: false, error: "The file has no rows under its first row (the column names)" };
  if (rows.length > CANDIDATE_IMPORT_MAX_ROWS) {
    return {
      ok: false,
      error: `The file has ${rows.length.toLocaleString("en-US")} rows: import at most ${CANDIDATE_IMPORT_MAX_ROWS.toLocaleString("en-US")} at a time`,
    };
  }
  const ignoredColumns = named.filter((name, index) => name && !columns[index]);
  return { ok: true, rows, ignoredColumns };
}

/** The delimiter the header row uses: a comma unless it holds more semicolons or tabs (outside quotes). */
function delimiterOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  const count = (delimiter: string) => unquoted.split(delimiter).length - 1;
  const candidates = [",", ";", "\t"].map((delimiter) => ({ delimiter, n: count(delimiter) }));
  return candidates.reduce((best, next) => (next.n > best.n ? next : best)).delimiter;
}
