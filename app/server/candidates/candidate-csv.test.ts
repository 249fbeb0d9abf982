import { describe, expect, it } from "vitest";
import { parseCandidateCsv } from "./candidate-csv.server";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("parseCandidateCsv", () => {
  it("reads the columns by header in any case, in any order, ignoring others and blank rows", () => {
    const parsed = parseCandidateCsv(bytes("\uFEFFeMail,NAME,Notes,Phone\r\nada@example.test,Ada Lovelace,likes engines,+44 20\r\n,,,\r\n\r\ngrace@example.test,\"Hopper, Grace\",\"said \"\"hi\"\"\",\n"));
    expect(parsed).toEqual({
      ok: true,
      ignoredColumns: ["Notes"],
      rows: [
        { row: 2, values: { email: "ada@example.test", name: "Ada Lovelace", phone: "+44 20" } },
        // Rows 3 and 4 are blank: row numbers stay the spreadsheet's.
        { row: 5, values: { email: "grace@example.test", name: "Hopper, Grace", phone: "" } },
      ],
    });
  });

  it("keeps a quoted line break inside its cell", () => {
    const parsed = parseCandidateCsv(bytes('Name,Email,Source\nAda,ada@example.test,"two\nlines"\n'));
    expect(parsed).toMatchObject({ ok: true, rows: [{ row: 2, values: { source: "two\nlines" } }] });
  });

  it("reads semicolon- and tab-separated files by their header row", () => {
    expect(parseCandidateCsv(bytes("Name;Email\nLovelace, Ada;ada@example.test\n"))).toMatchObject({
      ok: true,
      rows: [{ values: { name: "Lovelace, Ada", email: "ada@example.test" } }],
    });
    expect(parseCandidateCsv(bytes("Name\tEmail\nAda\tada@example.test\n"))).toMatchObject({ ok: true, rows: [{ values: { name: "Ada" } }] });
  });

  it("says what is wrong with a file it cannot import", () => {
    expect(parseCandidateCsv(bytes(""))).toEqual({ ok: false, error: "The file is empty" });
    expect(parseCandidateCsv(bytes("Name,Email\n"))).toMatchObject({ ok: false, error: expect.stringContaining("no rows") });
    expect(parseCandidateCsv(bytes("Full name,Mail\nAda,ada@example.test\n"))).toMatchObject({
      ok: false,
      error: expect.stringContaining("missing: Name, Email; found: Full name, Mail"),
    });
    expect(parseCandidateCsv(bytes("Name,Email,name\nA,a@example.test,B\n"))).toMatchObject({ ok: false, error: "The column Name appears twice in the first row" });
    expect(parseCandidateCsv(bytes('Name,Email\n"Ada,ada@example.test\n'))).toMatchObject({ ok: false, error: expect.stringContaining("could not be read as CSV") });
    expect(parseCandidateCsv(new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x0a]))).toMatchObject({ ok: false, error: expect.stringContaining("UTF-8") });
  });

  it("refuses more than 10,000 rows", () => {
    const many = `Name,Email\n${Array.from({ length: 10_001 }, (_, i) => `P${i},p${i}@example.test`).join("\n")}\n`;
    expect(parseCandidateCsv(bytes(many))).toMatchObject({ ok: false, error: "The file has 10,001 rows: import at most 10,000 at a time" });
    const enough = `Name,Email\n${Array.from({ length: 10_000 }, (_, i) => `P${i},p${i}@example.test`).join("\n")}\n`;
    expect(parseCandidateCsv(bytes(enough))).toMatchObject({ ok: true });
  });
});
