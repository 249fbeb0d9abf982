/** The most characters a CV's text keeps unless the caller asks for fewer: about 60 pages of prose. */
export const DEFAULT_MAX_CHARS = 200_000;

/**
 * Fewer letters than this and the document holds no text worth indexing: a scan, an image-only
 * PDF, a page of bullets and dates. Letters, not characters, so that page numbers, dashes and the
 * stray marks of a scanner's text layer do not count.
 */
export const MIN_LETTERS_FOR_TEXT = 20;

// Line breaks of every flavour: CR LF, CR, vertical tab (Word's soft line break in some exports),
// form feed (a page break), NEL, and the Unicode line and paragraph separators.
const LINE_BREAKS = /\r\n|[\r\v\f\u0085\u2028\u2029]/g;
// Control characters (NUL included: PostgreSQL text cannot hold it), the C1 block, byte order marks
// inside the text, soft hyphens and zero-width spaces and joiners: none of them is visible text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u00ad\u200b-\u200d\u2060\ufeff]/g;
// A surrogate without its pair cannot be stored as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Tabs and every Unicode space (no-break, thin, ideographic) become one plain space.
const SPACES = /[\t\p{Zs}]+/gu;
const LETTER = /\p{L}/gu;

/**
 * One text for storage, the search index and the preview, whatever the format gave: line breaks as
 * `\n`, runs of spaces collapsed, lines trimmed, at most one blank line between paragraphs, no
 * control characters, and at most `maxChars` characters (cut between two characters, never inside a
 * surrogate pair).
 */
export function normalizeText(raw: string, maxChars = DEFAULT_MAX_CHARS): string {
  // Work on a bounded slice: a format can yield far more than we keep. The rules below only shrink
  // the text, and four times the cap fills it unless the text is mostly spaces and blank lines.
  const bounded = raw.length > maxChars * 4 ? raw.slice(0, maxChars * 4) : raw;
  const text = bounded
    .replace(LINE_BREAKS, "\n")
    .replace(INVISIBLE, "")
    .replace(LONE_SURROGATE, "")
    .replace(SPACES, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return capChars(text, maxChars);
}

function capChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const end = /[\ud800-\udbff]/.test(text[maxChars - 1] ?? "") ? maxChars - 1 : maxChars;
  return text.slice(0, end).trimEnd();
}

/** Whether a normalised text has enough letters to count as text (see `MIN_LETTERS_FOR_TEXT`). */
export function hasEnoughLetters(text: string): boolean {
  let letters = 0;
  for (const _ of text.matchAll(LETTER)) {
    letters += 1;
    if (letters >= MIN_LETTERS_FOR_TEXT) return true;
  }
  return false;
}
