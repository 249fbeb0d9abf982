import { idField } from "./id";
import { isCleanMultiLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

/**
 * Notes and their mentions (decision 098). A note is plain text. A mention is written into it as the
 * token `@[Name](userId)`: the id says who is meant, the name is what the writer saw. Pages show the
 * member's current name for a member of the company and the written name, as plain text, for anyone
 * else; the server turns a token naming someone outside the company into plain text before it is
 * stored. Pure functions, shared by the browser (the editor, the note's rendering) and the server.
 */

export const NOTE_MAX = 5000;

/** A note id that names no note of the company (deleted meanwhile, or never one). */
export const NOTE_NOT_FOUND = "That note no longer exists";

const body = z
  .string({ error: "Write a note" })
  .trim()
  .min(1, "Write a note")
  .max(NOTE_MAX, `A note must be at most ${NOTE_MAX.toLocaleString("en")} characters`)
  .refine(isCleanMultiLineText, TEXT_MESSAGES.controlCharacters);

/** "Add note" on an application or a candidate. */
export const AddNoteSchema = z.object({ body });
/** "Save" of a note being edited. */
export const EditNoteSchema = z.object({ noteId: idField(NOTE_NOT_FOUND), body });
/** "Delete note", once confirmed. */
export const DeleteNoteSchema = z.object({ noteId: idField(NOTE_NOT_FOUND) });
export type AddNoteInput = z.infer<typeof AddNoteSchema>;

// ---------------------------------------------------------------------------
// Mentions
// ---------------------------------------------------------------------------

/** `@[Name](id)`: a name without brackets or line breaks, and an id as better-auth makes them. */
const MENTION = /@\[([^\][\r\n]{1,100})\]\(([A-Za-z0-9_-]{1,64})\)/g;

export interface Mention {
  userId: string;
  /** The name as written in the note. */
  name: string;
  start: number;
  end: number;
}

/** A member's name as a mention writes it: without brackets or line breaks, at most 100 characters. */
export function mentionName(name: string): string {
  return name.replace(/[\][\s]+/g, " ").trim().slice(0, 100) || "teammate";
}

/** The token that mentions a member: their name made safe for it, and their id. */
export function mentionToken(name: string, userId: string): string {
  return `@[${mentionName(name)}](${userId})`;
}

/**
 * A note as its editor shows it: each mention as `@Name`, as the note reads, and the mentions it
 * held (name → id), so that `encodeMentions` can write them back when it is saved.
 */
export function mentionsForEditing(body: string): { text: string; picked: Map<string, string> } {
  const picked = new Map<string, string>();
  for (const mention of parseMentions(body)) picked.set(mention.name, mention.userId);
  return { text: noteAsPlainText(body), picked };
}

/**
 * The editor's text as the note stores it: each `@Name` of a teammate picked in the editor (or held
 * by the note before) as their mention token, longest name first, where the name ends there (not
 * "@Ada Lovelaces"). A name edited by hand no longer matches and stays text.
 */
export function encodeMentions(text: string, picked: ReadonlyMap<string, string>): string {
  const names = [...picked.keys()].sort((a, b) => b.length - a.length);
  if (names.length === 0) return text;
  const pattern = new RegExp(`@(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\p{L}\\p{N}_])`, "gu");
  return text.replace(pattern, (_match, name: string) => mentionToken(name, picked.get(name)!));
}

/** Every mention in a note's text, in order. */
export function parseMentions(text: string): Mention[] {
  return [...text.matchAll(MENTION)].map((match) => ({
    name: match[1]!,
    userId: match[2]!,
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The people a note mentions, each once. */
export function mentionedUserIds(text: string): string[] {
  return [...new Set(parseMentions(text).map((mention) => mention.userId))];
}

/** The text with the mentions of anyone `keep` refuses written out as plain `@Name`. */
export function keepMentionsOf(text: string, keep: (userId: string) => boolean): string {
  return text.replace(MENTION, (token, name: string, userId: string) => (keep(userId) ? token : `@${name}`));
}

/** The text as an email shows it: each mention as `@Name` (the current name when `names` knows it). */
export function noteAsPlainText(text: string, names: ReadonlyMap<string, string> = new Map()): string {
  return text.replace(MENTION, (_token, name: string, userId: string) => `@${names.get(userId) ?? name}`);
}

/**
 * What the editor's suggestions look for: an `@` at the start or after a space, followed by up to 30
 * characters without spaces, right before the caret. Answers what was typed after the `@` and where
 * the `@` is, or null when the caret is not in such a word.
 */
export function activeMentionQuery(textBeforeCaret: string): { query: string; at: number } | null {
  const match = /(^|\s)@([^\s@[\]()]{0,30})$/.exec(textBeforeCaret);
  if (!match) return null;
  return { query: match[2]!, at: textBeforeCaret.length - match[2]!.length - 1 };
}

// ---------------------------------------------------------------------------
// Rendering, as data: the page turns these into elements (never HTML)
// ---------------------------------------------------------------------------

export type NoteSegment =
  | { type: "text"; text: string }
  | { type: "break" }
  | { type: "link"; href: string; text: string }
  | { type: "mention"; userId: string; name: string; member: boolean };

/** A web address in text: http:// or https:// and everything up to a space or a quote. */
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** An address as written, without the punctuation that ends the sentence around it. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const last = url.at(-1);
    if (last && ".,;:!?*".includes(last)) url = url.slice(0, -1);
    else if (last === ")" && count(url, "(") < count(url, ")")) url = url.slice(0, -1);
    else if (last === "]" && count(url, "[") < count(url, "]")) url = url.slice(0, -1);
    else return url;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** The address a link may go to: an absolute http(s) URL with a host, or null. */
export function safeLinkHref(text: string): string | null {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

function textSegments(text: string, into: NoteSegment[]) {
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((line, index) => {
    if (index > 0) into.push({ type: "break" });
    let rest = 0;
    for (const match of line.matchAll(URL_CANDIDATE)) {
      const raw = trimUrl(match[0]);
      const href = safeLinkHref(raw);
      if (!href) continue;
      if (match.index > rest) into.push({ type: "text", text: line.slice(rest, match.index) });
      into.push({ type: "link", href, text: raw });
      rest = match.index + raw.length;
    }
    if (rest < line.length) into.push({ type: "text", text: line.slice(rest) });
  });
}

/**
 * A note's text as segments: text, line breaks, http(s) links and mentions. A mention of a member
 * (`members`: id → current name) carries their current name; anyone else's keeps the written name
 * and `member: false`. Every other scheme (javascript:, data:, mailto:) stays text.
 */
export function noteSegments(text: string, members: ReadonlyMap<string, string>): NoteSegment[] {
  const segments: NoteSegment[] = [];
  let rest = 0;
  for (const mention of parseMentions(text)) {
    if (mention.start > rest) textSegments(text.slice(rest, mention.start), segments);
    const current = members.get(mention.userId);
    segments.push({ type: "mention", userId: mention.userId, name: current ?? mention.name, member: current !== undefined });
    rest = mention.end;
  }
  if (rest < text.length) textSegments(text.slice(rest), segments);
  return segments;
}
