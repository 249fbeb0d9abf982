import { describe, expect, it } from "vitest";
import {
  activeMentionQuery,
  AddNoteSchema,
  encodeMentions,
  keepMentionsOf,
  mentionedUserIds,
  mentionsForEditing,
  mentionToken,
  noteAsPlainText,
  noteSegments,
  parseMentions,
} from "./note";

const ADA = "u1Ada";
const members = new Map([[ADA, "Ada Lovelace"]]);

describe("mentions", () => {
  it("are read from their tokens, each person once", () => {
    const text = `Hi ${mentionToken("Ada Lovelace", ADA)} and @[Bob](u2Bob), ${mentionToken("Ada", ADA)} again`;
    expect(parseMentions(text).map((m) => [m.name, m.userId])).toEqual([
      ["Ada Lovelace", ADA],
      ["Bob", "u2Bob"],
      ["Ada", ADA],
    ]);
    expect(mentionedUserIds(text)).toEqual([ADA, "u2Bob"]);
  });

  it("make a token of any name, without the brackets or line breaks that would end it", () => {
    expect(mentionToken("Ana ]evil[ \n (HR)", "x1")).toBe("@[Ana evil (HR)](x1)");
    expect(parseMentions(mentionToken("Ana ]evil[", "x1"))).toHaveLength(1);
  });

  it("leave plain @names, emails and malformed tokens alone", () => {
    expect(parseMentions("mail ada@example.test or @Ada or @[Ada](bad id) or @[](x)")).toEqual([]);
  });

  it("of people refused become plain text", () => {
    expect(keepMentionsOf(`${mentionToken("Ada", ADA)} ${mentionToken("Eve", "evil")}`, (id) => id === ADA)).toBe(`${mentionToken("Ada", ADA)} @Eve`);
  });

  it("read as @Name in an email, with the current name when known", () => {
    expect(noteAsPlainText(`${mentionToken("Ada L", ADA)} / ${mentionToken("Gone", "x")}`, members)).toBe("@Ada Lovelace / @Gone");
  });

  it("are suggested while the caret is right after an @word", () => {
    expect(activeMentionQuery("Hello @ad")).toEqual({ query: "ad", at: 6 });
    expect(activeMentionQuery("@")).toEqual({ query: "", at: 0 });
    expect(activeMentionQuery("line\n@b")).toEqual({ query: "b", at: 5 });
    expect(activeMentionQuery("mail ada@exa")).toBeNull();
    expect(activeMentionQuery("@ada lovelace")).toBeNull();
  });
});

describe("noteSegments", () => {
  it("keeps line breaks and turns http(s) addresses into links, without the sentence's punctuation", () => {
    expect(noteSegments("See https://example.com/a?b=1.\nAnd (http://x.test/p_(1)).", new Map())).toEqual([
      { type: "text", text: "See " },
      { type: "link", href: "https://example.com/a?b=1", text: "https://example.com/a?b=1" },
      { type: "text", text: "." },
      { type: "break" },
      { type: "text", text: "And (" },
      { type: "link", href: "http://x.test/p_(1)", text: "http://x.test/p_(1)" },
      { type: "text", text: ")." },
    ]);
  });

  it("never links another scheme", () => {
    for (const text of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "mailto:a@b.test", "//evil.test", "https://"]) {
      expect(noteSegments(text, new Map()).every((segment) => segment.type === "text"), text).toBe(true);
    }
    // A web address hiding a script after it is still only the web address.
    expect(noteSegments("https://ok.test\"onclick=x", new Map())[0]).toEqual({ type: "link", href: "https://ok.test/", text: "https://ok.test" });
  });

  it("names a member by their current name, and anyone else by the written one, unhighlighted", () => {
    expect(noteSegments(`${mentionToken("Ada L", ADA)}: ${mentionToken("Gone", "gone1")}`, members)).toEqual([
      { type: "mention", userId: ADA, name: "Ada Lovelace", member: true },
      { type: "text", text: ": " },
      { type: "mention", userId: "gone1", name: "Gone", member: false },
    ]);
  });
});

describe("AddNoteSchema", () => {
  it("wants 1 to 5,000 characters without control characters", () => {
    expect(AddNoteSchema.safeParse({ body: "  \n " }).error?.issues[0]?.message).toBe("Write a note");
    expect(AddNoteSchema.safeParse({ body: "x".repeat(5001) }).error?.issues[0]?.message).toBe("A note must be at most 5,000 characters");
    expect(AddNoteSchema.safeParse({ body: "a\u0000b" }).success).toBe(false);
    expect(AddNoteSchema.parse({ body: " line 1\nline 2 " })).toEqual({ body: "line 1\nline 2" });
  });
});

describe("the editor's text", () => {
  it("shows each mention as @Name and writes it back as its token when saved", () => {
    const body = `Ask ${mentionToken("Ada Lovelace", ADA)} and @[Bob](u2Bob) about it.\nThanks @Ada`;
    const { text, picked } = mentionsForEditing(body);
    expect(text).toBe("Ask @Ada Lovelace and @Bob about it.\nThanks @Ada");
    expect([...picked]).toEqual([
      ["Ada Lovelace", ADA],
      ["Bob", "u2Bob"],
    ]);
    // A plain "@Ada" was never a mention, and stays text.
    expect(encodeMentions(text, picked)).toBe(body);
  });

  it("matches the longest name, only where the name ends, and leaves a name edited by hand as text", () => {
    const picked = new Map([
      ["Ann", "u3Ann"],
      ["Ann Lee", "u4AnnLee"],
    ]);
    expect(encodeMentions("@Ann Lee, @Ann. @Annabel @Ann Le", picked)).toBe("@[Ann Lee](u4AnnLee), @[Ann](u3Ann). @Annabel @[Ann](u3Ann) Le");
    expect(encodeMentions("@Ann+ (x)", new Map([["Ann+", "u5"]]))).toBe("@[Ann+](u5) (x)");
    expect(encodeMentions("no mentions", new Map())).toBe("no mentions");
  });
});
