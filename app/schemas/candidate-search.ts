/**
 * The marks around a search's terms in a result's passage (decision 086): control characters that
 * stored text never holds (extraction and the forms drop them), so the page can split the passage
 * on them and render the terms as <mark> without any HTML coming from the database.
 */
export const SNIPPET_MARK_START = "\u0002";
export const SNIPPET_MARK_END = "\u0003";

/** Where a search found a candidate, best first: who they are, their tags, what they wrote. */
export type SearchMatch = "names" | "tags" | "text";
