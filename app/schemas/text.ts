/**
 * Rules for free text that people type, shared by every form schema.
 *
 * Single-line fields (names, titles, subjects, labels) refuse line breaks and every other control
 * character: a name with a line break could forge lines in a log or a mail header, and no honest
 * name holds one. Multi-line fields (descriptions, cover letters, template bodies) keep tab, line
 * feed and carriage return and refuse the other control characters, NUL above all (PostgreSQL
 * cannot store it in text).
 *
 * Plain predicates without zod, so the newsletter form of the marketing pages can use them too.
 */

/* eslint-disable no-control-regex -- these patterns exist to find control characters */

/** C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators. */
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
/** The same without tab, line feed and carriage return. */
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

export const TEXT_MESSAGES = {
  singleLine: "Please keep this on one line, without control characters",
  controlCharacters: "Please remove control characters",
} as const;

export function isSingleLineText(value: string): boolean {
  return !LINE_BREAK_OR_CONTROL.test(value);
}

export function isCleanMultiLineText(value: string): boolean {
  return !CONTROL_EXCEPT_WHITESPACE.test(value);
}

/** Makes one line of untrusted text safe to print in a log: control characters are escaped. */
export function escapeForLog(value: string): string {
  return value.replace(
    /[\u0000-\u001F\u007F-\u009F\u2028\u2029\\]/gu,
    (char) => (char === "\\" ? "\\\\" : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
}
