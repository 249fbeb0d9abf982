import { describe, expect, it } from "vitest";
import { hasEnoughLetters, MIN_LETTERS_FOR_TEXT, normalizeText } from "./normalize-text.server";

describe("normalizing an extracted text", () => {
  it("writes every kind of line break as \\n, collapses spaces and trims each line", () => {
    expect(normalizeText("Jane  Doe \r\nSenior\tEngineer\rParis\u2028Lyon\u000cPage two\u000bsoft break")).toBe(
      "Jane Doe\nSenior Engineer\nParis\nLyon\nPage two\nsoft break",
    );
  });

  it("turns no-break, thin and ideographic spaces into plain spaces", () => {
    expect(normalizeText("10\u00a0000\u2009€ —\u3000done")).toBe("10 000 € — done");
  });

  it("keeps a paragraph break as one blank line, however many there were", () => {
    expect(normalizeText("Experience\n\n\n\n  \n\nEducation\n\nSkills")).toBe("Experience\n\nEducation\n\nSkills");
  });

  it("drops NUL, control characters, soft hyphens, zero-width characters and byte order marks", () => {
    expect(normalizeText("\ufeffPro\u0000ject\u0007 man\u00adage\u200bment\u0085next\u009b")).toBe("Project management\nnext");
  });

  it("drops a surrogate without its pair and keeps pairs", () => {
    expect(normalizeText("ok \ud83d\ude00 broken \ud83d end \ude00")).toBe("ok \ud83d\ude00 broken end");
  });

  it("keeps at most maxChars characters, never cutting a surrogate pair in two", () => {
    expect(normalizeText("abcdefghij", 4)).toBe("abcd");
    expect(normalizeText("abc\ud83d\ude00def", 4)).toBe("abc");
    expect(normalizeText("word ".repeat(100_000), 1_000)).toHaveLength(999);
  });
});

describe("telling text from no text", () => {
  it(`needs ${MIN_LETTERS_FOR_TEXT} letters, in any script; digits and punctuation do not count`, () => {
    expect(hasEnoughLetters("a".repeat(MIN_LETTERS_FOR_TEXT))).toBe(true);
    expect(hasEnoughLetters("a".repeat(MIN_LETTERS_FOR_TEXT - 1))).toBe(false);
    expect(hasEnoughLetters("1 2 3 — 4 5 6 • 7 8 9 | 10 11 12 ... 2024-2025")).toBe(false);
    expect(hasEnoughLetters("Программист, опыт пять лет")).toBe(true);
    expect(hasEnoughLetters("ソフトウェアエンジニアとして十年以上の経験があります")).toBe(true);
  });
});
