import { describe, expect, it } from "vitest";
import { htmlBlocks, jobTextExcerpt, jobTextHtml, markdownBlocks } from "./job-text.server";

describe("jobTextHtml", () => {
  it("turns the Markdown staff write into the page's HTML: lists, headings below the page's, emphasis and links", () => {
    const html = jobTextHtml("# About us\nWe build **tools** for *teams*.\n\n## You will\n- ship features\n- review code\n\n1. first\n2. second\n\nSee [our site](https://acme.test).");
    expect(html).toContain("<h3>About us</h3>");
    expect(html).toContain("<h3>You will</h3>");
    expect(html).toContain("<ul>\n<li>ship features</li>\n<li>review code</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>first</li>\n<li>second</li>\n</ol>");
    expect(html).toContain("<strong>tools</strong> for <em>teams</em>");
    expect(html).toContain('<a href="https://acme.test" rel="nofollow noopener noreferrer ugc">our site</a>');
  });

  it("keeps text written before Markdown as it was typed: a line break stays a break, and '- ' lines are a list", () => {
    expect(jobTextHtml("Line one\nLine two")).toBe("<p>Line one<br />Line two</p>\n");
    expect(jobTextHtml("We offer:\n\n- health\n- equity")).toBe("<p>We offer:</p>\n<ul>\n<li>health</li>\n<li>equity</li>\n</ul>\n");
  });

  it("drops scripts, handlers, styles, images and unsafe links from staff text", () => {
    const html = jobTextHtml(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <b onclick="x()">bold</b> <span style="color:red">red</span> [click](javascript:alert(3)) <iframe src="https://evil.test"></iframe>',
    );
    expect(html).not.toMatch(/<script|alert\(1\)|<img|onerror|onclick|style=|href="javascript:|<iframe|<span|<b>/i);
    expect(html).toContain("bold");
    expect(html).toContain("red");
  });

  it("keeps mailto links and refuses protocol-relative ones", () => {
    expect(jobTextHtml("[mail](mailto:jobs@acme.test)")).toContain('href="mailto:jobs@acme.test"');
    expect(jobTextHtml("[x](//evil.test/a)")).not.toContain("evil.test");
  });
});

describe("jobTextExcerpt", () => {
  it("reads the Markdown as plain words, each block a sentence, entities read back", () => {
    expect(jobTextExcerpt("## Role\nBuild **R&D** tools for 2 < 3 teams.\n\n- one\n- two", 200)).toBe("Role. Build R&D tools for 2 < 3 teams. one. two.");
  });

  it("cuts at a word with an ellipsis", () => {
    const text = "word ".repeat(100);
    const excerpt = jobTextExcerpt(text, 42);
    expect(excerpt.length).toBeLessThanOrEqual(43);
    expect(excerpt.endsWith("word…")).toBe(true);
  });

  /** A text's blocks as the excerpt reads them: each one's words, whitespace collapsed. */
  const blocksOf = (text: string) =>
    text
      .split(/\n\s*\n/)
      .map((block) => block.replace(/\s+/g, " ").trim())
      .filter(Boolean);

  it("reads plain Markdown from its tokens, block for block as the rendered and sanitised HTML reads (decision 147)", () => {
    const samples = [
      "## Role\nBuild **R&D** tools for 2 < 3 teams.\nA second line, and a third.\n\n- one\n- two *em* and ~~gone~~",
      "# Title\n\nSetext heading\n---\n\nText with a [link](https://example.com) and ![a picture](https://example.com/a.png).",
      "> A quote\n> over two lines\n\n> Another, with **bold**",
      "```\ncode a\n\ncode b\n```\n\nAfter `a < b` and \\* and \\<tag\\>.",
      "1. First\n2. Second\n\n* loose one\n\n* loose two\n\n***\n\nLast words  \nafter a hard break.",
      "[ref]: https://example.com\n\nText [with a reference][ref].\n    indented code\n",
      "Plain text written before Markdown\nwith - dashes, 50% \"quotes\" & 'apostrophes'.",
      "Escaped \\< and \\& and `a < b & c` in code.",
    ];
    for (const sample of samples) {
      const tokens = markdownBlocks(sample);
      expect(tokens, sample).not.toBeNull();
      expect(blocksOf(tokens!), sample).toEqual(blocksOf(htmlBlocks(sample)));
    }
  });

  it("reads raw HTML, entities, tables, nested lists and task lists through the sanitised HTML", () => {
    const samples = [
      "Intro <script>alert(1)</script> and <b>bold</b>.",
      "<div>\n<p>Block of HTML</p>\n</div>",
      "Fish &amp; chips &copy; 2026",
      "An entity typed in code: `&amp;`",
      "| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter.",
      "- one\n  - nested\n- two",
      "- [x] done\n- [ ] to do",
    ];
    for (const sample of samples) expect(markdownBlocks(sample), sample).toBeNull();
    expect(jobTextExcerpt("Intro <script>alert(1)</script> and <b>bold</b>.", 200)).toBe("Intro and bold.");
    expect(jobTextExcerpt("Fish &amp; chips &copy; 2026", 200)).toBe("Fish & chips © 2026.");
  });
});

