import { Marked, type Token, type Tokens } from "marked";
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
/** The entities the sanitiser writes, read back. */
const decodeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The plain text of a job's Markdown, whitespace collapsed, cut at a word near `length` characters
 * with an ellipsis: the board's cards and the page's meta description. Only the first part of
 * the text is read, since that is all that can show. Each block (a paragraph, heading, list item,
 * quote, code block, line) reads as a sentence, so the words do not run together.
 *
 * The words come from the Markdown's tokens (`markdownBlocks`) where the text is plain Markdown;
 * raw HTML, entities and the rarer constructs go through the rendered and sanitised HTML
 * (`htmlBlocks`), which gives the same words. Rendering and sanitising every card's text was a tenth
 * of a board page's server time (decision 147).
 */
export function jobTextExcerpt(text: string, length: number): string {
  const head = text.length > length * 4 ? text.slice(0, length * 4) : text;
  const plain = (markdownBlocks(head) ?? htmlBlocks(head))
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
 * The Markdown's words as rendered HTML gives them: every tag goes, and a block's end (a heading, a
 * list item, a line) becomes a blank line. Entities the sanitiser wrote are read back.
 */
export function htmlBlocks(head: string): string {
  const html = (markdown.parse(head) as string).replace(/<\/(?:p|h\d|li|blockquote|pre)>|<br\s*\/?>/g, "\n\n");
  return decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }));
}

/** Thrown inside `markdownBlocks` for what only the HTML path reads as the page shows it. */
const NEEDS_HTML = Symbol("needs the HTML path");

/**
 * The Markdown's words from its tokens, with a blank line where `htmlBlocks` has one, or null when
 * the text holds what only the HTML path reads right: raw HTML (whose tags, and a script's or a
 * style's text, must go), an entity, a table, a nested list or a task list (whose rendered markup
 * puts blank lines of its own between the words).
 */
export function markdownBlocks(head: string): string | null {
  const out: string[] = [];
  const words = (text: string) => {
    if (/&#?[a-z0-9]+;/i.test(text)) throw NEEDS_HTML;
    out.push(text);
  };
  const walk = (tokens: readonly Token[] | undefined) => {
    for (const token of tokens ?? []) {
      switch (token.type) {
        case "space":
        case "hr":
        case "def":
        case "image":
          break;
        case "heading":
        case "paragraph":
        case "blockquote":
          walk(token.tokens);
          out.push("\n\n");
          break;
        case "text":
          if (token.tokens) walk(token.tokens);
          else words(token.text);
          break;
        case "strong":
        case "em":
        case "del":
        case "link":
          walk(token.tokens);
          break;
        case "codespan":
        case "escape":
          // Their text is as written: "\\<" is "<", and an entity in a code span is shown as typed.
          words(token.text);
          break;
        case "code":
          words(token.text);
          out.push("\n\n");
          break;
        case "br":
          out.push("\n\n");
          break;
        case "list":
          for (const item of (token as Tokens.List).items) {
            if (item.task || item.tokens.some((inner) => inner.type === "list")) throw NEEDS_HTML;
            walk(item.tokens);
            out.push("\n\n");
          }
          break;
        default:
          throw NEEDS_HTML;
      }
    }
  };
  try {
    walk(markdown.lexer(head));
  } catch (error) {
    if (error === NEEDS_HTML) return null;
    throw error;
  }
  return out.join("");
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
