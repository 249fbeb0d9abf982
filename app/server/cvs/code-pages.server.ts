// Windows code page → WHATWG encoding label (what TextDecoder knows).
const CODE_PAGE_LABELS: Readonly<Record<number, string>> = {
  866: "ibm866", 874: "windows-874", 932: "shift_jis", 936: "gbk", 949: "euc-kr", 950: "big5",
  1250: "windows-1250", 1251: "windows-1251", 1253: "windows-1253", 1254: "windows-1254",
  1255: "windows-1255", 1256: "windows-1256", 1257: "windows-1257", 1258: "windows-1258", 10000: "macintosh",
};

// Windows-1252's characters at 0x80–0x9F, where it differs from Latin-1. Node 20's TextDecoder
// reads "windows-1252" as Latin-1 and turns curly quotes and the euro sign into control characters,
// so this one code page is decoded here. (0x81, 0x8D, 0x8F, 0x90 and 0x9D are unassigned and stay
// as they are, as the WHATWG decoder keeps them.)
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Windows-1252, the "ANSI" of western European Windows and the default of RTF. */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(...Array.from(chunk, (byte) => (byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! : byte)));
  }
  return text;
}

const decoders = new Map<number, TextDecoder>();

/** Bytes in a Windows code page (RTF's `\ansicpgN`, a font's `\fcharsetN`); Windows-1252 for one TextDecoder does not know. */
export function decodeCodePage(bytes: Uint8Array, codePage: number): string {
  const label = CODE_PAGE_LABELS[codePage];
  if (!label) return decodeWindows1252(bytes);
  let decoder = decoders.get(codePage);
  if (!decoder) {
    decoder = new TextDecoder(label);
    decoders.set(codePage, decoder);
  }
  return decoder.decode(bytes);
}
