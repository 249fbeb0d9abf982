import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable } from "./data-table";

describe("DataTable", () => {
  it("labels a row's fields for phones from the stylesheet (data-label), not with text a screen reader would read twice", () => {
    const html = renderToStaticMarkup(
      <DataTable
        columns={[{ label: "Name", primary: true }, { label: "Job" }, { label: "Actions", hidden: true }]}
        rows={[{ key: "1", cells: ["Ada Lovelace", "Backend Engineer", "View"] }]}
      />,
    );
    const body = html.slice(html.indexOf("<tbody"));
    expect(body).toContain('<td role="cell" class="data-cell data-cell-field" data-label="Job"><div class="data-cell-value">Backend Engineer</div></td>');
    // The row's title and its actions have no label; no label is text in the row.
    expect(body.match(/data-label=/g)).toHaveLength(1);
    expect(body).not.toMatch(/>Job</);
    // The header row still names every column for assistive technology.
    expect(html).toContain('<th role="columnheader" scope="col" class="px-4 py-3">Job</th>');
    expect(html).toContain('<span class="sr-only">Actions</span>');
  });
});
