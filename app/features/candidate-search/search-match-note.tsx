import { Fragment } from "react";
import { type SearchMatch, SNIPPET_MARK_END, SNIPPET_MARK_START } from "~/schemas/candidate-search";

const WHERE: Record<SearchMatch, string> = {
  names: "Matched name, email or phone",
  tags: "Matched a tag",
  text: "Matched in CV or answers",
};

/**
 * Why a search found a candidate (decision 086): where it matched and, for a match in what they
 * wrote, the passage with the search's terms marked. The passage is candidate text: it is split
 * on the marker characters and rendered as text, the terms in <mark>, never as HTML.
 */
export function SearchMatchNote({ match, snippet }: { match: SearchMatch; snippet: string | null }) {
  return (
    <div className="mt-1 text-xs text-slate-600">
      <p className="font-medium text-slate-500">{WHERE[match]}</p>
      {snippet ? <p className="mt-0.5 line-clamp-3 max-w-prose break-words">{markedParts(snippet)}</p> : null}
    </div>
  );
}

function markedParts(snippet: string) {
  return snippet.split(SNIPPET_MARK_START).map((part, index) => {
    if (index === 0) return <Fragment key={index}>{part}</Fragment>;
    const [marked = "", ...rest] = part.split(SNIPPET_MARK_END);
    return (
      <Fragment key={index}>
        <mark className="rounded bg-amber-100 px-0.5 text-slate-900">{marked}</mark>
        {rest.join("")}
      </Fragment>
    );
  });
}
