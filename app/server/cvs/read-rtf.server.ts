import { decodeCodePage } from "./code-pages.server";
import { TextExtractionError } from "./text-extraction-error.server";

/**
 * A small RTF reader that keeps the text and drops the rest. No npm package does this well and is
 * kept up (the RTF parsers there are unmaintained or render to HTML), and RTF's text rules fit in a
 * page: control words, groups, destinations to skip, hex and Unicode escapes.
 */

// Destinations whose content is not the document's text: tables of fonts, colours, styles and lists,
// document properties, pictures and embedded objects, field instructions (a link's address; the
// field's result is kept), bookmarks, index entries and comments. Headers, footers and footnotes are
// kept: a CV's header often holds the name and contact details. Any group opened with `\*` is skipped.
const SKIPPED_DESTINATIONS = new Set([
  "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "objdata", "listtable",
  "listoverridetable", "revtbl", "rsidtbl", "generator", "xmlnstbl", "themedata", "colorschememapping",
  "datastore", "latentstyles", "filetbl", "fldinst", "bkmkstart", "bkmkend", "xe", "tc", "shpinst",
  "nonshppict", "annotation", "atnid", "atnauthor", "private", "pgdsctbl", "mmathPr", "template",
]);

// Control words that stand for characters or for the structure of the text.
const CONTROL_WORD_TEXT: Readonly<Record<string, string>> = {
  par: "\n", line: "\n", sect: "\n\n", page: "\n", row: "\n", cell: "\t", tab: "\t",
  emdash: "\u2014", endash: "\u2013", bullet: "\u2022", emspace: " ", enspace: " ", qmspace: " ",
  lquote: "\u2018", rquote: "\u2019", ldblquote: "\u201c", rdblquote: "\u201d",
};
const CONTROL_SYMBOL_TEXT: Readonly<Record<string, string>> = {
  "\\": "\\", "{": "{", "}": "}", "~": "\u00a0", _: "\u2011", "-": "", "\n": "\n", "\r": "\n",
};

// \fcharsetN → Windows code page, for hex escapes written in a font's own character set.
const CHARSET_CODE_PAGES: Readonly<Record<number, number>> = {
  77: 10000, 128: 932, 129: 949, 134: 936, 136: 950, 161: 1253, 162: 1254, 163: 1258, 177: 1255,
  178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250,
};
const DEFAULT_CODE_PAGE = 1252;
// Deeper nesting than any writer produces: a file that goes further is built to hurt.
const MAX_GROUP_DEPTH = 2_000;

type Group = {
  /** Inside a destination that is not text: keep reading control words, write nothing. */
  skip: boolean;
  /** How many fallback characters follow a `\uN` (`\ucN`). */
  unicodeFallback: number;
  /** The font in use (`\fN`), for its character set. */
  font: number | null;
  /** No token read in this group yet: a destination word may still come. */
  atStart: boolean;
  /** The group opened with `\*`: skip it whatever its destination. */
  ignorable: boolean;
  inFontTable: boolean;
};

export type RtfText = { text: string; pages: number | null };

/** The text of an RTF document, and its page count when the writer recorded one (`\nofpagesN`). */
export function readRtf(bytes: Uint8Array): RtfText {
  // RTF is 7-bit ASCII with escapes; a stray 8-bit byte is read in the document's code page below.
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (!/^\s*\{\\rtf/.test(source.slice(0, 64))) {
    throw new TextExtractionError("unreadable", "The file does not start like an RTF document.");
  }

  const out: string[] = [];
  let documentCodePage = DEFAULT_CODE_PAGE;
  const fontCodePages = new Map<number, number>();
  let fontBeingDefined: number | null = null;
  let pages: number | null = null;
  let pendingBytes: number[] = [];
  let fallbackToSkip = 0;

  let group: Group = { skip: false, unicodeFallback: 1, font: null, atStart: true, ignorable: false, inFontTable: false };
  const stack: Group[] = [];

  const codePageOf = (state: Group) =>
    (state.font !== null ? fontCodePages.get(state.font) : undefined) ?? documentCodePage;
  const flushBytes = () => {
    if (pendingBytes.length === 0) return;
    if (!group.skip) out.push(decodeCodePage(Uint8Array.from(pendingBytes), codePageOf(group)));
    pendingBytes = [];
  };
  const write = (text: string) => {
    flushBytes();
    if (!group.skip) out.push(text);
  };

  let i = 0;
  const length = source.length;
  while (i < length) {
    const char = source[i]!;

    if (char === "{" || char === "}") {
      flushBytes();
      fallbackToSkip = 0;
      if (char === "{") {
        if (stack.length >= MAX_GROUP_DEPTH) throw new TextExtractionError("refused", "The RTF nests its groups too deeply.");
        stack.push(group);
        group = { ...group, atStart: true, ignorable: false };
      } else {
        group = stack.pop() ?? group;
      }
      i += 1;
      continue;
    }

    if (char === "\\") {
      const next = source[i + 1] ?? "";
      if (/[a-zA-Z]/.test(next)) {
        const match = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(source.slice(i + 1, i + 48))!;
        i += 1 + match[0].length;
        const word = match[1]!;
        const parameter = match[2] === undefined ? null : Number(match[2]);

        if (word === "bin") {
          // Raw binary data of the given length follows: skip it whole, braces and all.
          flushBytes();
          i += Math.max(0, parameter ?? 0);
          continue;
        }

        const wasAtStart = group.atStart;
        group.atStart = false;
        if (wasAtStart && (group.ignorable || SKIPPED_DESTINATIONS.has(word))) {
          flushBytes();
          group.skip = true;
          group.inFontTable = word === "fonttbl";
        }
        if (fallbackToSkip > 0) {
          fallbackToSkip -= 1;
          continue;
        }

        switch (word) {
          case "ansicpg":
            if (parameter !== null) documentCodePage = parameter;
            continue;
          case "mac":
            documentCodePage = 10000;
            continue;
          case "pc":
            documentCodePage = 437;
            continue;
          case "pca":
            documentCodePage = 850;
            continue;
          case "f":
            if (group.inFontTable) fontBeingDefined = parameter;
            else {
              flushBytes();
              group.font = parameter;
            }
            continue;
          case "fcharset": {
            const codePage = parameter === null ? undefined : CHARSET_CODE_PAGES[parameter];
            if (group.inFontTable && fontBeingDefined !== null && codePage !== undefined) fontCodePages.set(fontBeingDefined, codePage);
            continue;
          }
          case "uc":
            group.unicodeFallback = Math.max(0, parameter ?? 1);
            continue;
          case "u":
            if (parameter !== null) write(String.fromCharCode(parameter < 0 ? parameter + 65536 : parameter));
            fallbackToSkip = group.unicodeFallback;
            continue;
          case "nofpages":
            if (parameter !== null && parameter > 0) pages = parameter;
            continue;
        }
        const text = CONTROL_WORD_TEXT[word];
        if (text !== undefined) write(text);
        continue;
      }

      if (next === "'") {
        const hex = source.slice(i + 2, i + 4);
        i += 4;
        group.atStart = false;
        if (fallbackToSkip > 0) {
          fallbackToSkip -= 1;
          continue;
        }
        if (/^[0-9a-fA-F]{2}$/.test(hex) && !group.skip) pendingBytes.push(Number.parseInt(hex, 16));
        continue;
      }

      // A control symbol: `\*` marks an ignorable destination, the others stand for a character.
      i += 2;
      if (next === "*") {
        if (group.atStart) group.ignorable = true;
        continue;
      }
      group.atStart = false;
      if (fallbackToSkip > 0) {
        fallbackToSkip -= 1;
        continue;
      }
      const symbol = CONTROL_SYMBOL_TEXT[next];
      if (symbol !== undefined) write(symbol);
      continue;
    }

    i += 1;
    // Line breaks in the source are formatting of the file, not of the text.
    if (char === "\n" || char === "\r") continue;
    group.atStart = false;
    if (fallbackToSkip > 0) {
      fallbackToSkip -= 1;
      continue;
    }
    if (group.skip) continue;
    const code = char.charCodeAt(0);
    if (code >= 0x80) pendingBytes.push(code);
    else write(char);
  }
  flushBytes();
  return { text: out.join(""), pages };
}
