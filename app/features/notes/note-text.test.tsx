import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { mentionToken } from "~/schemas/note";
import { NoteText } from "./note-text";

const html = (body: string, members = new Map<string, string>()) => renderToStaticMarkup(<NoteText body={body} members={members} />);

describe("NoteText", () => {
  it("shows HTML in a note as text", () => {
    const out = html('<img src=x onerror="alert(1)"><script>alert(2)</script>');
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<script");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;");
  });

  it("keeps line breaks", () => {
    expect(html("one\ntwo\r\nthree")).toContain("one<br/>two<br/>three");
  });

  it("links web addresses into a new tab without the opener or a referrer, and never javascript:", () => {
    const out = html("Portfolio: https://ada.example/work and javascript:alert(1)");
    expect(out).toContain('<a href="https://ada.example/work" target="_blank" rel="noopener noreferrer nofollow"');
    expect(out).toContain(">https://ada.example/work</a> and javascript:alert(1)</p>");
    expect(out.match(/<a /g)).toHaveLength(1);
  });

  it("highlights a member's mention with their current name and shows a stranger's as text", () => {
    const out = html(`${mentionToken("Ada", "u1")} and ${mentionToken("<b>Eve</b>", "u9")}`, new Map([["u1", "Ada Lovelace"]]));
    expect(out).toContain('data-mention="u1">@Ada Lovelace</span>');
    expect(out).toContain(" and @&lt;b&gt;Eve&lt;/b&gt;</p>");
    expect(out).not.toContain('data-mention="u9"');
  });
});
