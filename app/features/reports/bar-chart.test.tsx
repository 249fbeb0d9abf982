import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "./bar-chart";

/** The value cell of each bar: what the number column shows. */
const valuesOf = (html: string) => [...html.matchAll(/<span class="report-bar-value">(.*?)<\/span><\/a>/g)].map((match) => match[1]);

describe("BarChart", () => {
  it("puts a note after its number, or on a line of its own under it where the chart asks (the Sources panel's hires)", () => {
    const bars = [{ label: "Job board", value: 299_997, href: "/applications?source=job_board", note: "15,000 hired" }];
    // Inline, as the funnel's shares are: "349,471 (70%)" fits the value column.
    expect(valuesOf(renderToStaticMarkup(<BarChart bars={bars} caption="Sources" />))).toEqual([
      '299,997<span class="text-slate-500"> 15,000 hired</span>',
    ]);
    // Under it: "299,997 · 15,000 hired" on one line ran past the card's edge at desktop and phone width.
    expect(valuesOf(renderToStaticMarkup(<BarChart bars={bars} caption="Sources" notesBelow />))).toEqual([
      '299,997<span class="block text-xs text-slate-500"> 15,000 hired</span>',
    ]);
  });
});
