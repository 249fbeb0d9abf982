import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * A job's description and requirements are Markdown (decision 107): headings, lists, links,
 * emphasis, quotes and code. They are rendered here, on the server, and sanitised, so the job page,
 * the staff preview, the JSON-LD (and, later, the feeds and the API) carry the same HTML. A single
 * line break is kept as a break (GitHub's "breaks"), so text written before Markdown reads as it
 * was typed; "- " lines become lists.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** Staff text is not trusted: only these tags survive, with these attributes. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h3", "h4", "ul", "ol", "li", "strong", "em", "del", "a", "blockquote", "code", "pre", "hr"],
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  // The page's own headings are h1 (the title) and h2 (Description, Requirements): the text's
  // headings sit below them.
  transformTags: {
    h1: "h3",
    h2: "h3",
    h3: "h4",
    h4: "h4",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow noopener noreferrer ugc" } }),
  },
  // Images would let a posting track its readers; raw HTML's other tags are dropped with their text
  // where the text is code (script, style), kept as text elsewhere.
  disallowedTagsMode: "discard",
};

/** A job's Markdown as sanitised HTML. */
export function jobTextHtml(text: string): string {
  return sanitizeHtml(markdown.parse(text) as string, SANITIZE);
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/**
 * The plain text of a job's Markdown, whitespace collapsed, cut at a word near `length` characters
 * with an ellipsis: the board's cards and the page's meta description. Only the first part of
 * the text is rendered, since that is all that can show.
 */
export function jobTextExcerpt(text: string, length: number): string {
  const head = text.length > length * 4 ? text.slice(0, length * 4) : text;
  // Every tag goes; a block's end (a heading, a list item, a line) ends a sentence, so the words
  // read as sentences rather than run together. Entities the sanitiser wrote are read back.
  const html = (markdown.parse(head) as string).replace(/<\/(?:p|h\d|li|blockquote|pre)>|<br\s*\/?>/g, "\n\n");
  const plain = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((block) => (/[.!?:;,…]$/.test(block) ? block : `${block}.`))
    .join(" ");
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/**
 * A job's whole text as one HTML document: the description, then the requirements under their
 * heading. The JSON-LD, the feeds and the API carry it.
 */
export function jobPostingHtml(job: { description: string; requirements: string | null }): string {
  return postingHtmlOf(jobTextHtml(job.description), job.requirements ? jobTextHtml(job.requirements) : null);
}

/** `jobPostingHtml` from parts already rendered (the job page has them). */
export function postingHtmlOf(descriptionHtml: string, requirementsHtml: string | null): string {
  return requirementsHtml ? `${descriptionHtml}<h3>Requirements</h3>${requirementsHtml}` : descriptionHtml;
}
