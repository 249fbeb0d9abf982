import { describe, expect, it } from "vitest";
import { txtUtf16, txtUtf8, windowsExecutable } from "../../../tests/fixtures/documents";
import { readTxt } from "./read-txt.server";
import { TextExtractionError } from "./text-extraction-error.server";

const TEXT = "Zoë Müller — développeuse, 10 ans d’expérience. 日本語も話せます。";

describe("reading a plain-text CV", () => {
  it("reads UTF-8, with or without a byte order mark", () => {
    expect(readTxt(txtUtf8(TEXT))).toBe(TEXT);
    expect(readTxt(txtUtf8(TEXT, { bom: true }))).toBe(TEXT);
  });

  it("reads UTF-16 little and big endian by their byte order mark", () => {
    expect(readTxt(txtUtf16(TEXT, "le"))).toBe(TEXT);
    expect(readTxt(txtUtf16(TEXT, "be"))).toBe(TEXT);
  });

  it("reads a file that is not valid UTF-8 as Windows-1252, as a Windows editor saved it", () => {
    expect(readTxt(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94, 0x20, 0x80]))).toBe("Café “q” €");
  });

  it("refuses binary data (a renamed executable) instead of reading it as text", () => {
    expect(() => readTxt(windowsExecutable())).toThrow(TextExtractionError);
    expect(() => readTxt(windowsExecutable())).toThrow(/binary data/);
  });
});
