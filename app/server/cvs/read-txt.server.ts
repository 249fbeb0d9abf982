import { decodeWindows1252 } from "./code-pages.server";
import { TextExtractionError } from "./text-extraction-error.server";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The text of a plain-text file: UTF-8 (a byte order mark dropped), UTF-16 little or big endian with
 * its byte order mark, and Windows-1252 when the bytes are not valid UTF-8. A NUL byte outside
 * UTF-16 means a binary file, which is refused rather than read as garbage.
 */
export function readTxt(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (body.includes(0)) throw new TextExtractionError("unreadable", "The file holds binary data, not text.");
  try {
    return utf8.decode(body);
  } catch {
    // What a Windows editor saves as "ANSI" in western Europe.
    return decodeWindows1252(body);
  }
}
