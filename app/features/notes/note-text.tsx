import { Fragment, type ReactNode } from "react";
import { noteSegments } from "~/schemas/note";

/**
 * A note's text as React nodes (decision 098): text stays text, line breaks are kept, http(s)
 * addresses become links that open in a new tab without handing over the page, mentions of the
 * company's members are highlighted with their current name. Nothing the note holds is ever HTML.
 */
export function renderNoteText(body: string, members: ReadonlyMap<string, string>): ReactNode[] {
  return noteSegments(body, members).map((segment, index) => {
    switch (segment.type) {
      case "text":
        return <Fragment key={index}>{segment.text}</Fragment>;
      case "break":
        return <br key={index} />;
      case "link":
        return (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow" className="note-link">
            {segment.text}
          </a>
        );
      case "mention":
        return segment.member ? (
          <span key={index} className="note-mention" data-mention={segment.userId}>
            @{segment.name}
          </span>
        ) : (
          <Fragment key={index}>@{segment.name}</Fragment>
        );
    }
  });
}

export function NoteText({ body, members }: { body: string; members: ReadonlyMap<string, string> }) {
  return <p className="note-text">{renderNoteText(body, members)}</p>;
}
