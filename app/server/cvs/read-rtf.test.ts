import { describe, expect, it } from "vitest";
import { rtfWithText } from "../../../tests/fixtures/documents";
import { readRtf } from "./read-rtf.server";
import { TextExtractionError } from "./text-extraction-error.server";

const rtf = (source: string) => Buffer.from(source, "latin1");
const textOf = (source: string) => readRtf(rtf(source)).text;

describe("reading an RTF CV", () => {
  it("keeps the paragraphs, with accents written as \\'hh and curly quotes as \\uN?", () => {
    const { text, pages } = readRtf(rtfWithText(["Amélie Dubois", "Développeuse — l’équipe “Front”", "Emoji 😀 and {braces} and back\\slash"], { pages: 2 }));
    expect(text).toBe("Amélie Dubois\nDéveloppeuse — l’équipe “Front”\nEmoji 😀 and {braces} and back\\slash\n");
    expect(pages).toBe(2);
  });

  it("skips the font, colour and style tables, the document properties and every \\* destination", () => {
    const text = textOf(
      "{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}{\\colortbl;\\red255\\green0\\blue0;}{\\stylesheet{\\s1 heading 1;}}" +
        "{\\info{\\author Secret Author}{\\title Secret Title}}{\\*\\generator Secret Writer;}{\\*\\unknowndestination secret}" +
        "{\\pict\\pngblip 89504e47}Visible text\\par}",
    );
    expect(text).toBe("Visible text\n");
  });

  it("keeps a field's result and drops its instruction (a link shows its words, not its address)", () => {
    expect(textOf('{\\rtf1 See {\\field{\\*\\fldinst HYPERLINK "https://example.com/secret"}{\\fldrslt my portfolio}}.}')).toBe("See my portfolio.");
  });

  it("turns \\par and \\line into line breaks and \\tab and table cells into tabs", () => {
    expect(textOf("{\\rtf1 one\\par two\\line three\\tab four\\cell five\\cell\\row six}")).toBe("one\ntwo\nthree\tfour\tfive\t\nsix");
  });

  it("reads the characters that control words and symbols stand for", () => {
    expect(textOf("{\\rtf1 a\\emdash b\\endash c\\bullet d\\~e\\-f\\_g\\lquote h\\rquote\\ldblquote i\\rdblquote}")).toBe(
      "a\u2014b\u2013c\u2022d\u00a0ef\u2011g\u2018h\u2019\u201ci\u201d",
    );
  });

  it("skips as many fallback characters after \\uN as \\ucN says, a hex escape counting as one", () => {
    expect(textOf("{\\rtf1\\uc1 caf\\u233?s \\u8217\\'92s}")).toBe("cafés ’s");
    expect(textOf("{\\rtf1\\uc2 x\\u8364\\'80\\'80y}")).toBe("x€y");
    expect(textOf("{\\rtf1\\uc0 na\\u239 ve}")).toBe("naïve");
    // A group's end stops the skipping.
    expect(textOf("{\\rtf1 {\\uc3 a\\u233}b}")).toBe("aéb");
  });

  it("reads hex escapes in the document's code page, and in a font's own character set", () => {
    expect(textOf("{\\rtf1\\ansi\\ansicpg1252 \\'93Caf\\'e9\\'94 \\'80}")).toBe("“Café” €");
    expect(textOf("{\\rtf1\\ansi\\ansicpg1251 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2}")).toBe("Привет");
    expect(textOf("{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}{\\f1\\fcharset204 Arial Cyr;}}\\f0 caf\\'e9 {\\f1 \\'e4\\'e0}}")).toBe("café да");
    expect(textOf("{\\rtf1\\ansi\\ansicpg932 \\'93\\'fa\\'96\\'7b}")).toBe("日本");
  });

  it("skips \\binN data whole, braces included", () => {
    expect(textOf("{\\rtf1 before {\\pict\\bin6 }{}\\{x} after}")).toBe("before  after");
  });

  it("refuses a file that does not start like RTF, and nesting deeper than any writer goes", () => {
    expect(() => readRtf(Buffer.from("Just text pretending"))).toThrow(TextExtractionError);
    expect(() => textOf(`{\\rtf1 ${"{".repeat(5_000)}deep${"}".repeat(5_000)}}`)).toThrow(/nests its groups too deeply/);
  });
});
